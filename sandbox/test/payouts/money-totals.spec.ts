import { startTestSandbox, type TestSandbox } from "../helpers/setup"

/** GET /__sandbox/money: what moved on each shop balance, counted where the balance changes. */
describe("sandbox money totals", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox({
      balances: { "643": { available: "10000.00", hold: "0", frozen: "0" } },
      timing: { payoutSettleMs: 30_000 },
    })
  })
  afterEach(() => t.client.control("POST", "/reset"))
  afterAll(() => t.close())

  const money = async () => (await t.client.control<any>("GET", "/money")).body
  const transfer = (id: string, amount: string, currency = 643) =>
    t.client.call("/transfer/create", {
      amount,
      amount_type: "writeoff_amount",
      payee_account: "201494711279",
      payee_currency: currency,
      shop_currency: currency,
      shop_payment_id: id,
    })
  const withdraw = (id: string, amount: string) =>
    t.client.call("/withdraw/create", {
      account: "4111111111111111",
      amount,
      amount_type: "shop_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: id,
    })
  const none = { count: 0, amount: "0.00" }

  it("credits paid payments, debits transfers and withdraws to the cent, and gives a rejected withdraw back", async () => {
    await t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "order-1",
    })
    await t.client.control("POST", "/payments/order-1/pay", {})
    expect((await transfer("tr-1", "150.10")).result).toBe(true)
    expect((await transfer("tr-2", "0.15")).result).toBe(true)
    expect((await withdraw("wd-1", "200.00")).result).toBe(true)
    expect((await withdraw("wd-2", "300.00")).result).toBe(true)
    await t.client.control("POST", "/payouts/wd-2/decide", {
      status: 6,
      rejected_reason: "Card blocked",
    })

    expect((await money())["643"]).toEqual({
      // card_rub keeps 2.5 % of 100.00 as the shop's commission.
      payments: { count: 1, amount: "97.50" },
      transfers: { count: 2, amount: "150.25" },
      withdraws: { count: 2, amount: "500.00" },
      withdrawsReturned: { count: 1, amount: "300.00" },
      credited: "97.50",
      debited: "350.25",
      balance: { available: "9747.25", hold: "0.00", frozen: "200.00" },
    })
  })

  it("counts nothing for a refused or repeated create, nor for a balance set through the control API", async () => {
    expect((await transfer("tr-1", "100.00")).result).toBe(true)
    expect(await transfer("tr-1", "100.00")).toMatchObject({
      result: false,
      error_code: 6,
    })
    await t.client.control("POST", "/balances", {
      currency: 643,
      available: "50.00",
    })
    expect(await transfer("tr-2", "100.00")).toMatchObject({
      result: false,
      error_code: 9,
    })
    expect(await withdraw("wd-1", "200.00")).toMatchObject({
      result: false,
      error_code: 9,
    })
    expect((await money())["643"]).toMatchObject({
      payments: none,
      transfers: { count: 1, amount: "100.00" },
      withdraws: none,
      debited: "100.00",
      balance: { available: "50.00" },
    })
  })

  it("keeps each shop balance currency apart, and starts again from none on reset", async () => {
    await t.client.control("POST", "/balances", {
      currency: 840,
      available: "500.00",
    })
    expect((await transfer("usd-1", "12.34", 840)).result).toBe(true)
    expect((await transfer("rub-1", "12.34")).result).toBe(true)
    const totals = await money()
    expect(totals["840"]).toMatchObject({
      transfers: { count: 1, amount: "12.34" },
      debited: "12.34",
      balance: { available: "487.66" },
    })
    expect(totals["643"]).toMatchObject({
      transfers: { count: 1, amount: "12.34" },
      debited: "12.34",
    })

    await t.client.control("POST", "/reset")
    expect(await money()).toEqual({
      "643": {
        payments: none,
        transfers: none,
        withdraws: none,
        withdrawsReturned: none,
        credited: "0.00",
        debited: "0.00",
        balance: { available: "10000.00", hold: "0.00", frozen: "0.00" },
      },
    })
  })
})
