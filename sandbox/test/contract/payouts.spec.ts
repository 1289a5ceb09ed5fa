import {
  PiastrixApiError,
  PiastrixClient,
  PiastrixErrorCode,
} from "../../../src/lib/piastrix"
import {
  advance,
  SECRET,
  SHOP_ID,
  startTestSandbox,
  type TestSandbox,
} from "../helpers/setup"

/** Contract: the plugin's typed client against the sandbox, payouts and shop information. */
describe("client contract with the sandbox: payouts and shop information", () => {
  let t: TestSandbox
  let client: PiastrixClient

  beforeAll(async () => {
    t = await startTestSandbox({
      balances: { "643": { available: "5000.00" } },
      timing: { payoutSettleMs: 60_000 },
    })
    client = new PiastrixClient({
      shopId: SHOP_ID,
      secretKey: SECRET,
      apiUrl: t.running.url,
    })
  })
  afterAll(() => t.close())

  const errorCode = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => (e instanceof PiastrixApiError ? e.errorCode : e)
    )

  const withdraw = (id: string, amount = "1000.00") =>
    client.withdrawCreate({
      account: "4111111111111111",
      amount,
      amount_type: "ps_amount",
      email: "payee@example.com",
      payway: "card_rub",
      shop_currency: "RUB",
      shop_payment_id: id,
      description: "Vendor payout",
    })

  it("quotes, creates, polls and settles an external payout, with the balance following", async () => {
    const quote = await client.withdrawTry({
      amount: "1000.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: "RUB",
    })
    expect(quote).toMatchObject({
      payee_receive: "1000",
      shop_write_off: "1040",
    })
    const created = await withdraw("c-wd")
    expect(created).toMatchObject({
      status: 3,
      balance: "3960",
      shop_write_off: "1040",
      shop_payment_id: "c-wd",
    })
    expect(
      (await client.shopBalance()).balances.find((b) => b.currency === 643)
    ).toMatchObject({ available: "3960", frozen: "1040" })
    await advance(t.client, 60_000)
    expect(
      await client.withdrawStatus({ withdraw_id: created.id })
    ).toMatchObject({ status: 5 })
    expect(
      await client.withdrawShopPaymentStatus({ shop_payment_id: "c-wd" })
    ).toMatchObject({ status: 5, id: created.id })
    expect(
      (await client.shopBalance()).balances.find((b) => b.currency === 643)
    ).toMatchObject({ available: "3960", frozen: "0" })
  })

  it("reads a rejected payout's reason", async () => {
    await withdraw("c-wd-rejected", "100.00")
    await t.client.control("POST", "/payouts/c-wd-rejected/decide", {
      status: 6,
      rejected_reason: "Account closed",
    })
    expect(
      await client.withdrawShopPaymentStatus({
        shop_payment_id: "c-wd-rejected",
      })
    ).toMatchObject({
      status: 6,
      rejected_reason: "Account closed",
    })
  })

  it("surfaces the documented payout errors: 6 reused id, 9 balance, 2000 unknown payout", async () => {
    expect(await errorCode(withdraw("c-wd"))).toBe(
      PiastrixErrorCode.OPERATION_NOT_UNIQUE
    )
    expect(await errorCode(withdraw("c-wd-poor", "100000.00"))).toBe(
      PiastrixErrorCode.INSUFFICIENT_BALANCE
    )
    expect(await errorCode(client.withdrawStatus({ withdraw_id: 1 }))).toBe(
      PiastrixErrorCode.OTHER
    )
    expect(
      await errorCode(
        client.withdrawShopPaymentStatus({ shop_payment_id: "never" })
      )
    ).toBe(PiastrixErrorCode.OTHER)
  })

  it("checks an account", async () => {
    expect(
      await client.checkAccount({
        account: "4111111111111111",
        payway: "card_rub",
        amount: "500.00",
        currency: "RUB",
      })
    ).toMatchObject({
      provider_status: 1,
      result: true,
    })
    await t.client.control("POST", "/accounts/4000000000000077", {
      provider_status: 2,
      result: false,
    })
    expect(
      await client.checkAccount({
        account: "4000000000000077",
        payway: "card_rub",
        amount: "500.00",
        currency: "RUB",
      })
    ).toMatchObject({
      provider_status: 2,
      result: false,
    })
  })

  it("pays out to a wallet at once and finds the transfer; an unknown one is error 7", async () => {
    const quote = await client.transferTry({
      amount: "100.00",
      amount_type: "receive_amount",
      payee_currency: "RUB",
      shop_currency: "RUB",
    })
    expect(quote).toMatchObject({
      payee_amount: "100",
      write_off_amount: "100.5",
    })
    const created = await client.transferCreate({
      amount: "100.00",
      amount_type: "receive_amount",
      payee_account: "201494711279",
      payee_currency: "RUB",
      shop_currency: "RUB",
      shop_payment_id: "c-tr",
    })
    expect(created).toMatchObject({
      id: expect.any(Number),
      payee_amount: "100",
      write_off_amount: "100.5",
    })
    expect(
      await client.transferShopPaymentStatus({ shop_payment_id: "c-tr" })
    ).toMatchObject({ id: created.id, receive_amount: "100" })
    expect(
      await errorCode(
        client.transferShopPaymentStatus({ shop_payment_id: "never" })
      )
    ).toBe(PiastrixErrorCode.OPERATION_NOT_FOUND)
  })

  it("lists the shop's payment and payout directions", async () => {
    const input = await client.shopInputConfig()
    expect(input.flatMap((m) => m.payways.map((p) => p.alias))).toEqual(
      expect.arrayContaining(["card_rub", "h2h_sbp_rub", "piastrix_rub"])
    )
    const output = await client.shopOutputConfig()
    expect(output.flatMap((m) => m.payways.map((p) => p.alias))).toContain(
      "card_rub"
    )
  })
})
