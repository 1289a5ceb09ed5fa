import type { SignedEndpoint } from "../sign"
import { expectSignature, NOW, SHOP_ID, useSandbox } from "./client-test-utils"

/**
 * The client's calls that go well, over real HTTP to the sandbox started in this process: what the client
 * sends (fields, amount formats, the signed string) is read from the request as it left, and what it reads
 * back is the sandbox's real answer, signature checked by the sandbox. The failures the sandbox is not made
 * to give (timeouts, resets, unreadable or odd answers) stay with nock in the other client files.
 */

const { sandbox, client, lastTo } = useSandbox()

const RUB = 643
const WALLET = "201494711279"
const CARD = "4111111111111111"

/** The last request to `path` is signed over exactly `joined` with the secret; returns its body. */
function sentSigned(path: SignedEndpoint, joined: string) {
  const { body } = lastTo(path)
  expectSignature(path, body as never, joined)
  return body
}

/** The payer pays a payment at the sandbox, as its page would. */
async function payAtSandbox(shopOrderId: string) {
  const res = await fetch(
    `${sandbox().url}/__sandbox/payments/${shopOrderId}/pay`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    }
  )
  expect(res.status).toBe(200)
}

describe("the shop", () => {
  it("signs now and shop for the balance, sends shop_payment_id unsigned, and keeps balances as decimal text", async () => {
    const result = await client().shopBalance({ shop_payment_id: "p-1" })
    const { body } = lastTo("/shop_balance")
    expect(body).toEqual({
      now: NOW,
      shop_id: SHOP_ID,
      shop_payment_id: "p-1",
      sign: expect.any(String),
    })
    expectSignature("/shop_balance", body as never, `${NOW}:5`)
    const rub = result.balances.find((b) => b.currency === RUB)
    expect(rub).toBeDefined()
    expect(rub!.available).toMatch(/^\d+(\.\d+)?$/)
  })

  it("lists the payment directions with limits and fees as decimal text", async () => {
    const methods = await client().shopInputConfig()
    const { body } = lastTo("/shop_input_config/shop")
    expect(body).toEqual({ now: NOW, shop_id: 5, sign: expect.any(String) })
    expectSignature("/shop_input_config/shop", body as never, `${NOW}:5`)
    const card = methods
      .flatMap((m) => m.payways)
      .find((p) => p.alias === "card_rub")
    expect(card).toMatchObject({
      alias: "card_rub",
      currency: RUB,
      min_amount: expect.stringMatching(/^\d+(\.\d+)?$/),
      max_amount: expect.stringMatching(/^\d+(\.\d+)?$/),
    })
  })

  it("lists the payout directions with their account fields", async () => {
    const methods = await client().shopOutputConfig()
    sentSigned("/shop_output_config/shop", `${NOW}:5`)
    const card = methods
      .flatMap((m) => m.payways)
      .find((p) => p.alias === "card_rub")
    expect(card).toMatchObject({
      alias: "card_rub",
      min_amount: expect.stringMatching(/^\d+(\.\d+)?$/),
    })
  })

  it("reads the availability document without envelope", async () => {
    await expect(client().checkStatus()).resolves.toEqual({
      status: "OK",
      available: true,
    })
  })
})

describe("a payment by redirect (invoice)", () => {
  it("sends the precalculation with the amount in the currency's digits and parses the fees as decimal text", async () => {
    const result = await client().invoiceTry({
      amount: "10",
      currency: "RUB",
      payway: "card_rub",
      shop_order_id: "sbx-try-1",
      description: "Cart",
    })
    const { body } = lastTo("/invoice/try")
    expect(body).toMatchObject({
      shop_id: SHOP_ID,
      amount: "10.00",
      currency: RUB,
      payway: "card_rub",
      shop_order_id: "sbx-try-1",
      description: "Cart",
    })
    expectSignature(
      "/invoice/try",
      body as never,
      "10.00:643:card_rub:5:sbx-try-1"
    )
    expect(result.ps_currency).toBe(RUB)
    expect(result.payer_price).toMatch(/^\d+(\.\d+)?$/)
    expect(result.payer_fee).toMatch(/^\d+(\.\d+)?$/)
  })

  it("sends email and URLs unsigned, signs the exact amount string, returns the redirect, and reads the paid record by the order", async () => {
    const c = client()
    const created = await c.invoiceCreate({
      amount: 12.34,
      currency: "rub",
      payway: "card_rub",
      shop_order_id: "sbx-inv-1",
      email: "payer@example.com",
      description: "Test invoice",
      success_url: "https://shop.example/ok",
      failed_url: "https://shop.example/fail",
      callback_url: "https://shop.example/hooks/piastrix",
    })
    const sent = lastTo("/invoice/create")
    expect(
      String(sent.headers["Content-Type"] ?? sent.headers["content-type"])
    ).toMatch(/application\/json/)
    expect(sent.body).toEqual({
      shop_id: 5,
      amount: "12.34",
      currency: RUB,
      payway: "card_rub",
      shop_order_id: "sbx-inv-1",
      email: "payer@example.com",
      description: "Test invoice",
      success_url: "https://shop.example/ok",
      failed_url: "https://shop.example/fail",
      callback_url: "https://shop.example/hooks/piastrix",
      sign: expect.any(String),
    })
    expectSignature(
      "/invoice/create",
      sent.body as never,
      "12.34:643:card_rub:5:sbx-inv-1"
    )
    expect(created).toMatchObject({
      id: expect.any(Number),
      method: expect.stringMatching(/^(GET|POST)$/),
      url: expect.stringContaining(sandbox().url),
    })

    await payAtSandbox("sbx-inv-1")
    const record = await c.invoiceCheck({ shop_order_id: "sbx-inv-1" })
    const check = lastTo("/invoice/check")
    expect(check.body).toEqual({
      now: NOW,
      shop_id: 5,
      shop_order_id: "sbx-inv-1",
      sign: expect.any(String),
    })
    expectSignature("/invoice/check", check.body as never, `${NOW}:5:sbx-inv-1`)
    expect(record).toMatchObject({
      payment_id: created.id,
      status: 4,
      shop_amount: "12.34",
      shop_currency: RUB,
      shop_order_id: "sbx-inv-1",
    })
  })
})

describe("a card payment on the store's own form (host-to-host)", () => {
  it("posts the session id unsigned for the form token, then the card fields as a form, and returns the page to show", async () => {
    const c = client()
    const created = await c.invoiceCreate({
      amount: "150.00",
      currency: RUB,
      payway: "h2h_card_rub",
      shop_order_id: "sbx-h2h-1",
    })
    const sessionId = String(created.data?.session_id ?? created.session_id)
    expect(sessionId).not.toBe("undefined")
    const form = await c.h2hData({ session_id: sessionId })
    expect(lastTo("/h2h_data").body).toEqual({ session_id: sessionId })
    expect(form).toEqual({
      form_token: expect.any(String),
      payform_url: expect.stringContaining(sandbox().url),
    })

    const card = {
      payform_url: form.payform_url,
      card_number: CARD,
      expiry_month: "12",
      expiry_year: "30",
      cvv: "123",
      card_holder: "IVAN IVANOV",
      form_token: form.form_token,
      session_id: sessionId,
    }
    const page = await c.cardFormPost(card)
    const posted = lastTo(new URL(form.payform_url).pathname)
    const { payform_url: _address, ...cardFields } = card
    expect(
      Object.fromEntries(new URLSearchParams(String(posted.body)))
    ).toEqual(cardFields)
    expect(page.httpStatus).toBe(200)
    expect(page.html).toContain("/3ds/")
  })
})

describe("a bank transfer's receipts", () => {
  it("uploads a PDF as multipart field `file` to the API address (202) and lists it with its state", async () => {
    const c = client()
    const created = await c.invoiceCreate({
      amount: "500.00",
      currency: RUB,
      payway: "h2h_sbp_rub",
      shop_order_id: "sbx-bank-1",
    })
    // A bank transfer has no page to send the payer to: the requisites come with the payment's record.
    expect(created).toMatchObject({ id: expect.any(Number), url: "" })
    const record = await c.invoiceCheck({ shop_order_id: "sbx-bank-1" })
    expect(record).toMatchObject({
      payment_id: created.id,
      shop_amount: "500",
      ps_data: {
        method: "sbp",
        amount: expect.stringMatching(/^\d+(\.\d+)?$/),
        expired: expect.any(String),
        receipt_url: expect.stringContaining(sandbox().url),
      },
    })
    const receiptUrl = String(record.ps_data?.receipt_url ?? "")
    const orderId = receiptUrl.match(/order\/([^/]+)\/receipt/)?.[1]
    expect(orderId).toBeDefined()
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")
    await expect(
      c.receiptUpload({ order_id: orderId!, file: pdf })
    ).resolves.toEqual({ httpStatus: 202 })
    // The sandbox takes a receipt only as a multipart field `file` of an accepted type: it lists it now.
    expect(lastTo(`/api/v1/order/${orderId}/receipt`).method).toBe("POST")
    await expect(c.receiptStatus({ order_id: orderId! })).resolves.toEqual([
      expect.objectContaining({ id: expect.any(String), status: "pending" }),
    ])
  })
})

describe("a wallet payment (bill)", () => {
  it("signs the wallet payment with the shop amount string, and reads its paid record by the order", async () => {
    const c = client()
    const created = await c.billCreate({
      shop_amount: "23.50",
      shop_currency: RUB,
      payer_currency: RUB,
      shop_order_id: "sbx-bill-1",
      description: "Wallet",
    })
    const { body } = lastTo("/bill/create")
    expect(body).toMatchObject({
      shop_amount: "23.50",
      shop_currency: RUB,
      payer_currency: RUB,
      shop_id: 5,
      shop_order_id: "sbx-bill-1",
      description: "Wallet",
    })
    expectSignature("/bill/create", body as never, "643:23.50:643:5:sbx-bill-1")
    expect(created).toMatchObject({
      id: expect.any(Number),
      url: expect.stringContaining(sandbox().url),
    })

    await payAtSandbox("sbx-bill-1")
    const record = await c.billStatus({ shop_order_id: "sbx-bill-1" })
    sentSigned("/bill/shop_order_status", `${NOW}:5:sbx-bill-1`)
    expect(record).toMatchObject({
      payment_id: created.id,
      status: 2,
      shop_amount: "23.5",
      shop_currency: RUB,
      ps_data: { ps_payer_account: expect.any(String) },
    })
  })
})

describe("payouts", () => {
  it("quotes, checks the account, creates a withdraw and reads it by both ids", async () => {
    const c = client()
    const quote = await c.withdrawTry({
      amount: 150,
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: "RUB",
    })
    const tried = lastTo("/withdraw/try").body
    expect(tried).toEqual({
      shop_currency: RUB,
      amount_type: "ps_amount",
      payway: "card_rub",
      amount: "150.00",
      shop_id: 5,
      sign: expect.any(String),
    })
    expectSignature(
      "/withdraw/try",
      tried as never,
      "150.00:ps_amount:card_rub:643:5"
    )
    expect(quote.payee_receive).toBe("150")
    expect(quote.shop_write_off).toMatch(/^\d+(\.\d+)?$/)

    const check = await c.checkAccount({
      account: CARD,
      account_details: { contract: "C-1" },
      amount: "150.00",
      payway: "card_rub",
      currency: "RUB",
    })
    const checked = lastTo("/check_account").body
    expect(checked).toMatchObject({ account_details: { contract: "C-1" } })
    expectSignature(
      "/check_account",
      checked as never,
      `${CARD}:150.00:card_rub:5`
    )
    expect(check).toMatchObject({ result: true })

    const made = await c.withdrawCreate({
      account: CARD,
      amount: "150.00",
      amount_type: "ps_amount",
      payway: "card_rub",
      shop_currency: RUB,
      shop_payment_id: "sbx-payout-1",
    })
    const sent = lastTo("/withdraw/create").body
    expectSignature(
      "/withdraw/create",
      sent as never,
      `${CARD}:150.00:ps_amount:card_rub:643:5:sbx-payout-1`
    )
    expect(made).toMatchObject({
      id: expect.any(Number),
      shop_payment_id: "sbx-payout-1",
      payee_receive: "150",
    })

    const byId = await c.withdrawStatus({ withdraw_id: made.id })
    sentSigned("/withdraw/status", `${NOW}:5:${made.id}`)
    expect(byId).toMatchObject({ id: made.id, shop_payment_id: "sbx-payout-1" })
    const byOurs = await c.withdrawShopPaymentStatus({
      shop_payment_id: "sbx-payout-1",
    })
    expect(byOurs).toMatchObject({ id: made.id, status: made.status })
  })

  it("quotes a wallet transfer, makes it, and reads it by our id", async () => {
    const c = client()
    const quote = await c.transferTry({
      amount: "100.00",
      amount_type: "receive_amount",
      payee_currency: RUB,
      shop_currency: RUB,
    })
    sentSigned("/transfer/try", "100.00:receive_amount:643:643:5")
    expect(quote).toMatchObject({
      payee_amount: "100",
      write_off_amount: "100.5",
      account_info_config: {
        payee_account: { example: WALLET, regex: expect.any(String) },
      },
    })
    // A receive_amount in the payee's currency, in its digits.
    const usd = await c.transferTry({
      amount: "25.5",
      amount_type: "receive_amount",
      payee_currency: "USD",
      shop_currency: "RUB",
    })
    sentSigned("/transfer/try", "25.50:receive_amount:840:643:5")
    expect(usd).toMatchObject({
      payee_amount: "25.5",
      payee_currency: 840,
      write_off_amount: expect.stringMatching(/^\d+(\.\d+)?$/),
    })

    const made = await c.transferCreate({
      amount: "100.00",
      amount_type: "receive_amount",
      payee_account: WALLET,
      payee_currency: RUB,
      shop_currency: RUB,
      shop_payment_id: "sbx-transfer-1",
    })
    sentSigned(
      "/transfer/create",
      `100.00:receive_amount:${WALLET}:643:643:5:sbx-transfer-1`
    )
    expect(made).toMatchObject({ id: expect.any(Number) })
    const found = await c.transferShopPaymentStatus({
      shop_payment_id: "sbx-transfer-1",
    })
    expect(found).toMatchObject({ id: made.id })
  })
})
