import net from "node:net"
import nock from "nock"
import { PiastrixClient } from "../client"
import {
  PiastrixApiError,
  PiastrixNetworkError,
  PiastrixOutcomeUnknownError,
  PiastrixResponseError,
  PiastrixValidationError,
} from "../errors"
import {
  API,
  failure,
  makeClient,
  ok,
  Recorded,
  SECRET,
  setUpNock,
} from "./client-test-utils"

setUpNock()

/** The error a call failed with (any: the assertions below check its class first). */
const caught = (promise: Promise<unknown>): Promise<any> =>
  promise.then(
    () => undefined,
    (error: unknown) => error
  )

type Fault = "timeout" | "reset" | "html502"

/**
 * Resets every connection on its first bytes (a TCP RST: the client reads ECONNRESET, "socket hang up"),
 * counting requests per path. A real socket: nock's `replyWithError` emits the error twice on its mock
 * socket, and the second one, arriving late under load, failed whichever test ran next.
 */
const resets = { url: "", requests: new Map<string, number>() }
const resetServer = net.createServer((socket) => {
  socket.once("data", (chunk) => {
    const path = chunk.toString("latin1").split(" ")[1] ?? ""
    resets.requests.set(path, (resets.requests.get(path) ?? 0) + 1)
    socket.resetAndDestroy()
  })
})
beforeAll(async () => {
  await new Promise<void>((resolve) =>
    resetServer.listen(0, "127.0.0.1", resolve)
  )
  resets.url = `http://127.0.0.1:${(resetServer.address() as net.AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => resetServer.close(resolve)))
beforeEach(() => resets.requests.clear())

/**
 * Replies to `times` requests on `path` with a fault, counting them; `apiUrl` is where the client must
 * send them (the reset server for a reset, nock's fake service otherwise).
 */
function fault(path: string, kind: Fault, times = 1) {
  if (kind === "reset") {
    return {
      apiUrl: resets.url,
      get requests() {
        return resets.requests.get(path) ?? 0
      },
    }
  }
  const counter = { apiUrl: API, requests: 0 }
  const interceptor = nock(API)
    .post(path, () => {
      counter.requests++
      return true
    })
    .times(times)
    .delay(kind === "timeout" ? 1_000 : 0)
  if (kind === "timeout") {
    interceptor.reply(200, ok({}))
  } else {
    interceptor.reply(502, "<html>Bad Gateway</html>")
  }
  return counter
}

// Every call that creates something at the service, with valid input.
const creates: Array<
  [string, string, (client: PiastrixClient) => Promise<unknown>]
> = [
  [
    "invoiceCreate",
    "/invoice/create",
    (c) =>
      c.invoiceCreate({
        amount: "10",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "o-1",
        email: "a@b.co",
      }),
  ],
  [
    "billCreate",
    "/bill/create",
    (c) =>
      c.billCreate({
        shop_amount: "10",
        shop_currency: 643,
        shop_order_id: "o-1",
      }),
  ],
  [
    "withdrawCreate",
    "/withdraw/create",
    (c) =>
      c.withdrawCreate({
        account: "4111111111111111",
        amount: "10",
        amount_type: "ps_amount",
        email: "v@example.com",
        payway: "card_rub",
        shop_currency: 643,
        shop_payment_id: "p-1",
      }),
  ],
  [
    "transferCreate",
    "/transfer/create",
    (c) =>
      c.transferCreate({
        amount: "10",
        amount_type: "writeoff_amount",
        payee_account: "201494711279",
        payee_currency: 643,
        shop_currency: 643,
        shop_payment_id: "t-1",
      }),
  ],
]

describe("calls that create something", () => {
  describe.each(creates)("%s", (_name, path, call) => {
    it.each<Fault>(["timeout", "reset", "html502"])(
      "turns a %s into 'outcome unknown' after exactly one request, never retrying",
      async (kind) => {
        const counter = fault(path, kind, 3)
        const recorded: Recorded = { delays: [] }
        // Only the timeout case relies on the short timeout: on a loaded machine a reset or a 502 could
        // otherwise be overtaken by it.
        const timeoutMs = kind === "timeout" ? 100 : 5_000
        const error = await caught(
          call(makeClient({ timeoutMs, apiUrl: counter.apiUrl }, recorded))
        )
        expect(error).toBeInstanceOf(PiastrixOutcomeUnknownError)
        expect(error).toMatchObject({ endpoint: path, outcomeUnknown: true })
        expect(error.cause.kind).toBe(
          kind === "html502"
            ? "http"
            : kind === "timeout"
              ? "timeout"
              : "network"
        )
        expect(counter.requests).toBe(1)
        expect(recorded.delays).toEqual([])
      }
    )
  })

  it("treats a success whose data cannot be read as 'outcome unknown': the payment may exist", async () => {
    nock(API)
      .post("/invoice/create")
      .reply(200, ok({ method: "GET" }))
    const error = await caught(creates[0][2](makeClient()))
    expect(error).toBeInstanceOf(PiastrixOutcomeUnknownError)
    expect(error.cause).toBeInstanceOf(PiastrixResponseError)
    expect(error.cause.issues.join()).toContain("data.id")
  })

  it("keeps the request body (account number, signature) out of the error", async () => {
    const { apiUrl } = fault("/withdraw/create", "reset")
    const error = await caught(creates[2][2](makeClient({ apiUrl })))
    const exposed = `${error.message} ${JSON.stringify(error)} ${JSON.stringify(error.cause)}`
    expect(exposed).not.toContain("4111111111111111")
    expect(exposed).not.toContain(SECRET)
    expect(exposed).not.toMatch(/[0-9a-f]{64}/)
  })

  it("reads an error envelope that comes with a 5xx status as a known rejection", async () => {
    nock(API)
      .post("/invoice/create")
      .reply(500, failure(6, "Shop_order_id 'o-1' is not unique"))
    const error = await caught(creates[0][2](makeClient()))
    expect(error).toBeInstanceOf(PiastrixApiError)
    expect(error).toMatchObject({
      errorCode: 6,
      httpStatus: 500,
      outcomeUnknown: false,
    })
  })
})

describe("reads", () => {
  const check = (client: PiastrixClient) =>
    client.invoiceCheck({ shop_order_id: "o-1" })
  const balance = (client: PiastrixClient) => client.shopBalance()
  const balances = {
    balances: [{ currency: 643, available: 10, hold: 0, frozen: 0 }],
  }

  it.each<Fault>(["timeout", "reset", "html502"])(
    "retries a %s with growing delays, then fails with a network error after 3 attempts",
    async (kind) => {
      const counter = fault("/shop_balance", kind, 3)
      const recorded: Recorded = { delays: [] }
      const error = await balance(
        makeClient({ timeoutMs: 100, apiUrl: counter.apiUrl }, recorded)
      ).catch((e) => e)
      expect(error).toBeInstanceOf(PiastrixNetworkError)
      expect(error).toMatchObject({
        endpoint: "/shop_balance",
        attempts: 3,
        outcomeUnknown: false,
      })
      expect(counter.requests).toBe(3)
      // base 10 ms doubled per retry, jitter pinned to the middle of the upper half
      expect(recorded.delays).toEqual([8, 15])
    }
  )

  it("succeeds when a retry gets through", async () => {
    const counter = fault("/shop_balance", "html502", 2)
    nock(API).post("/shop_balance").reply(200, ok(balances))
    const recorded: Recorded = { delays: [] }
    await expect(balance(makeClient({}, recorded))).resolves.toBeDefined()
    expect(counter.requests).toBe(2)
    expect(recorded.delays).toHaveLength(2)
  })

  // Every request reaching the service counts toward its polling limit, so the polling guard, not the
  // transport, decides when a status is asked again.
  it.each<[string, string, (c: PiastrixClient) => Promise<unknown>]>([
    ["invoiceCheck", "/invoice/check", check],
    [
      "billStatus",
      "/bill/shop_order_status",
      (c) => c.billStatus({ shop_order_id: "o-1" }),
    ],
    [
      "withdrawStatus",
      "/withdraw/status",
      (c) => c.withdrawStatus({ withdraw_id: 5 }),
    ],
    [
      "withdrawShopPaymentStatus",
      "/withdraw/shop_payment_status",
      (c) => c.withdrawShopPaymentStatus({ shop_payment_id: "p-1" }),
    ],
    [
      "transferShopPaymentStatus",
      "/transfer/shop_payment_status",
      (c) => c.transferShopPaymentStatus({ shop_payment_id: "p-1" }),
    ],
  ])(
    "sends a status read (%s) once, even when it fails in transit",
    async (_name, path, call) => {
      for (const kind of ["reset", "html502"] as const) {
        const counter = fault(path, kind, 3)
        const recorded: Recorded = { delays: [] }
        const error = await call(
          makeClient({ apiUrl: counter.apiUrl }, recorded)
        ).catch((e) => e)
        expect(error).toBeInstanceOf(PiastrixNetworkError)
        expect(error).toMatchObject({
          endpoint: path,
          attempts: 1,
          outcomeUnknown: false,
        })
        expect(counter.requests).toBe(1)
        expect(recorded.delays).toEqual([])
        nock.cleanAll()
      }
    }
  )

  it("retries the unsigned reads too (availability, receipts, card form token)", async () => {
    nock(API).get("/check_status").reply(503, "unavailable")
    nock(API).get("/check_status").reply(200, { status: "OK" })
    await expect(makeClient().checkStatus()).resolves.toMatchObject({
      available: true,
    })
  })

  it("does not retry a business error: it will not change on its own", async () => {
    const counter = { requests: 0 }
    nock(API)
      .post("/invoice/check")
      .times(3)
      .reply(() => {
        counter.requests++
        return [200, JSON.stringify(failure(7, "Not found"))]
      })
    await expect(check(makeClient())).rejects.toBeInstanceOf(PiastrixApiError)
    expect(counter.requests).toBe(1)
  })

  it("reports a 200 that is not JSON as an unreadable response, without retrying", async () => {
    nock(API).post("/invoice/check").reply(200, "<html>login</html>")
    const error = await check(makeClient()).catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixResponseError)
    expect(error.httpStatus).toBe(200)
  })

  it("does not follow a redirect with the signed body: the answer is unreadable, and nothing is sent to the new address", async () => {
    const elsewhere = nock("https://elsewhere.example")
      .post("/invoice/check")
      .reply(200, ok({}))
    nock(API)
      .post("/invoice/check")
      .reply(307, "", { Location: "https://elsewhere.example/invoice/check" })
    const error = await check(makeClient()).catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixResponseError)
    expect(error.httpStatus).toBe(307)
    expect(elsewhere.isDone()).toBe(false)
  })

  it("treats result true with a non-zero error_code as a failure", async () => {
    nock(API).post("/invoice/check").reply(200, {
      result: true,
      error_code: 8,
      message: "Operation is processing",
      data: null,
    })
    await expect(check(makeClient())).rejects.toMatchObject({ errorCode: 8 })
  })
})

describe("client options", () => {
  it.each([
    [{ shopId: 0 }, "shopId"],
    [{ secretKey: "" }, "secretKey"],
    [{ apiUrl: "not a url" }, "apiUrl"],
    [
      { currencyOverrides: { RUB: { digits: -1 } } },
      "currencyOverrides.RUB.digits",
    ],
  ])("rejects a bad option, naming it", (override, field) => {
    expect(() => makeClient(override as never)).toThrow(PiastrixValidationError)
    expect(() => makeClient(override as never)).toThrow(
      expect.objectContaining({ field })
    )
  })

  it("does not expose the secret key when the client is inspected or serialised", () => {
    const client = makeClient()
    expect(JSON.stringify(client)).not.toContain(SECRET)
    expect(require("node:util").inspect(client, { depth: 5 })).not.toContain(
      SECRET
    )
  })

  it("uses currency overrides for the digits of amounts it sends", async () => {
    let body: Record<string, unknown> = {}
    nock(API)
      .post("/invoice/try", (b) => {
        body = b
        return true
      })
      .reply(200, ok({ payer_price: 10, ps_currency: 643 }))
    await makeClient({ currencyOverrides: { RUB: { digits: 0 } } }).invoiceTry({
      amount: "10",
      currency: "RUB",
      payway: "card_rub",
      shop_order_id: "o",
    })
    expect(body.amount).toBe("10")
  })
})
