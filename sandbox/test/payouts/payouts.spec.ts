import { now } from "../helpers/reference-client"
import { advance, startTestSandbox, type TestSandbox } from "../helpers/setup"

describe("sandbox payouts", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox({
      balances: {
        "643": { available: "10000.00" },
        "840": { available: "50.00" },
      },
      timing: { payoutSettleMs: 30_000 },
    })
  })
  afterAll(() => t.close())

  const rub = async () =>
    (await t.client.call("/shop_balance", { now: now() })).data.balances.find(
      (b: any) => b.currency === 643
    )
  const withdraw = (
    id: string,
    extra: Record<string, string | number | object> = {}
  ) =>
    t.client.call("/withdraw/create", {
      account: "4111111111111111",
      amount: "1000.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: id,
      email: "payee@example.com",
      ...extra,
    })

  it("quotes an external payout with the payway's fee, both ways", async () => {
    const ps = await t.client.call("/withdraw/try", {
      amount: "1000.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: 643,
    })
    expect(ps.data).toMatchObject({
      payee_receive: 1000,
      shop_write_off: 1040,
      ps_currency: 643,
      shop_currency: 643,
    })
    expect(ps.data.account_info_config.account).toMatchObject({
      regex: expect.any(String),
      title: expect.any(String),
    })
    const shop = await t.client.call("/withdraw/try", {
      amount: "1040.00",
      amount_type: "shop_amount",
      payway: "card_rub",
      shop_currency: 643,
    })
    expect(shop.data).toMatchObject({
      payee_receive: 1000,
      shop_write_off: 1040,
    })
  })

  it("creates a payout at status 3 with the money frozen, then settles it to 5", async () => {
    const created = await withdraw("wd-ok")
    expect(created.data).toMatchObject({
      id: expect.any(Number),
      status: 3,
      shop_write_off: 1040,
      balance: 8960,
      shop_payment_id: "wd-ok",
    })
    expect(await rub()).toMatchObject({ available: 8960, frozen: 1040 })
    const early = await t.client.call("/withdraw/status", {
      now: now(),
      withdraw_id: created.data.id,
    })
    expect(early.data.status).toBe(3)
    await advance(t.client, 30_000)
    const settled = await t.client.call("/withdraw/shop_payment_status", {
      now: now(),
      shop_payment_id: "wd-ok",
    })
    expect(settled.data).toMatchObject({
      id: created.data.id,
      status: 5,
      payee_receive: 1000,
    })
    expect(settled.data.rejected_reason).toBeUndefined()
    expect(await rub()).toMatchObject({ available: 8960, frozen: 0 })
  })

  it("rejects a payout a test decides against (6 with rejected_reason) and returns the money", async () => {
    const created = await withdraw("wd-rejected")
    const decided = await t.client.control(
      "POST",
      "/payouts/wd-rejected/decide",
      { status: 6, rejected_reason: "Card is blocked" }
    )
    expect(decided.status).toBe(200)
    const status = await t.client.call("/withdraw/status", {
      now: now(),
      withdraw_id: created.data.id,
    })
    expect(status.data).toMatchObject({
      status: 6,
      rejected_reason: "Card is blocked",
    })
    expect(await rub()).toMatchObject({ available: 8960, frozen: 0 })
  })

  it("applies a decision made in advance at the scheduled settlement", async () => {
    await withdraw("wd-later")
    await t.client.control("POST", "/payouts/wd-later/decide", {
      status: 6,
      now: false,
    })
    const pending = await t.client.call("/withdraw/shop_payment_status", {
      now: now(),
      shop_payment_id: "wd-later",
    })
    expect(pending.data.status).toBe(3)
    await advance(t.client, 30_000)
    const done = await t.client.call("/withdraw/shop_payment_status", {
      now: now(),
      shop_payment_id: "wd-later",
    })
    expect(done.data).toMatchObject({
      status: 6,
      rejected_reason: expect.any(String),
    })
  })

  it("refuses a reused shop_payment_id with error 6", async () => {
    await withdraw("wd-dup", { amount: "100.00" })
    const again = await withdraw("wd-dup", { amount: "100.00" })
    expect(again).toMatchObject({
      result: false,
      error_code: 6,
      message: expect.stringContaining("wd-dup"),
    })
  })

  it("refuses a payout larger than the available balance with error 9", async () => {
    const res = await t.client.call("/withdraw/create", {
      account: "4111111111111111",
      amount: "5000.00",
      amount_type: "ps_amount",
      payway: "card_usd",
      shop_currency: 840,
      shop_payment_id: "wd-poor",
      email: "payee@example.com",
    })
    expect(res).toMatchObject({ result: false, error_code: 9 })
  })

  it("refuses an account that does not match the payway, and missing account details", async () => {
    expect(await withdraw("wd-bad-account", { account: "12" })).toMatchObject({
      error_code: 10,
      message: expect.stringContaining("account"),
    })
    const pln = await t.client.call("/withdraw/create", {
      account: "PL61109010140000071219812874",
      amount: "100.00",
      amount_type: "ps_amount",
      payway: "bank_pln",
      shop_currency: 643,
      shop_payment_id: "wd-pln",
      email: "payee@example.com",
    })
    expect(pln).toMatchObject({
      error_code: 10,
      message: expect.stringContaining("holder"),
    })
    const withHolder = await t.client.call("/withdraw/create", {
      account: "PL61109010140000071219812874",
      amount: "100.00",
      amount_type: "ps_amount",
      payway: "bank_pln",
      shop_currency: 643,
      shop_payment_id: "wd-pln-2",
      email: "payee@example.com",
      account_details: { holder: "Jan Kowalski" },
    })
    expect(withHolder).toMatchObject({
      result: true,
      data: { status: 3, ps_currency: 985 },
    })
  })

  it("answers 2000 for an unknown external payout on both status endpoints", async () => {
    expect(
      await t.client.call("/withdraw/status", { now: now(), withdraw_id: 1 })
    ).toMatchObject({ result: false, error_code: 2000 })
    expect(
      await t.client.call("/withdraw/shop_payment_status", {
        now: now(),
        shop_payment_id: "nope",
      })
    ).toMatchObject({
      result: false,
      error_code: 2000,
    })
  })

  it("pays out to a wallet at once, with the transfer fee, and finds it by shop_payment_id", async () => {
    const quote = await t.client.call("/transfer/try", {
      amount: "100.00",
      amount_type: "receive_amount",
      payee_currency: 643,
      shop_currency: 643,
    })
    expect(quote.data).toMatchObject({
      payee_amount: 100,
      write_off_amount: 100.5,
      payee_currency: 643,
    })
    expect(quote.data.account_info_config.payee_account).toMatchObject({
      regex: expect.any(String),
      example: expect.any(String),
    })
    const before = await rub()
    const created = await t.client.call("/transfer/create", {
      amount: "100.00",
      amount_type: "receive_amount",
      payee_account: "201494711279",
      payee_currency: 643,
      shop_currency: 643,
      shop_payment_id: "tr-1",
    })
    expect(created.data).toMatchObject({
      id: expect.any(Number),
      payee_amount: 100,
      write_off_amount: 100.5,
      payee_account: 201494711279,
      shop: 5,
    })
    expect(created.data.status).toBeUndefined()
    expect((await rub()).available).toBeCloseTo(before.available - 100.5, 2)
    const status = await t.client.call("/transfer/shop_payment_status", {
      now: now(),
      shop_payment_id: "tr-1",
    })
    expect(status.data).toEqual({
      id: created.data.id,
      payee_currency: 643,
      receive_amount: 100,
      shop_currency: 643,
      shop_payment_id: "tr-1",
      write_off_amount: 100.5,
    })
    const alias = await t.client.call("/shop_payment_status", {
      now: now(),
      shop_payment_id: "tr-1",
    })
    expect(alias.data.id).toBe(created.data.id)
  })

  it("answers 7 for an unknown wallet payout and 9 for a transfer beyond the balance", async () => {
    expect(
      await t.client.call("/transfer/shop_payment_status", {
        now: now(),
        shop_payment_id: "never",
      })
    ).toMatchObject({
      result: false,
      error_code: 7,
    })
    const poor = await t.client.call("/transfer/create", {
      amount: "60.00",
      amount_type: "writeoff_amount",
      payee_account: "payee@example.com",
      payee_currency: 840,
      shop_currency: 840,
      shop_payment_id: "tr-poor",
    })
    expect(poor).toMatchObject({ result: false, error_code: 9 })
  })

  it("reports another debited amount when a test says so, moving no money", async () => {
    const created = await withdraw("wd-misreported", { amount: "100.00" })
    const transfer = await t.client.call("/transfer/create", {
      amount: "50.00",
      amount_type: "writeoff_amount",
      payee_account: "201494711279",
      payee_currency: 643,
      shop_currency: 643,
      shop_payment_id: "tr-misreported",
    })
    const before = await rub()
    for (const id of ["wd-misreported", "tr-misreported"]) {
      expect(
        (
          await t.client.control("POST", `/payouts/${id}/report`, {
            write_off: "123.45",
          })
        ).status
      ).toBe(200)
    }
    const withdrawStatus = await t.client.call("/withdraw/status", {
      now: now(),
      withdraw_id: created.data.id,
    })
    const transferStatus = await t.client.call(
      "/transfer/shop_payment_status",
      { now: now(), shop_payment_id: "tr-misreported" }
    )
    expect([
      withdrawStatus.data.shop_write_off,
      transferStatus.data.write_off_amount,
    ]).toEqual([123.45, 123.45])
    expect(await rub()).toEqual(before)
    // null: the truth again.
    await t.client.control("POST", "/payouts/tr-misreported/report", {
      write_off: null,
    })
    const truth = await t.client.call("/transfer/shop_payment_status", {
      now: now(),
      shop_payment_id: "tr-misreported",
    })
    expect(truth.data.write_off_amount).toBe(transfer.data.write_off_amount)
    expect(
      (
        await t.client.control("POST", "/payouts/wd-misreported/report", {
          write_off: "-1",
        })
      ).status
    ).toBe(400)
  })

  it("forgets a payout on request: not found by either status endpoint, its id free again, its money still moved", async () => {
    const created = await withdraw("wd-forgotten", { amount: "100.00" })
    const before = await rub()
    expect(
      (await t.client.control("POST", "/payouts/wd-forgotten/forget")).status
    ).toBe(200)
    expect(
      await t.client.call("/withdraw/status", {
        now: now(),
        withdraw_id: created.data.id,
      })
    ).toMatchObject({ result: false, error_code: 2000 })
    expect(
      await t.client.call("/withdraw/shop_payment_status", {
        now: now(),
        shop_payment_id: "wd-forgotten",
      })
    ).toMatchObject({ result: false, error_code: 2000 })
    expect(await rub()).toEqual(before)
    expect(
      (await t.client.control("GET", "/payouts/wd-forgotten")).status
    ).toBe(404)
    // A create with the same id is a new payout: the service no longer refuses it as not unique.
    expect(await withdraw("wd-forgotten", { amount: "100.00" })).toMatchObject({
      result: true,
    })
    const state = (await t.client.control<any>("GET", "/state")).body
    expect(
      state.payouts
        .filter((p: any) => p.shopPaymentId === "wd-forgotten")
        .map((p: any) => p.forgotten ?? false)
    ).toEqual([true, false])
  })

  it("checks accounts: provider_status 1 by default, and 2 or 3 when a test says so", async () => {
    const good = await t.client.call("/check_account", {
      account: "4111111111111111",
      payway: "card_rub",
      amount: "500.00",
    })
    expect(good.data).toEqual({
      account_info: { verified: true },
      provider_status: 1,
      result: true,
    })
    const badFormat = await t.client.call("/check_account", {
      account: "abc",
      payway: "card_rub",
      amount: "500.00",
    })
    expect(badFormat.data).toMatchObject({ provider_status: 1, result: false })
    await t.client.control("POST", "/accounts/4222222222222222", {
      provider_status: 2,
      result: false,
    })
    const unknown = await t.client.call("/check_account", {
      account: "4222222222222222",
      payway: "card_rub",
      amount: "500.00",
    })
    expect(unknown.data).toMatchObject({ provider_status: 2, result: false })
    await t.client.control("POST", "/accounts/4333333333333333", {
      provider_status: 3,
      result: false,
    })
    const processing = await t.client.call("/check_account", {
      account: "4333333333333333",
      payway: "card_rub",
      amount: "500.00",
    })
    expect(processing.data.provider_status).toBe(3)
  })
})
