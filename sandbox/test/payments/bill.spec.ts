import { now, startCallbackReceiver } from "../helpers/reference-client"
import { advance, startTestSandbox, type TestSandbox } from "../helpers/setup"

describe("sandbox wallet payments (/bill)", () => {
  let t: TestSandbox
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
  beforeAll(async () => {
    t = await startTestSandbox()
    receiver = await startCallbackReceiver()
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })

  const create = (order: string, extra: Record<string, string | number> = {}) =>
    t.client.call("/bill/create", {
      payer_currency: 643,
      shop_amount: "250.00",
      shop_currency: 643,
      shop_order_id: order,
      callback_url: `${receiver.url}/ok`,
      callback_rejected_url: `${receiver.url}/rejected`,
      ...extra,
    })
  const status = (order: string) =>
    t.client.call("/bill/shop_order_status", {
      now: now(),
      shop_order_id: order,
    })

  it("creates a wallet payment with an RFC 5322 date, default lifetime and a payer page", async () => {
    const res = await create("bill-1", {
      payer_account: "payer@example.com",
      description: "Order #1",
    })
    expect(res.data).toMatchObject({
      id: expect.any(Number),
      lifetime: 43200,
      payer_account: "payer@example.com",
      payer_currency: 643,
      payer_price: 250,
      shop_amount: 250,
      shop_currency: 643,
      shop_id: 5,
      shop_order_id: "bill-1",
      url: expect.stringContaining("/pay/"),
    })
    expect(new Date(res.data.created).toUTCString()).toBe(res.data.created)
    expect((await status("bill-1")).data).toMatchObject({
      status: 1,
      is_unique: true,
      description: "Order #1",
    })
  })

  it("marks a bill paid (status 2) when the payer pays from their wallet, and credits the shop", async () => {
    const before = (
      await t.client.call("/shop_balance", { now: now() })
    ).data.balances.find((b: any) => b.currency === 643)
    const res = await create("bill-paid")
    const pay = await fetch(`${res.data.url}/pay`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "payer_account=201494711279",
      redirect: "manual",
    })
    expect(pay.status).toBe(303)
    expect((await status("bill-paid")).data).toMatchObject({
      status: 2,
      client_price: 250,
      ps_data: { ps_payer_account: "201494711279" },
    })
    const after = (
      await t.client.call("/shop_balance", { now: now() })
    ).data.balances.find((b: any) => b.currency === 643)
    expect(after.available - before.available).toBeCloseTo(250, 2)
    await receiver.waitFor(1)
    expect(
      receiver.received.some(
        (n) =>
          n.fields.shop_order_id === "bill-paid" &&
          n.fields.status === "success"
      )
    ).toBe(true)
  })

  it("reports a payment in another currency when a test pays it so (control `pay` with `currency`), by notification and status", async () => {
    await create("bill-other-currency")
    const before = receiver.received.length
    const paid = await t.client.control(
      "POST",
      "/payments/bill-other-currency/pay",
      { currency: 840 }
    )
    expect(paid.status).toBe(200)
    expect((await status("bill-other-currency")).data).toMatchObject({
      status: 2,
      shop_amount: 250,
      shop_currency: 840,
    })
    await receiver.waitFor(before + 1)
    const notification = receiver.received.find(
      (n) => n.fields.shop_order_id === "bill-other-currency"
    )!
    expect(notification.fields).toMatchObject({
      status: "success",
      shop_amount: "250.00",
      shop_currency: "840",
    })
  })

  it("expires an unpaid bill after its lifetime (status 4) and sends the failure notification", async () => {
    await create("bill-expiring", { lifetime: 5 })
    await advance(t.client, 4 * 60_000)
    expect((await status("bill-expiring")).data.status).toBe(1)
    await advance(t.client, 60_000)
    expect((await status("bill-expiring")).data.status).toBe(4)
    await receiver.waitFor(2)
    const rejected = receiver.received.find(
      (n) => n.fields.shop_order_id === "bill-expiring"
    )!
    expect(rejected).toMatchObject({
      path: "/rejected",
      fields: { status: "rejected" },
    })
  })

  it("cancels a bill the payer declines (status 3)", async () => {
    const res = await create("bill-canceled")
    await fetch(`${res.data.url}/fail`, { method: "POST", redirect: "manual" })
    expect((await status("bill-canceled")).data.status).toBe(3)
  })

  it("refuses a bill in a currency without a wallet payway", async () => {
    const res = await create("bill-uah", { payer_currency: 980 })
    expect(res).toMatchObject({ result: false, error_code: 1 })
  })

  it("refuses a bill amount below the wallet payway's minimum with error 4", async () => {
    const res = await create("bill-small", { shop_amount: "0.50" })
    expect(res).toMatchObject({
      result: false,
      error_code: 4,
      message: expect.stringContaining("1.00"),
    })
  })

  it("converts a bill paid in another currency with the configured rates", async () => {
    const res = await create("bill-usd", {
      payer_currency: 840,
      shop_amount: "900.00",
    })
    expect(res.data).toMatchObject({
      payer_currency: 840,
      payer_price: 10,
      shop_currency: 643,
    })
  })

  it("answers error 7 for an unknown wallet payment", async () => {
    expect(await status("never")).toMatchObject({
      result: false,
      error_code: 7,
    })
  })
})
