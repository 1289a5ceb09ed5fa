import { now } from "../helpers/reference-client"
import { advance, startTestSandbox, type TestSandbox } from "../helpers/setup"

describe("sandbox shop information", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox({ timing: { holdMs: 60_000 } })
  })
  afterAll(() => t.close())

  const balance = async (currency: number) =>
    (await t.client.call("/shop_balance", { now: now() })).data.balances.find(
      (b: any) => b.currency === currency
    )

  it("lists a balance per currency with available, frozen and hold", async () => {
    const res = await t.client.call("/shop_balance", { now: now() })
    expect(res.data.shop_id).toBe(5)
    expect(res.data.balances).toEqual(
      expect.arrayContaining([
        { currency: 643, available: 1000000, frozen: 0, hold: 0 },
        expect.objectContaining({ currency: 840 }),
      ])
    )
  })

  it("holds incoming money before it becomes available when the shop holds payments", async () => {
    const created = await t.client.call("/invoice/create", {
      amount: "1000.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "hold-1",
      email: "payer@example.com",
    })
    await t.client.control("POST", `/payments/${created.data.id}/pay`)
    expect(await balance(643)).toMatchObject({ available: 1000000, hold: 975 })
    await advance(t.client, 60_000)
    expect(await balance(643)).toMatchObject({ available: 1000975, hold: 0 })
  })

  it("lists input methods with payways of all four kinds, fees, limits and add-on fields", async () => {
    const res = await t.client.call("/shop_input_config/shop", { now: now() })
    expect(res.result).toBe(true)
    const payways = res.data.flatMap((m: any) => m.payways)
    const aliases = payways.map((p: any) => p.alias)
    expect(aliases).toEqual(
      expect.arrayContaining([
        "piastrix_rub",
        "card_rub",
        "h2h_card_rub",
        "h2h_sbp_rub",
      ])
    )
    expect(payways.find((p: any) => p.alias === "card_rub")).toEqual({
      add_ons_config: null,
      alias: "card_rub",
      currency: 643,
      fee_config: { fix: 0, percent: 2.5 },
      fee_part_config: { fix_part: 0, percent_part: 0 },
      id: expect.any(Number),
      is_active: true,
      max_amount: 150000,
      min_amount: 10,
    })
    expect(payways.find((p: any) => p.alias === "yamoney_rub").is_active).toBe(
      false
    )
    expect(res.data.find((m: any) => m.name === "Piastrix")).toMatchObject({
      is_bill_config: true,
      id: expect.any(Number),
    })
  })

  it("lists output methods with account regexes, including wallet transfers", async () => {
    const res = await t.client.call("/shop_output_config/shop", { now: now() })
    const card = res.data
      .flatMap((m: any) => m.payways)
      .find((p: any) => p.alias === "card_rub")
    expect(card).toMatchObject({
      account_info_config: {
        account: { regex: expect.any(String), title: expect.any(String) },
      },
      currency: 643,
      fee_config: { fix: 30, percent: 1 },
      info_id: null,
      min_amount: 100,
      max_amount: 150000,
    })
    expect(res.data.some((m: any) => m.is_transfer_config === true)).toBe(true)
  })

  it("answers unknown paths with 404 and a wrong method with 405", async () => {
    expect(
      (await fetch(`${t.running.url}/nope`, { method: "POST" })).status
    ).toBe(404)
    expect((await fetch(`${t.running.url}/invoice/create`)).status).toBe(405)
  })
})
