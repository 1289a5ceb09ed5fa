import { now } from "../helpers/reference-client"
import { advance, startTestSandbox, type TestSandbox } from "../helpers/setup"

describe("sandbox injected faults and polling limits", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox()
  })
  afterEach(() => t.client.control("DELETE", "/faults"))
  afterAll(() => t.close())

  async function waitForPendingJobs(count: number): Promise<void> {
    while (
      (await t.client.control<{ pending_jobs: number }>("GET", "/clock")).body
        .pending_jobs < count
    ) {
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  const create = (order: string) =>
    t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: order,
      email: "a@b.c",
    })

  it("holds the answer under the latency fault until sandbox time reaches the delay", async () => {
    await t.client.control("POST", "/faults", {
      type: "latency",
      path: "/shop_balance",
      ms: 60_000,
      times: 1,
    })
    let answered = false
    const reply = t.client
      .call("/shop_balance", { now: now() })
      .then((res) => ((answered = true), res))
    // The held request waits as a job of the sandbox's clock; the control API is never delayed.
    await waitForPendingJobs(1)
    expect(answered).toBe(false)
    await advance(t.client, 50_000)
    expect(answered).toBe(false)
    await advance(t.client, 10_000)
    expect((await reply).result).toBe(true)
  })

  it("answers a non-JSON 5xx without processing under the http_error fault", async () => {
    await t.client.control("POST", "/faults", {
      type: "http_error",
      path: "/invoice/create",
      status: 502,
      times: 1,
    })
    const res = await fetch(`${t.running.url}/invoice/create`, {
      method: "POST",
      body: "{}",
    })
    expect(res.status).toBe(502)
    expect(res.headers.get("content-type")).not.toContain("json")
    expect((await create("after-5xx")).result).toBe(true)
  })

  it("resets the connection under the reset fault, creating nothing", async () => {
    await t.client.control("POST", "/faults", {
      type: "reset",
      path: "/invoice/create",
      times: 1,
    })
    await expect(create("reset-1")).rejects.toThrow()
    expect(
      (
        await t.client.call("/invoice/check", {
          now: now(),
          shop_order_id: "reset-1",
        })
      ).error_code
    ).toBe(7)
  })

  it("commits a create and then drops the reply, so only a status call reveals it", async () => {
    await t.client.control("POST", "/faults", {
      type: "drop_reply",
      path: "/withdraw/create",
      times: 1,
    })
    const body = {
      account: "4111111111111111",
      amount: "150.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: "dropped-1",
      email: "payee@example.com",
    }
    await expect(t.client.call("/withdraw/create", body)).rejects.toThrow()
    const status = await t.client.call("/withdraw/shop_payment_status", {
      now: now(),
      shop_payment_id: "dropped-1",
    })
    expect(status.data).toMatchObject({
      shop_payment_id: "dropped-1",
      status: 3,
    })
    expect((await t.client.call("/withdraw/create", body)).error_code).toBe(6)
  })

  it("commits a create and holds its reply until sandbox time reaches the delay, the status call answering meanwhile", async () => {
    await t.client.control("POST", "/faults", {
      type: "hold_reply",
      path: "/transfer/create",
      ms: 60_000,
      times: 1,
    })
    const body = {
      amount: "120.00",
      amount_type: "writeoff_amount",
      payee_account: "201494711279",
      payee_currency: 643,
      shop_currency: 643,
      shop_payment_id: "held-1",
    }
    let answered = false
    const reply = t.client
      .call("/transfer/create", body)
      .then((res) => ((answered = true), res))
    await waitForPendingJobs(1)
    // Made while its caller still waits: the status endpoint knows it, the create's reply is not out.
    const status = await t.client.call("/transfer/shop_payment_status", {
      now: now(),
      shop_payment_id: "held-1",
    })
    expect(status.data).toMatchObject({ shop_payment_id: "held-1" })
    expect(answered).toBe(false)
    await advance(t.client, 60_000)
    expect((await reply).result).toBe(true)
    expect((await t.client.call("/transfer/create", body)).error_code).toBe(6)
  })

  it("applies a fault with a path prefix to every matching endpoint until cleared", async () => {
    await t.client.control("POST", "/faults", {
      type: "http_error",
      path: "/invoice/*",
    })
    expect(
      (
        await fetch(`${t.running.url}/invoice/check`, {
          method: "POST",
          body: "{}",
        })
      ).status
    ).toBe(500)
    expect(
      (
        await fetch(`${t.running.url}/invoice/try`, {
          method: "POST",
          body: "{}",
        })
      ).status
    ).toBe(500)
    expect((await t.client.call("/shop_balance", { now: now() })).result).toBe(
      true
    )
    const listed = (await t.client.control("GET", "/faults")).body
    expect(listed).toHaveLength(1)
    await t.client.control("DELETE", `/faults/${listed[0].id}`)
    expect((await create("after-clear")).result).toBe(true)
  })

  it("lists every fault added since the reset with how often it fired, removed ones too", async () => {
    await t.client.control("POST", "/reset")
    await t.client.control("POST", "/faults", {
      type: "http_error",
      path: "/invoice/create",
      times: 1,
    })
    await t.client.control("POST", "/faults", {
      type: "reset",
      path: "/withdraw/create",
    })
    const hit = await fetch(`${t.running.url}/invoice/create`, {
      method: "POST",
      body: "{}",
    })
    expect(hit.status).toBe(500)
    await t.client.control("DELETE", "/faults")
    const history = (await t.client.control("GET", "/faults/history")).body
    expect(
      history.map((f: { type: string; fired: number; active: boolean }) => [
        f.type,
        f.fired,
        f.active,
      ])
    ).toEqual([
      ["http_error", 1, false],
      ["reset", 0, false],
    ])
    await t.client.control("POST", "/reset")
    expect((await t.client.control("GET", "/faults/history")).body).toEqual([])
  })

  it("counts status polls and reports those that broke the reference's limits", async () => {
    await create("polled")
    await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "polled",
    })
    await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "polled",
    })
    await advance(t.client, 10_000)
    await t.client.call("/invoice/check", {
      now: now(),
      shop_order_id: "polled",
    })
    const polls = (await t.client.control("GET", "/polls")).body
    expect(polls.counts["payment:polled"]).toBe(3)
    expect(
      polls.violations.filter((v: any) => v.key === "payment:polled")
    ).toEqual([
      {
        key: "payment:polled",
        endpoint: "/invoice/check",
        at: expect.any(String),
        sincePreviousMs: expect.any(Number),
        limitMs: 10_000,
        refused: false,
      },
    ])
  })

  it("applies the one-minute limit to payout polls, by either identifier", async () => {
    const created = await t.client.call("/withdraw/create", {
      account: "4111111111111111",
      amount: "150.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: "polled-payout",
      email: "payee@example.com",
    })
    await t.client.call("/withdraw/status", {
      now: now(),
      withdraw_id: created.data.id,
    })
    await advance(t.client, 30_000)
    await t.client.call("/withdraw/shop_payment_status", {
      now: now(),
      shop_payment_id: "polled-payout",
    })
    const polls = (await t.client.control("GET", "/polls")).body
    expect(polls.counts["payout:polled-payout"]).toBe(2)
    expect(
      polls.violations.find((v: any) => v.key === "payout:polled-payout")
    ).toMatchObject({ limitMs: 60_000, sincePreviousMs: expect.any(Number) })
  })

  it("refuses an unknown fault type with 400", async () => {
    const res = await t.client.control("POST", "/faults", { type: "meteor" })
    expect(res.status).toBe(400)
  })

  it("starts over on reset: no payments, default balances, no faults", async () => {
    await create("before-reset")
    await t.client.control("POST", "/faults", { type: "latency", ms: 1 })
    expect((await t.client.control("POST", "/reset")).status).toBe(200)
    const state = (await t.client.control("GET", "/state")).body
    expect(state.payments).toEqual([])
    expect((await t.client.control("GET", "/faults")).body).toEqual([])
  })
})
