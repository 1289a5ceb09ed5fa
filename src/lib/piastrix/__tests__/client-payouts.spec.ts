import { PiastrixErrorCode } from "../error-codes"
import { PiastrixApiError } from "../errors"
import {
  API,
  expectPost,
  expectSignature,
  failure,
  forbidAnyRequest,
  makeClient,
  NOW,
  ok,
  setUpNock,
} from "./client-test-utils"

setUpNock()

const payoutRecord = {
  id: 48581287,
  payee_receive: 150,
  ps_currency: 643,
  shop_currency: 643,
  shop_payment_id: "payout-42",
  shop_write_off: 153.75,
  status: 5,
}

describe("withdrawTry", () => {
  it("signs the precalculation and reads both names of the debited amount", async () => {
    const { seen } = expectPost(
      API,
      "/withdraw/try",
      200,
      ok({
        account_info_config: {
          account: { regex: "^\\d{16}$", title: "Card number" },
        },
        payee_receive: 150,
        ps_currency: 643,
        shop_currency: 643,
        shop_write_off: 153.75,
      })
    )
    const result = await makeClient().withdrawTry({
      amount: 150,
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: "RUB",
    })
    expect(seen.body).toEqual({
      shop_currency: 643,
      amount_type: "ps_amount",
      payway: "card_rub",
      amount: "150.00",
      shop_id: 5,
      sign: expect.any(String),
    })
    expectSignature(
      "/withdraw/try",
      seen.body,
      "150.00:ps_amount:card_rub:643:5"
    )
    expect(result).toMatchObject({
      payee_receive: "150",
      shop_write_off: "153.75",
    })
    expect(result.account_info_config?.account.regex).toBe("^\\d{16}$")
  })

  it("formats a ps_amount with the direction's currency when the caller names it", async () => {
    const { seen } = expectPost(
      API,
      "/withdraw/try",
      200,
      ok({
        payee_receive: 1000,
        ps_currency: 392,
        shop_currency: 840,
        write_off_amount: 7.1,
      })
    )
    const result = await makeClient().withdrawTry({
      amount: "1000",
      amount_type: "ps_amount",
      payway: "bank_jpy",
      shop_currency: "USD",
      amount_currency: "JPY",
    })
    expect(seen.body?.amount).toBe("1000")
    expect(result.write_off_amount).toBe("7.1")
  })
})

describe("checkAccount", () => {
  it("signs account, amount, payway and shop and sends account_details unsigned", async () => {
    const { seen } = expectPost(
      API,
      "/check_account",
      200,
      ok({ account_info: { verified: true }, provider_status: 1, result: true })
    )
    const result = await makeClient().checkAccount({
      account: "79991112233",
      account_details: { contract: "C-1" },
      payway: "qiwi_rub",
      amount: "100.23",
      currency: "RUB",
    })
    expect(seen.body).toEqual({
      account: "79991112233",
      account_details: { contract: "C-1" },
      payway: "qiwi_rub",
      amount: "100.23",
      shop_id: 5,
      sign: "3c466b68f2fd023f8aaa5cbef70cedef580daa4070f0793d9b5ea37e5c39b057",
    })
    expectSignature(
      "/check_account",
      seen.body,
      "79991112233:100.23:qiwi_rub:5"
    )
    expect(result).toEqual({
      account_info: { verified: true },
      provider_status: 1,
      result: true,
    })
  })
})

describe("withdrawCreate", () => {
  it("signs the payout without email, description or account_details and returns the record with status 3", async () => {
    const { scope, seen } = expectPost(
      API,
      "/withdraw/create",
      200,
      ok({ ...payoutRecord, status: 3, balance: 846.25 })
    )
    const record = await makeClient().withdrawCreate({
      account: "4111111111111111",
      amount: "150",
      amount_type: "ps_amount",
      email: "vendor@example.com",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: "payout-42",
      description: "x",
      account_details: { holder: "IVAN IVANOV" },
    })
    expect(scope.isDone()).toBe(true)
    expect(seen.body).toEqual({
      account: "4111111111111111",
      amount: "150.00",
      amount_type: "ps_amount",
      email: "vendor@example.com",
      payway: "card_rub",
      shop_currency: 643,
      shop_id: 5,
      shop_payment_id: "payout-42",
      description: "x",
      account_details: { holder: "IVAN IVANOV" },
      sign: "bdf6ef63d4a607d286b634c8a70266c4b80a2f2001c388bc40c595f60a21f72d",
    })
    expectSignature(
      "/withdraw/create",
      seen.body,
      "4111111111111111:150.00:ps_amount:card_rub:643:5:payout-42"
    )
    expect(record).toMatchObject({
      id: 48581287,
      status: 3,
      balance: "846.25",
      shop_write_off: "153.75",
    })
  })

  it("reports insufficient balance as error 9", async () => {
    expectPost(API, "/withdraw/create", 200, failure(9, "Insufficient balance"))
    await expect(
      makeClient().withdrawCreate({
        account: "4111111111111111",
        amount: "150",
        amount_type: "shop_amount",
        email: "vendor@example.com",
        payway: "card_rub",
        shop_currency: 643,
        shop_payment_id: "p-1",
      })
    ).rejects.toMatchObject({
      errorCode: PiastrixErrorCode.INSUFFICIENT_BALANCE,
      outcomeUnknown: false,
    })
  })

  it("rejects an empty shop_payment_id and an invalid email before any request", async () => {
    const spy = forbidAnyRequest()
    const input = {
      account: "4111111111111111",
      amount: "150",
      amount_type: "ps_amount" as const,
      email: "vendor@example.com",
      payway: "card_rub",
      shop_currency: 643,
      shop_payment_id: "p-1",
    }
    await expect(
      makeClient().withdrawCreate({ ...input, shop_payment_id: "" })
    ).rejects.toMatchObject({ field: "shop_payment_id" })
    await expect(
      makeClient().withdrawCreate({ ...input, email: "vendor" })
    ).rejects.toMatchObject({ field: "email" })
    await expect(
      makeClient().withdrawCreate({ ...input, amount_type: "all" as never })
    ).rejects.toMatchObject({ field: "amount_type" })
    await expect(
      makeClient().withdrawCreate({ ...input, amount: "150.001" })
    ).rejects.toMatchObject({ field: "amount" })
    expect(spy.isDone()).toBe(false)
  })
})

describe("withdrawStatus", () => {
  it("signs the service's payout id as an integer and parses the record", async () => {
    const { seen } = expectPost(
      API,
      "/withdraw/status",
      200,
      ok({ ...payoutRecord, status: 6, rejected_reason: "Card blocked" })
    )
    const record = await makeClient().withdrawStatus({ withdraw_id: 48581287 })
    expect(seen.body).toEqual({
      now: NOW,
      shop_id: 5,
      withdraw_id: 48581287,
      sign: "fb509e0694408b27fe83982212197c8d24901331a8af1947511af87cd5de2f08",
    })
    expectSignature("/withdraw/status", seen.body, `${NOW}:5:48581287`)
    expect(record).toMatchObject({
      status: 6,
      rejected_reason: "Card blocked",
      payee_receive: "150",
    })
  })

  it("reports an unknown payout as error 2000", async () => {
    expectPost(
      API,
      "/withdraw/status",
      200,
      failure(2000, "Withdraw not found")
    )
    const error = await makeClient()
      .withdrawStatus({ withdraw_id: 1 })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixApiError)
    expect(error.errorCode).toBe(PiastrixErrorCode.OTHER)
  })
})

describe("withdrawShopPaymentStatus", () => {
  it("asks by our payout id and parses the record", async () => {
    const { seen } = expectPost(
      API,
      "/withdraw/shop_payment_status",
      200,
      ok(payoutRecord)
    )
    const record = await makeClient().withdrawShopPaymentStatus({
      shop_payment_id: "payout-42",
    })
    expectSignature(
      "/withdraw/shop_payment_status",
      seen.body,
      `${NOW}:5:payout-42`
    )
    expect(record).toMatchObject({ status: 5, shop_payment_id: "payout-42" })
  })

  it("reports an unknown payout as error 2000", async () => {
    expectPost(
      API,
      "/withdraw/shop_payment_status",
      200,
      failure(2000, "Withdraw not found")
    )
    await expect(
      makeClient().withdrawShopPaymentStatus({ shop_payment_id: "nope" })
    ).rejects.toMatchObject({ errorCode: 2000 })
  })
})

describe("transferTry", () => {
  it("formats a receive_amount in the payee's currency and parses the precalculation", async () => {
    const { seen } = expectPost(
      API,
      "/transfer/try",
      200,
      ok({
        account_info_config: {
          payee_account: {
            comment: { en: "Wallet" },
            label: { en: "Wallet" },
            example: "201494711279",
            regex: "^\\d{12}$",
          },
        },
        info: {},
        payee_amount: 25.5,
        payee_currency: 840,
        shop_currency: 643,
        write_off_amount: 2380.44,
      })
    )
    const result = await makeClient().transferTry({
      amount: "25.5",
      amount_type: "receive_amount",
      payee_currency: "USD",
      shop_currency: "RUB",
    })
    expectSignature(
      "/transfer/try",
      seen.body,
      "25.50:receive_amount:840:643:5"
    )
    expect(result).toMatchObject({
      payee_amount: "25.5",
      write_off_amount: "2380.44",
    })
    expect(result.account_info_config?.payee_account?.regex).toBe("^\\d{12}$")
  })

  it("formats a writeoff_amount in the shop's currency", async () => {
    const { seen } = expectPost(
      API,
      "/transfer/try",
      200,
      ok({
        payee_amount: 1000,
        payee_currency: 392,
        shop_currency: 840,
        write_off_amount: 7,
      })
    )
    await makeClient().transferTry({
      amount: "7",
      amount_type: "writeoff_amount",
      payee_currency: "JPY",
      shop_currency: "USD",
    })
    expect(seen.body?.amount).toBe("7.00")
  })
})

describe("transferCreate", () => {
  it("signs the wallet payout and reads the record with id", async () => {
    const { seen } = expectPost(
      API,
      "/transfer/create",
      200,
      ok({
        balance: 974.5,
        id: 9001,
        payee_account: 201494711279,
        payee_amount: 25.5,
        payee_currency: 643,
        shop: 5,
        shop_currency: 643,
        write_off_amount: 25.5,
      })
    )
    const result = await makeClient().transferCreate({
      amount: "25.50",
      amount_type: "writeoff_amount",
      payee_account: "201494711279",
      payee_currency: 643,
      shop_currency: 643,
      shop_payment_id: "tr-1",
    })
    expect(seen.body?.sign).toBe(
      "a890574eb54c8b95f94c0a7995adb248c496b3cb0e1c7d554a773989a78bde11"
    )
    expectSignature(
      "/transfer/create",
      seen.body,
      "25.50:writeoff_amount:201494711279:643:643:5:tr-1"
    )
    expect(result).toMatchObject({
      id: 9001,
      payee_account: "201494711279",
      balance: "974.5",
    })
  })
})

describe("transferShopPaymentStatus", () => {
  it("asks by our payout id and reads the made payout", async () => {
    const { seen } = expectPost(
      API,
      "/transfer/shop_payment_status",
      200,
      ok({
        id: 9001,
        payee_currency: 643,
        receive_amount: 25.5,
        shop_currency: 643,
        shop_payment_id: "tr-1",
        write_off_amount: 25.5,
      })
    )
    const result = await makeClient().transferShopPaymentStatus({
      shop_payment_id: "tr-1",
    })
    expectSignature("/transfer/shop_payment_status", seen.body, `${NOW}:5:tr-1`)
    expect(result).toMatchObject({ id: 9001, receive_amount: "25.5" })
  })

  it("reports a payout that was never made as error 7", async () => {
    expectPost(
      API,
      "/transfer/shop_payment_status",
      200,
      failure(7, "Operation not found")
    )
    await expect(
      makeClient().transferShopPaymentStatus({ shop_payment_id: "tr-9" })
    ).rejects.toMatchObject({
      errorCode: PiastrixErrorCode.OPERATION_NOT_FOUND,
      outcomeUnknown: false,
    })
  })
})
