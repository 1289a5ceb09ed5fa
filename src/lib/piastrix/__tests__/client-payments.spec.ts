import nock from "nock"
import { PiastrixErrorCode } from "../error-codes"
import {
  PiastrixApiError,
  PiastrixHttpError,
  PiastrixValidationError,
} from "../errors"
import { sha256Sign } from "../sign"
import {
  API,
  expectPost,
  failure,
  forbidAnyRequest,
  makeClient,
  ok,
  SECRET,
  setUpNock,
} from "./client-test-utils"

setUpNock()

describe("invoiceTry", () => {
  it("reports an amount below the direction's minimum as error 4", async () => {
    expectPost(
      API,
      "/invoice/try",
      200,
      failure(4, "Payer price amount is too small, min: 1.0")
    )
    const error = await makeClient()
      .invoiceTry({
        amount: "0.5",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "o",
      })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixApiError)
    expect(error).toMatchObject({
      errorCode: PiastrixErrorCode.AMOUNT_TOO_SMALL,
      endpoint: "/invoice/try",
      isSignatureError: false,
    })
  })
})

describe("invoiceCreate", () => {
  it("signs email too when signEmail is on (the reference's table read literally), and refuses to sign without one", async () => {
    const { seen } = expectPost(
      API,
      "/invoice/create",
      200,
      ok({ id: 8, method: "GET", url: "https://pay.example/", data: {} })
    )
    const client = makeClient({ signEmail: true })
    await client.invoiceCreate({
      amount: "12.34",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "4127",
      email: "payer@example.com",
    })
    // keys sorted: amount, currency, email, payway, shop_id, shop_order_id
    expect(seen.body!.sign).toBe(
      sha256Sign("12.34:643:payer@example.com:card_rub:5:4127", SECRET)
    )
    forbidAnyRequest()
    const error = await client
      .invoiceCreate({
        amount: "1",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "4128",
      })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixValidationError)
    expect(error.message).toContain("email")
  })

  it.each([
    [1, "invalid sign"],
    [
      10,
      'Incorrect values for parameters: sign="Invalid sign, string to sign: "10.00:643:card_rub:5:1""',
    ],
  ])(
    "flags a rejected signature (error %i) and keeps the signed string out of the message",
    async (code, message) => {
      expectPost(API, "/invoice/create", 200, failure(code, message))
      const error = await makeClient()
        .invoiceCreate({
          amount: "10",
          currency: 643,
          payway: "card_rub",
          shop_order_id: "1",
          email: "a@b.co",
        })
        .catch((e) => e)
      expect(error).toBeInstanceOf(PiastrixApiError)
      expect(error.isSignatureError).toBe(true)
      expect(error.errorCode).toBe(code)
      expect(error.message).not.toContain("10.00:643")
    }
  )

  it("does not take a missing payway (error 1 without 'sign') for a signature error", async () => {
    expectPost(
      API,
      "/invoice/create",
      400,
      failure(1, "Payway (id=3) is not found")
    )
    const error = await makeClient()
      .invoiceCreate({
        amount: "10",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "1",
        email: "a@b.co",
      })
      .catch((e) => e)
    expect(error).toMatchObject({
      errorCode: 1,
      isSignatureError: false,
      httpStatus: 400,
    })
  })

  it("reports an amount below the minimum as error 4", async () => {
    expectPost(
      API,
      "/invoice/create",
      200,
      failure(4, "Payer price amount is too small, min: 1.0")
    )
    await expect(
      makeClient().invoiceCreate({
        amount: "0.5",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "1",
        email: "a@b.co",
      })
    ).rejects.toMatchObject({ errorCode: 4 })
  })
})

describe("h2hData", () => {
  it("refuses to call when no host-to-host address is configured, naming the option", async () => {
    await expect(
      makeClient({ h2hUrl: undefined }).h2hData({ session_id: "s" })
    ).rejects.toMatchObject({ field: "h2hUrl" })
  })
})

describe("cardFormPost", () => {
  const card = {
    payform_url: "https://payform.example/pay",
    card_number: "4111111111111111",
    expiry_month: "12",
    expiry_year: "30",
    cvv: "123",
    card_holder: "IVAN IVANOV",
    form_token: "tok-1",
    session_id: "sess-1",
  }

  it("returns the 3-D Secure redirect instead of following it", async () => {
    nock("https://payform.example")
      .post("/pay")
      .reply(302, "", { Location: "/3ds?md=1" })
    const result = await makeClient().cardFormPost(card)
    expect(result).toMatchObject({
      httpStatus: 302,
      redirectUrl: "https://payform.example/3ds?md=1",
    })
  })

  it("keeps the card number out of the error when the form rejects the request", async () => {
    nock("https://payform.example")
      .post("/pay")
      .reply(400, { detail: "form_token expired" })
    const error = await makeClient()
      .cardFormPost(card)
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixHttpError)
    expect(error.detail).toBe("form_token expired")
    expect(JSON.stringify(error) + error.message).not.toContain(
      "4111111111111111"
    )
  })
})

describe("receipts", () => {
  const orderId = "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"
  const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")

  it("turns a 400 into an error carrying the service's detail", async () => {
    nock(API)
      .post(`/api/v1/order/${orderId}/receipt`)
      .reply(400, { detail: "File type not allowed" })
    const error = await makeClient()
      .receiptUpload({ order_id: orderId, file: pdf })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixHttpError)
    expect(error).toMatchObject({
      httpStatus: 400,
      detail: "File type not allowed",
    })
  })

  it("refuses a file that is not an accepted type, or larger than 10 MB, before sending it", async () => {
    const spy = forbidAnyRequest()
    const gif = Buffer.from("GIF89a....")
    await expect(
      makeClient().receiptUpload({ order_id: orderId, file: gif })
    ).rejects.toMatchObject({ field: "file" })
    const big = Buffer.alloc(10 * 1024 * 1024 + 1)
    pdf.copy(big)
    await expect(
      makeClient().receiptUpload({ order_id: orderId, file: big })
    ).rejects.toThrow(/at most 10 MB/)
    expect(spy.isDone()).toBe(false)
  })

  it("turns a 422 for an id that is not a UUID into a typed error with the detail list", async () => {
    nock(API)
      .get("/api/v1/order/not-a-uuid/receipt/status")
      .reply(422, {
        detail: [
          {
            loc: ["path", "id"],
            msg: "value is not a valid uuid",
            type: "type_error.uuid",
          },
        ],
      })
    const error = await makeClient()
      .receiptStatus({ order_id: "not-a-uuid" })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixHttpError)
    expect(error.httpStatus).toBe(422)
    expect(error.detail).toEqual([
      {
        loc: ["path", "id"],
        msg: "value is not a valid uuid",
        type: "type_error.uuid",
      },
    ])
    expect(error.message).toContain("path.id: value is not a valid uuid")
  })
})

describe("billCreate", () => {
  it("flags the wallet endpoints' bad-signature error 1", async () => {
    expectPost(API, "/bill/create", 200, failure(1, "invalid sign"))
    await expect(
      makeClient().billCreate({
        shop_amount: "1",
        shop_currency: 643,
        shop_order_id: "x",
      })
    ).rejects.toMatchObject({
      isSignatureError: true,
      errorCode: 1,
    })
  })
})

describe("input validation", () => {
  it("rejects bad input before any request, naming the field", async () => {
    const spy = forbidAnyRequest()
    const client = makeClient()
    const base = {
      amount: "10",
      currency: "RUB",
      payway: "card_rub",
      shop_order_id: "o-1",
      email: "a@b.co",
    }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, payway: undefined }, "payway"],
      [{ ...base, shop_order_id: "x".repeat(256) }, "shop_order_id"],
      [{ ...base, description: "d".repeat(256) }, "description"],
      [{ ...base, amount: "10.001" }, "amount"],
      [{ ...base, amount: "0" }, "amount"],
      [{ ...base, currency: "XYZ" }, "currency"],
      [{ ...base, email: "not-an-email" }, "email"],
      [{ ...base, success_url: "/relative" }, "success_url"],
    ]
    for (const [input, field] of cases) {
      const error = await client.invoiceCreate(input as never).catch((e) => e)
      expect(error).toBeInstanceOf(PiastrixValidationError)
      expect(error).toMatchObject({ field, endpoint: "/invoice/create" })
      expect(error.message).toContain(field)
    }
    expect(spy.isDone()).toBe(false)
  })

  it("says a missing field is required", async () => {
    await expect(makeClient().invoiceCheck({} as never)).rejects.toThrow(
      "/invoice/check: shop_order_id: is required"
    )
  })

  it("rejects 256-character order ids on status checks too", async () => {
    await expect(
      makeClient().billStatus({ shop_order_id: "x".repeat(256) })
    ).rejects.toMatchObject({ field: "shop_order_id" })
  })
})
