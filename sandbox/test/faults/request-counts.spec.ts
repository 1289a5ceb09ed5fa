import { now } from "../helpers/reference-client"
import { advance, startTestSandbox, type TestSandbox } from "../helpers/setup"

/** GET /__sandbox/requests: every request to a service endpoint, by path and by id, whatever answered it. */
describe("sandbox request counts", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox()
  })
  afterEach(() => t.client.control("POST", "/reset"))
  afterAll(() => t.close())

  const requests = async () =>
    (await t.client.control<any>("GET", "/requests")).body
  const fault = (body: Record<string, unknown>) =>
    t.client.control("POST", "/faults", { times: 1, ...body })
  const transfer = (id: string) =>
    t.client.call("/transfer/create", {
      amount: "150.00",
      amount_type: "writeoff_amount",
      payee_account: "201494711279",
      payee_currency: 643,
      shop_currency: 643,
      shop_payment_id: id,
    })
  /** The call's answer, or what went wrong on the way: a reset or dropped reply, or a body that is not JSON. */
  const attempt = <T>(call: Promise<T>) =>
    call.then(
      (answer) => answer,
      (error: Error) => error.name
    )

  it("counts every create of one shop_payment_id, including those a fault answered, and how each was answered", async () => {
    await fault({ type: "http_error", path: "/transfer/create", status: 503 })
    expect(await attempt(transfer("tr-1"))).toBe("SyntaxError")
    await fault({ type: "reset", path: "/transfer/create" })
    expect(await attempt(transfer("tr-1"))).toBe("TypeError")
    await fault({ type: "drop_reply", path: "/transfer/create" })
    expect(await attempt(transfer("tr-1"))).toBe("TypeError")
    // The dropped create took effect: one more is refused as not unique, but it reached the endpoint.
    expect(await transfer("tr-1")).toMatchObject({
      result: false,
      error_code: 6,
    })
    await t.client.call("/transfer/shop_payment_status", {
      now: now(),
      shop_payment_id: "tr-1",
    })
    await transfer("tr-2")

    const counted = await requests()
    const creates = {
      total: 4,
      handled: 2,
      unanswered: 1,
      refused: 0,
      faults: { http_error: 1, reset: 1, drop_reply: 1 },
    }
    expect(counted.endpoints["/transfer/create"]).toEqual({
      ...creates,
      total: 5,
      handled: 3,
      shop_order_id: {},
      shop_payment_id: {
        "tr-1": creates,
        "tr-2": {
          total: 1,
          handled: 1,
          unanswered: 0,
          refused: 0,
          faults: {},
        },
      },
    })
    expect(
      counted.endpoints["/transfer/shop_payment_status"].shop_payment_id
    ).toEqual({
      "tr-1": { total: 1, handled: 1, unanswered: 0, refused: 0, faults: {} },
    })
    expect(counted.total).toBe(6)
    // The service kept one transfer per id, so the requests, not the payouts, show the retries.
    const { payouts } = (await t.client.control<any>("GET", "/state")).body
    expect(payouts.map((p: any) => p.shopPaymentId)).toEqual(["tr-1", "tr-2"])
  })

  it("counts a payment's shop_order_id at every endpoint, and a status poll strict polling refused", async () => {
    await t.client.control("POST", "/fidelity", { strictPolling: true })
    await t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "order-1",
    })
    const check = () =>
      t.client.call("/invoice/check", { now: now(), shop_order_id: "order-1" })
    expect(await check()).toMatchObject({ result: true })
    expect(await check()).toMatchObject({ result: false, error_code: 2000 })
    await advance(t.client, 10_000)
    expect(await check()).toMatchObject({ result: true })

    const { endpoints } = await requests()
    expect(endpoints["/invoice/create"].shop_order_id).toEqual({
      "order-1": {
        total: 1,
        handled: 1,
        unanswered: 0,
        refused: 0,
        faults: {},
      },
    })
    expect(endpoints["/invoice/check"]).toMatchObject({
      total: 3,
      handled: 2,
      refused: 1,
      shop_order_id: { "order-1": { total: 3, handled: 2, refused: 1 } },
    })
  })

  it("counts a held reply that reached its caller as answered, and latency as a fault that hit", async () => {
    await fault({ type: "latency", path: "/transfer/create", ms: 5_000 })
    await fault({ type: "hold_reply", path: "/transfer/create", ms: 30_000 })
    const reply = transfer("held-1")
    // The request waits on the sandbox's clock, then its reply does; advancing the clock releases each.
    const pendingJob = async () => {
      while (
        (await t.client.control<any>("GET", "/clock")).body.pending_jobs < 1
      ) {
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    await pendingJob()
    await advance(t.client, 5_000)
    await pendingJob()
    await advance(t.client, 30_000)
    expect(await reply).toMatchObject({ result: true })
    expect(
      (await requests()).endpoints["/transfer/create"].shop_payment_id["held-1"]
    ).toEqual({
      total: 1,
      handled: 1,
      unanswered: 0,
      refused: 0,
      faults: { latency: 1, hold_reply: 1 },
    })
  })

  it("counts requests no endpoint handled and bodies that name no id, and takes any id as a plain key", async () => {
    const post = (path: string, body: string) =>
      fetch(`${t.running.url}${path}`, { method: "POST", body })
    expect((await post("/no/such/endpoint", "{}")).status).toBe(404)
    expect((await post("/invoice/create", "not json")).status).toBe(200)
    await post("/transfer/create", '{"shop_payment_id": "__proto__"}')
    await post("/transfer/create", '{"shop_payment_id": 42}')

    const { endpoints, total } = await requests()
    expect(total).toBe(4)
    expect(endpoints["/no/such/endpoint"]).toMatchObject({
      total: 1,
      handled: 0,
    })
    expect(endpoints["/invoice/create"]).toMatchObject({
      total: 1,
      handled: 1,
      shop_order_id: {},
      shop_payment_id: {},
    })
    expect(
      Object.keys(endpoints["/transfer/create"].shop_payment_id).sort()
    ).toEqual(["42", "__proto__"])
    expect(
      endpoints["/transfer/create"].shop_payment_id.__proto__
    ).toMatchObject({ total: 1, handled: 1 })
  })

  it("never counts the control API; forgets the counts on DELETE and on reset", async () => {
    await transfer("tr-1")
    await t.client.control("GET", "/state")
    expect(await requests()).toMatchObject({
      total: 1,
      endpoints: { "/transfer/create": { total: 1 } },
    })
    expect((await t.client.control("DELETE", "/requests")).status).toBe(200)
    expect(await requests()).toEqual({ total: 0, endpoints: {} })
    await transfer("tr-2")
    await t.client.control("POST", "/reset")
    expect(await requests()).toEqual({ total: 0, endpoints: {} })
  })
})
