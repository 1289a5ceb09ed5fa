import {
  createCallbackVerifier,
  PiastrixApiError,
  PiastrixClient,
  PiastrixErrorCode,
  PiastrixHttpError,
} from "../../../src/lib/piastrix"
import { startCallbackReceiver } from "../helpers/reference-client"
import {
  advance,
  SECRET,
  SHOP_ID,
  startTestSandbox,
  type TestSandbox,
} from "../helpers/setup"

/** Contract: the plugin's typed client against the sandbox, payments side. */
describe("client contract with the sandbox: payments", () => {
  let t: TestSandbox
  let client: PiastrixClient
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
  const verify = createCallbackVerifier({ secretKey: SECRET, shopId: SHOP_ID })

  beforeAll(async () => {
    t = await startTestSandbox({ timing: { requisitesDelayMs: 1000 } })
    client = new PiastrixClient({
      shopId: SHOP_ID,
      secretKey: SECRET,
      apiUrl: t.running.url,
      h2hUrl: t.running.url,
    })
    receiver = await startCallbackReceiver()
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })

  const apiError = async (
    promise: Promise<unknown>
  ): Promise<PiastrixApiError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(PiastrixApiError)
    return error as PiastrixApiError
  }

  it("quotes, creates and reads a redirect payment, and the notification passes the client's verifier", async () => {
    const quote = await client.invoiceTry({
      amount: "100.00",
      currency: "RUB",
      payway: "qiwi_rub",
      shop_order_id: "c-inv",
    })
    expect(quote).toMatchObject({
      payer_price: "101",
      payer_fee: "1",
      ps_currency: 643,
    })
    const created = await client.invoiceCreate({
      amount: "100.00",
      currency: "RUB",
      payway: "card_rub",
      shop_order_id: "c-inv",
      email: "payer@example.com",
      callback_url: `${receiver.url}/hooks`,
    })
    expect(created).toMatchObject({
      id: expect.any(Number),
      method: "GET",
      url: expect.stringContaining("/pay/"),
    })
    expect(await client.invoiceCheck({ shop_order_id: "c-inv" })).toMatchObject(
      { status: 1, shop_amount: "100", is_unique: true }
    )

    await fetch(`${created.url}/pay`, { method: "POST", redirect: "manual" })
    expect(await client.invoiceCheck({ shop_order_id: "c-inv" })).toMatchObject(
      { status: 4, shop_refund: "97.5" }
    )
    await receiver.waitFor(1)
    const n = receiver.received[0]
    const verified = verify({ body: n.body, contentType: n.contentType })
    expect(verified).toMatchObject({
      ok: true,
      notification: {
        outcome: "success",
        shop_order_id: "c-inv",
        shop_amount: "100.00",
        shop_currency: "643",
      },
    })
  })

  it("surfaces every documented payment error as a typed API error with the service's code", async () => {
    const small = await apiError(
      client.invoiceCreate({
        amount: "5.00",
        currency: "RUB",
        payway: "card_rub",
        shop_order_id: "c-e4",
        email: "a@b.cd",
      })
    )
    expect(small.errorCode).toBe(PiastrixErrorCode.AMOUNT_TOO_SMALL)
    expect(small.serviceMessage).toContain("10.00")
    const large = await apiError(
      client.invoiceTry({
        amount: "200000.00",
        currency: "RUB",
        payway: "card_rub",
        shop_order_id: "c-e5",
      })
    )
    expect(large.errorCode).toBe(PiastrixErrorCode.AMOUNT_TOO_LARGE)
    const unknown = await apiError(
      client.invoiceTry({
        amount: "100.00",
        currency: "RUB",
        payway: "nope",
        shop_order_id: "c-e1",
      })
    )
    expect(unknown.errorCode).toBe(PiastrixErrorCode.PAYWAY_NOT_FOUND)
    expect(unknown.isSignatureError).toBe(false)
    const inactive = await apiError(
      client.invoiceTry({
        amount: "100.00",
        currency: "RUB",
        payway: "yamoney_rub",
        shop_order_id: "c-e3",
      })
    )
    expect(inactive.errorCode).toBe(PiastrixErrorCode.PAYWAY_NOT_AVAILABLE)
    const missing = await apiError(
      client.invoiceCheck({ shop_order_id: "c-never" })
    )
    expect(missing.errorCode).toBe(PiastrixErrorCode.OPERATION_NOT_FOUND)
  })

  it("reports a wrong secret as a signature error, on payment and wallet endpoints alike", async () => {
    const wrong = new PiastrixClient({
      shopId: SHOP_ID,
      secretKey: "wrong",
      apiUrl: t.running.url,
    })
    const invoice = await apiError(wrong.invoiceCheck({ shop_order_id: "x" }))
    expect(invoice).toMatchObject({ errorCode: 10, isSignatureError: true })
    const bill = await apiError(wrong.billStatus({ shop_order_id: "x" }))
    expect(bill).toMatchObject({ errorCode: 1, isSignatureError: true })
    const otherShop = new PiastrixClient({
      shopId: 999,
      secretKey: SECRET,
      apiUrl: t.running.url,
    })
    expect((await apiError(otherShop.shopBalance())).errorCode).toBe(
      PiastrixErrorCode.SHOP_NOT_FOUND
    )
  })

  it("creates and reads a wallet payment, expiring it after its lifetime", async () => {
    const bill = await client.billCreate({
      shop_amount: "250.00",
      shop_currency: "RUB",
      shop_order_id: "c-bill",
      lifetime: 10,
      callback_rejected_url: `${receiver.url}/rejected`,
    })
    expect(bill).toMatchObject({
      lifetime: 10,
      shop_amount: "250",
      shop_order_id: "c-bill",
      url: expect.any(String),
    })
    expect(await client.billStatus({ shop_order_id: "c-bill" })).toMatchObject({
      status: 1,
    })
    await advance(t.client, 10 * 60_000)
    expect(await client.billStatus({ shop_order_id: "c-bill" })).toMatchObject({
      status: 4,
    })
    await receiver.waitFor(2)
    const rejected = receiver.received.find((n) => n.path === "/rejected")!
    expect(
      verify({ body: rejected.body, contentType: rejected.contentType })
    ).toMatchObject({
      ok: true,
      notification: { outcome: "rejected", shop_order_id: "c-bill" },
    })
  })

  it("runs a card host-to-host payment through /h2h_data, the card form and 3-D Secure", async () => {
    const created = await client.invoiceCreate({
      amount: "500.00",
      currency: "RUB",
      payway: "h2h_card_rub",
      shop_order_id: "c-card",
      email: "payer@example.com",
      success_url: "https://shop.example/ok",
    })
    const sessionId = String(created.data?.session_id)
    const token = await client.h2hData({ session_id: sessionId })
    const form = await client.cardFormPost({
      payform_url: token.payform_url,
      card_number: "4111111111111111",
      expiry_month: "12",
      expiry_year: String(new Date().getUTCFullYear() + 1),
      cvv: "123",
      card_holder: "IVAN IVANOV",
      form_token: token.form_token,
      session_id: sessionId,
    })
    expect(form.httpStatus).toBe(200)
    const acs = /action="([^"]+)"/.exec(form.html ?? "")![1]
    const confirm = await fetch(acs, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "code=123456",
      redirect: "manual",
    })
    expect(confirm.headers.get("location")).toBe("https://shop.example/ok")
    expect(
      await client.invoiceCheck({ shop_order_id: "c-card" })
    ).toMatchObject({ status: 4 })
  })

  it("reports a card form the sandbox refuses as an HTTP 400 error", async () => {
    const created = await client.invoiceCreate({
      amount: "500.00",
      currency: "RUB",
      payway: "h2h_card_rub",
      shop_order_id: "c-card-bad",
      email: "payer@example.com",
    })
    const sessionId = String(created.data?.session_id)
    const token = await client.h2hData({ session_id: sessionId })
    const error = await client
      .cardFormPost({
        payform_url: token.payform_url,
        card_number: "1234",
        expiry_month: "12",
        expiry_year: "2099",
        cvv: "123",
        card_holder: "X",
        form_token: token.form_token,
        session_id: sessionId,
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PiastrixHttpError)
    expect((error as PiastrixHttpError).httpStatus).toBe(400)
  })

  it("runs a bank transfer: requisites later, receipt upload and status, settlement with the received amount", async () => {
    const created = await client.invoiceCreate({
      amount: "1000.00",
      currency: "RUB",
      payway: "h2h_sbp_rub",
      shop_order_id: "c-bt",
      email: "payer@example.com",
    })
    expect(created).toMatchObject({ method: "sbp", url: "" })
    expect(
      (await client.invoiceCheck({ shop_order_id: "c-bt" })).ps_data
    ).toEqual({})
    await advance(t.client, 1000)
    const record = await client.invoiceCheck({ shop_order_id: "c-bt" })
    const psData = record.ps_data as Record<string, string>
    const orderId = /order\/([^/]+)\/receipt$/.exec(psData.receipt_url)![1]
    const receiptBase = psData.receipt_url.split("/api/v1/")[0]
    expect(receiptBase).toBe(t.running.url)
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")
    expect(
      await client.receiptUpload({
        order_id: orderId,
        file: png,
        receipt_base_url: receiptBase,
      })
    ).toEqual({ httpStatus: 202 })
    expect(
      await client.receiptStatus({
        order_id: orderId,
        receipt_base_url: receiptBase,
      })
    ).toEqual([{ id: expect.any(String), status: "pending", comment: null }])
    const bad = await client
      .receiptStatus({ order_id: "not-a-uuid", receipt_base_url: receiptBase })
      .catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(PiastrixHttpError)
    expect(bad).toMatchObject({
      httpStatus: 422,
      detail: [{ loc: ["path", "id"] }],
    })

    await t.client.control("POST", `/payments/${created.id}/confirm-transfer`, {
      amount: "999.00",
    })
    expect(await client.invoiceCheck({ shop_order_id: "c-bt" })).toMatchObject({
      status: 4,
      shop_amount: "999",
      shop_original_amount: "1000",
    })
  })

  it("reads the service's availability", async () => {
    expect(await client.checkStatus()).toMatchObject({
      status: "OK",
      available: true,
    })
  })
})
