import { now } from "../helpers/reference-client"
import { advance, startTestSandbox, type TestSandbox } from "../helpers/setup"

/** fidelity.strictPolling: too-early status polls are refused and recorded, whatever answered them. */
describe("sandbox strict polling", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox({ fidelity: { strictPolling: true } })
  })
  afterEach(() => t.client.control("POST", "/reset"))
  afterAll(() => t.close())

  const check = (order: string) =>
    t.client.call("/invoice/check", { now: now(), shop_order_id: order })
  const violations = async () =>
    (await t.client.control("GET", "/violations")).body.violations as any[]
  const createInvoice = (order: string) =>
    t.client.call("/invoice/create", {
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: order,
    })

  it("refuses a second payment status poll within 10 s and records it; answers again once 10 s passed", async () => {
    await createInvoice("strict-1")
    expect(await check("strict-1")).toMatchObject({ result: true })
    const early = await check("strict-1")
    expect(early).toMatchObject({
      result: false,
      error_code: 2000,
      message: expect.stringContaining("once per 10 s"),
    })
    expect(await violations()).toEqual([
      expect.objectContaining({
        key: "payment:strict-1",
        endpoint: "/invoice/check",
        limitMs: 10_000,
        refused: true,
      }),
    ])
    await advance(t.client, 10_000)
    expect(await check("strict-1")).toMatchObject({ result: true })
    expect(await violations()).toHaveLength(1)
  })

  it("applies the one-minute limit to payouts, across both status endpoints", async () => {
    const created = await t.client.call("/withdraw/create", {
      account: "4111111111111111",
      amount: "150.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: "strict-payout",
    })
    expect(
      await t.client.call("/withdraw/status", {
        now: now(),
        withdraw_id: created.data.id,
      })
    ).toMatchObject({ result: true })
    await advance(t.client, 59_000)
    const early = await t.client.call("/withdraw/shop_payment_status", {
      now: now(),
      shop_payment_id: "strict-payout",
    })
    expect(early).toMatchObject({
      result: false,
      message: expect.stringContaining("once per 60 s"),
    })
    expect(await violations()).toEqual([
      expect.objectContaining({
        key: "payout:strict-payout",
        limitMs: 60_000,
        refused: true,
      }),
    ])
  })

  it.each([
    ["http_error", { status: 503 }],
    ["reset", {}],
    ["drop_reply", {}],
  ])(
    "counts a poll a %s fault answered, so a client retrying the failed read breaks the limit",
    async (type, extra) => {
      await createInvoice(`fault-${type}`)
      await t.client.control("POST", "/faults", {
        type,
        path: "/invoice/check",
        times: 1,
        ...extra,
      })
      await check(`fault-${type}`).catch(() => undefined)
      const faults = (await t.client.control("GET", "/faults")).body
      expect(faults).toEqual([]) // the fault fired
      const retried = await check(`fault-${type}`)
      expect(retried).toMatchObject({ result: false, error_code: 2000 })
      const state = (await t.client.control("GET", "/state")).body
      expect(state.pollCounts[`payment:fault-${type}`]).toBe(2)
      expect(await violations()).toEqual([
        expect.objectContaining({
          key: `payment:fault-${type}`,
          refused: true,
        }),
      ])
    }
  )

  it("records but answers too-early polls with strictPolling off", async () => {
    await t.client.control("POST", "/fidelity", { strictPolling: false })
    await createInvoice("lenient")
    await check("lenient")
    expect(await check("lenient")).toMatchObject({ result: true })
    expect(await violations()).toEqual([
      expect.objectContaining({ key: "payment:lenient", refused: false }),
    ])
  })

  it("clears the violations on DELETE, so a suite can start from none", async () => {
    await createInvoice("cleared")
    await check("cleared")
    await check("cleared")
    expect(await violations()).toHaveLength(1)
    expect((await t.client.control("DELETE", "/violations")).status).toBe(200)
    expect(await violations()).toEqual([])
  })
})
