import {
  createCallbackVerifier,
  PiastrixClient,
  PiastrixNetworkError,
  PiastrixOutcomeUnknownError,
} from "../../../src/lib/piastrix"
import { startCallbackReceiver } from "../helpers/reference-client"
import {
  advance,
  SECRET,
  SHOP_ID,
  startTestSandbox,
  type TestSandbox,
} from "../helpers/setup"

/** Contract: how the client lives with each fault the sandbox injects. */
describe("client contract with the sandbox: injected faults", () => {
  let t: TestSandbox
  let client: PiastrixClient

  beforeAll(async () => {
    t = await startTestSandbox()
    client = new PiastrixClient({
      shopId: SHOP_ID,
      secretKey: SECRET,
      apiUrl: t.running.url,
      timeoutMs: 300,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    })
  })
  afterEach(() => t.client.control("DELETE", "/faults"))
  afterAll(() => t.close())

  const fault = (body: Record<string, unknown>) =>
    t.client.control("POST", "/faults", body)
  const createInvoice = (order: string) =>
    client.invoiceCreate({
      amount: "100.00",
      currency: "RUB",
      payway: "card_rub",
      shop_order_id: order,
      email: "payer@example.com",
    })
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e
    )

  it("retries a read through a 5xx and through a reset connection", async () => {
    await fault({
      type: "http_error",
      path: "/shop_balance",
      status: 503,
      times: 1,
    })
    await fault({ type: "reset", path: "/shop_balance", times: 1 })
    expect((await client.shopBalance()).shop_id).toBe(SHOP_ID)
  })

  it("gives up a read that keeps failing with a network error", async () => {
    await fault({ type: "reset", path: "/shop_balance" })
    expect(await failure(client.shopBalance())).toBeInstanceOf(
      PiastrixNetworkError
    )
  })

  it("never resends a create that met a 5xx: the outcome is unknown, and nothing was made", async () => {
    // Two 5xx answers armed: a resend would use the second, and a third request would have created it.
    const armed = (
      await fault({
        type: "http_error",
        path: "/invoice/create",
        status: 502,
        times: 2,
      })
    ).body
    expect(await failure(createInvoice("f-5xx"))).toBeInstanceOf(
      PiastrixOutcomeUnknownError
    )
    const left = (await t.client.control("GET", "/faults")).body.find(
      (f: any) => f.id === armed.id
    )
    expect(left?.remaining).toBe(1)
    const created = (
      await t.client.control("GET", "/state")
    ).body.payments.filter((p: any) => p.shopOrderId === "f-5xx")
    expect(created).toHaveLength(0)
  })

  it("reports a reset create as outcome unknown", async () => {
    await fault({ type: "reset", path: "/invoice/create", times: 1 })
    expect(await failure(createInvoice("f-reset"))).toBeInstanceOf(
      PiastrixOutcomeUnknownError
    )
  })

  it("reports a committed create whose reply was dropped as outcome unknown; the status call finds it", async () => {
    await fault({ type: "drop_reply", path: "/withdraw/create", times: 1 })
    const error = await failure(
      client.withdrawCreate({
        account: "4111111111111111",
        amount: "150.00",
        amount_type: "ps_amount",
        email: "payee@example.com",
        payway: "card_rub",
        shop_currency: "RUB",
        shop_payment_id: "f-dropped",
      })
    )
    expect(error).toBeInstanceOf(PiastrixOutcomeUnknownError)
    expect(
      await client.withdrawShopPaymentStatus({ shop_payment_id: "f-dropped" })
    ).toMatchObject({ status: 3 })
  })

  it("times out a create slowed beyond the client's timeout, which still took effect", async () => {
    await fault({ type: "latency", path: "/invoice/create", ms: 500, times: 1 })
    expect(await failure(createInvoice("f-slow"))).toBeInstanceOf(
      PiastrixOutcomeUnknownError
    )
    // Release the held request by moving the sandbox's clock, not by waiting: it is then handled.
    await advance(t.client, 500)
    expect(
      await client.invoiceCheck({ shop_order_id: "f-slow" })
    ).toMatchObject({ status: 1 })
  })

  it("waits out a small latency on a read", async () => {
    await fault({ type: "latency", path: "/invoice/check", ms: 100, times: 1 })
    await createInvoice("f-latency")
    expect(
      await client.invoiceCheck({ shop_order_id: "f-latency" })
    ).toMatchObject({ status: 1 })
  })

  it("delivers duplicate and out-of-order notifications that all verify", async () => {
    const verify = createCallbackVerifier({
      secretKey: SECRET,
      shopId: SHOP_ID,
    })
    const receiver = await startCallbackReceiver()
    try {
      await fault({ type: "duplicate_callbacks", times: 1 })
      await fault({ type: "out_of_order_callbacks", times: 2 })
      for (const order of ["f-cb-1", "f-cb-2"]) {
        const created = await client.invoiceCreate({
          amount: "100.00",
          currency: "RUB",
          payway: "card_rub",
          shop_order_id: order,
          email: "payer@example.com",
          callback_url: receiver.url,
        })
        await t.client.control("POST", `/payments/${created.id}/pay`)
      }
      await t.client.control("POST", "/callbacks/release")
      await receiver.waitFor(3)
      expect(receiver.received.map((n) => n.fields.shop_order_id)).toEqual([
        "f-cb-2",
        "f-cb-1",
        "f-cb-1",
      ])
      for (const n of receiver.received) {
        expect(
          verify({ body: n.body, contentType: n.contentType })
        ).toMatchObject({ ok: true })
      }
    } finally {
      await receiver.close()
    }
  })
})
