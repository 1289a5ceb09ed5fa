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
  expectSignature,
  failure,
  forbidAnyRequest,
  H2H,
  makeClient,
  NOW,
  ok,
  SECRET,
  SHOP_ID,
  setUpNock,
} from "./client-test-utils"

setUpNock()

describe("invoiceTry", () => {
  it("sends the precalculation with the amount in the currency's digits and parses the fees as decimal text", async () => {
    const { scope, seen } = expectPost(
      API,
      "/invoice/try",
      200,
      ok({
        add_ons_config: {
          phone: {
            example: "79991112233",
            label: { en: "Phone" },
            regex: "^7\\d{10}$",
            title: { en: "Phone" },
          },
        },
        exch_fee: 0,
        info: null,
        manual: { en: "Pay", ru: "Оплатите" },
        payer_fee: 0.3,
        payer_price: 10.3,
        paymethod_id: 34,
        paymethod_name: "Card",
        ps_currency: 643,
        warning: null,
      })
    )
    const result = await makeClient().invoiceTry({
      amount: "10",
      currency: "RUB",
      payway: "card_rub",
      shop_order_id: "ord-1",
      description: "Cart",
    })
    expect(scope.isDone()).toBe(true)
    expect(seen.body).toMatchObject({
      shop_id: SHOP_ID,
      amount: "10.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "ord-1",
      description: "Cart",
    })
    expectSignature("/invoice/try", seen.body, "10.00:643:card_rub:5:ord-1")
    expect(result.payer_price).toBe("10.3")
    expect(result.payer_fee).toBe("0.3")
    expect(result.ps_currency).toBe(643)
    expect(result.add_ons_config?.phone?.regex).toBe("^7\\d{10}$")
  })

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
  it("sends email and URLs unsigned, signs the exact amount string and returns the redirect", async () => {
    const { scope, seen } = expectPost(
      API,
      "/invoice/create",
      200,
      ok({
        id: 48581287,
        method: "GET",
        url: "https://payeer.com/api/merchant/process.php",
        data: {
          lang: "ru",
          m_curorderid: "2110227",
          m_historyid: "608154011",
          m_historytm: "1521718934",
          referer: "https://core.piastrix.com",
        },
      })
    )
    const result = await makeClient().invoiceCreate({
      amount: 12.34,
      currency: "rub",
      payway: "payeer_rub",
      shop_order_id: "4126",
      email: "payer@example.com",
      description: "Test invoice",
      success_url: "https://shop.example/ok",
      failed_url: "https://shop.example/fail",
      callback_url: "https://shop.example/hooks/piastrix",
    })
    expect(scope.isDone()).toBe(true)
    expect(seen.headers?.["content-type"]).toMatch(/application\/json/)
    expect(seen.body).toEqual({
      shop_id: 5,
      amount: "12.34",
      currency: 643,
      payway: "payeer_rub",
      shop_order_id: "4126",
      email: "payer@example.com",
      description: "Test invoice",
      success_url: "https://shop.example/ok",
      failed_url: "https://shop.example/fail",
      callback_url: "https://shop.example/hooks/piastrix",
      sign: "9cf003e3ad9da90ff00b06349b677261d5539f7e0540fb976c45537a141222c1",
    })
    expectSignature("/invoice/create", seen.body, "12.34:643:payeer_rub:5:4126")
    expect(result).toMatchObject({
      id: 48581287,
      method: "GET",
      url: "https://payeer.com/api/merchant/process.php",
    })
    expect(result.data?.m_curorderid).toBe("2110227")
  })

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

  it("reads the host-to-host card answer with its session id", async () => {
    expectPost(
      API,
      "/invoice/create",
      200,
      ok({
        id: 7,
        method: "POST",
        url: "https://pay.example/form",
        data: { session_id: "sess-1", language: "en", mdOrder: "md-1" },
      })
    )
    const result = await makeClient().invoiceCreate({
      amount: "100",
      currency: 643,
      payway: "h2h_card_rub",
      shop_order_id: "o-7",
      email: "a@b.co",
    })
    expect(result.data?.session_id).toBe("sess-1")
  })

  it("reads the bank-transfer answer that has no redirect address", async () => {
    expectPost(
      API,
      "/invoice/create",
      200,
      ok({ id: 8, method: "sbp", url: "", data: { data: {} } })
    )
    const result = await makeClient().invoiceCreate({
      amount: "100",
      currency: 643,
      payway: "h2h_sbp_rub",
      shop_order_id: "o-8",
      email: "a@b.co",
    })
    expect(result).toMatchObject({ id: 8, method: "sbp", url: "" })
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

describe("invoiceCheck", () => {
  it("signs now, shop and order and parses the payment record with bank-transfer requisites", async () => {
    const { seen } = expectPost(
      API,
      "/invoice/check",
      200,
      ok({
        client_price: 299.45,
        created: "2023-07-18 13:23:41",
        is_unique: true,
        payment_id: 71432,
        payway: "h2h_sbp_rub",
        processed: null,
        ps_currency: 643,
        ps_data: {
          amount: 299.45,
          bank: "Example Bank",
          phone: "79991112233",
          method: "sbp",
          expired: "1700000000.123",
          receipt_url:
            "https://receipts.example/api/v1/order/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/receipt",
        },
        shop_amount: 299.45,
        shop_currency: 643,
        shop_id: 5,
        shop_order_id: "117",
        shop_refund: 290,
        status: 4,
        updated: null,
      })
    )
    const record = await makeClient().invoiceCheck({ shop_order_id: "117" })
    expect(seen.body).toEqual({
      now: NOW,
      shop_id: 5,
      shop_order_id: "117",
      sign: expect.any(String),
    })
    expectSignature("/invoice/check", seen.body, `${NOW}:5:117`)
    expect(record).toMatchObject({
      status: 4,
      shop_amount: "299.45",
      shop_refund: "290",
      client_price: "299.45",
      is_unique: true,
    })
    expect(record.ps_data).toMatchObject({
      method: "sbp",
      amount: "299.45",
      phone: "79991112233",
      expired: "1700000000.123",
    })
  })
})

describe("h2hData", () => {
  it("posts the session id unsigned to the host-to-host address and returns the form token", async () => {
    const { scope, seen } = expectPost(
      H2H,
      "/h2h_data",
      200,
      ok({ form_token: "tok-1", payform_url: "https://payform.example/pay" })
    )
    const result = await makeClient().h2hData({ session_id: "sess-1" })
    expect(scope.isDone()).toBe(true)
    expect(seen.body).toEqual({ session_id: "sess-1" })
    expect(result).toEqual({
      form_token: "tok-1",
      payform_url: "https://payform.example/pay",
    })
  })

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

  it("posts the card fields as a form, unchanged, and returns the page to show", async () => {
    let sent = ""
    nock("https://payform.example")
      .post("/pay", (body) => {
        sent =
          typeof body === "string" ? body : new URLSearchParams(body).toString()
        return true
      })
      .reply(
        200,
        "<html><form action='https://acs.example/3ds'></form></html>",
        { "Content-Type": "text/html" }
      )
    const result = await makeClient().cardFormPost(card)
    const fields = Object.fromEntries(new URLSearchParams(sent))
    const { payform_url: _address, ...cardFields } = card
    expect(fields).toEqual(cardFields)
    expect(result).toMatchObject({ httpStatus: 200, contentType: "text/html" })
    expect(result.html).toContain("acs.example/3ds")
  })

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

  it("uploads a PDF as multipart field `file` to the receipt address and accepts 202", async () => {
    let contentType = ""
    let raw = ""
    nock("https://receipts.example")
      .post(`/api/v1/order/${orderId}/receipt`, (body) => {
        raw = String(body)
        return true
      })
      .reply(function () {
        contentType = String(this.req.headers["content-type"])
        return [202, "null"]
      })
    const result = await makeClient().receiptUpload({
      order_id: orderId,
      file: pdf,
      receipt_base_url: "https://receipts.example",
    })
    expect(result).toEqual({ httpStatus: 202 })
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(raw).toContain('name="file"; filename="receipt.pdf"')
    expect(raw).toContain("Content-Type: application/pdf")
    expect(raw).toContain("%PDF-1.7")
  })

  it("defaults the receipt address to the API address", async () => {
    const scope = nock(API)
      .post(`/api/v1/order/${orderId}/receipt`)
      .reply(202, "null")
    await makeClient().receiptUpload({
      order_id: orderId,
      file: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
    })
    expect(scope.isDone()).toBe(true)
  })

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

  it("lists the receipts and their states", async () => {
    nock(API)
      .get(`/api/v1/order/${orderId}/receipt/status`)
      .reply(200, [
        { id: "r-1", status: "pending" },
        { id: "r-2", status: "rejected", comment: "Blurred" },
      ])
    const receipts = await makeClient().receiptStatus({ order_id: orderId })
    expect(receipts).toEqual([
      { id: "r-1", status: "pending" },
      { id: "r-2", status: "rejected", comment: "Blurred" },
    ])
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
  it("signs the wallet payment with the shop amount string and sends optional fields unsigned", async () => {
    const { scope, seen } = expectPost(
      API,
      "/bill/create",
      200,
      ok({
        created: "Mon, 30 Apr 2018 12:41:56 GMT",
        id: 21950,
        lifetime: 43200,
        payer_account: null,
        payer_currency: 643,
        payer_price: 23.15,
        shop_amount: 23.15,
        shop_currency: 643,
        shop_id: 5,
        shop_order_id: 123456,
        shop_refund: 22.46,
        url: "https://wallet.piastrix.com/ru/bill/pay/WtDe8tsiDj",
      })
    )
    const result = await makeClient().billCreate({
      shop_amount: "23.15",
      shop_currency: "RUB",
      shop_order_id: "123456",
      description: "Order 1",
      lifetime: 60,
      callback_url: "https://shop.example/hooks/piastrix",
    })
    expect(scope.isDone()).toBe(true)
    expect(seen.body).toEqual({
      payer_currency: 643,
      shop_amount: "23.15",
      shop_currency: 643,
      shop_id: 5,
      shop_order_id: "123456",
      description: "Order 1",
      lifetime: 60,
      callback_url: "https://shop.example/hooks/piastrix",
      sign: "091ee6f0bce195a508231ee0d62d7645bd0b38b63e22bde78046b277d6988045",
    })
    expectSignature("/bill/create", seen.body, "643:23.15:643:5:123456")
    expect(result).toMatchObject({
      id: 21950,
      shop_amount: "23.15",
      shop_refund: "22.46",
      shop_order_id: "123456",
    })
    expect(result.url).toBe(
      "https://wallet.piastrix.com/ru/bill/pay/WtDe8tsiDj"
    )
  })

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

describe("billStatus", () => {
  it("asks the wallet payment status and parses the record", async () => {
    const { seen } = expectPost(
      API,
      "/bill/shop_order_status",
      200,
      ok({
        client_price: 23.15,
        created: "2018-04-30 12:41:56",
        is_unique: true,
        payment_id: 21950,
        payway: "piastrix_rub",
        processed: "2018-04-30 12:45:00",
        ps_currency: 643,
        ps_data: { ps_payer_account: "201494711279" },
        shop_amount: 23.15,
        shop_currency: 643,
        shop_id: 5,
        shop_order_id: "order_01HX",
        shop_refund: 22.46,
        status: 2,
      })
    )
    const record = await makeClient().billStatus({
      shop_order_id: "order_01HX",
    })
    expectSignature("/bill/shop_order_status", seen.body, `${NOW}:5:order_01HX`)
    expect(record).toMatchObject({
      status: 2,
      shop_amount: "23.15",
      ps_data: { ps_payer_account: "201494711279" },
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
