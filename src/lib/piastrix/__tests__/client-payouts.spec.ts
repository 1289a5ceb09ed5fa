import { PiastrixErrorCode } from "../error-codes"
import { PiastrixApiError } from "../errors"
import {
  API,
  expectPost,
  failure,
  forbidAnyRequest,
  makeClient,
  ok,
  setUpNock,
} from "./client-test-utils"

setUpNock()

describe("withdrawTry", () => {
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

describe("withdrawCreate", () => {
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

describe("transferShopPaymentStatus", () => {
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
