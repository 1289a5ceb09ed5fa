import {
  DEFAULT_INPUT_PAYWAYS,
  DEFAULT_OUTPUT_PAYWAYS,
} from "../../src/default-payways"
import { now, sign, SIGNED } from "../helpers/reference-client"
import {
  advance,
  SECRET,
  SHOP_ID,
  startTestSandbox,
  type TestSandbox,
} from "../helpers/setup"

/** The fidelity switches of the config file (sandbox/README.md, "Fidelity switches"). */
describe("sandbox fidelity switches", () => {
  let t: TestSandbox
  beforeAll(async () => {
    t = await startTestSandbox()
  })
  afterEach(() => t.client.control("POST", "/reset"))
  afterAll(() => t.close())

  const setFidelity = async (switches: Record<string, unknown>) => {
    const res = await t.client.control("POST", "/fidelity", switches)
    expect(res.status).toBe(200)
  }

  const payout = (id: string, extra: Record<string, string> = {}) => ({
    account: "4111111111111111",
    amount: "150.00",
    amount_type: "ps_amount",
    payway: "card_rub",
    shop_currency: 643,
    shop_payment_id: id,
    ...extra,
  })

  describe("email, lenient like the official SDKs", () => {
    const invoicePayways = DEFAULT_INPUT_PAYWAYS.filter(
      (p) => p.kind !== "wallet" && p.active !== false
    )

    it.each(invoicePayways.map((p) => [p.alias, p]))(
      "creates an invoice without email for %s",
      async (alias, p) => {
        const res = await t.client.call("/invoice/create", {
          amount: p.min,
          currency: p.currency,
          payway: alias,
          shop_order_id: `no-mail-${alias}`,
        })
        expect(res).toMatchObject({ result: true, error_code: 0 })
      }
    )

    /** An account each default payout payway takes (its accountFields), so only the email is missing. */
    const validAccounts: Record<
      string,
      { account: string; account_details?: Record<string, string> }
    > = {
      card_rub: { account: "4111111111111111" },
      card_uah: { account: "4111111111111111" },
      card_usd: { account: "4111111111111111" },
      qiwi_rub: { account: "+79990000000" },
      bank_pln: {
        account: "PL61109010140000071219812874",
        account_details: { holder: "Jan Kowalski" },
      },
    }

    it.each(DEFAULT_OUTPUT_PAYWAYS.map((p) => [p.alias, p]))(
      "creates a payout without email for %s",
      async (alias, p) => {
        expect(validAccounts).toHaveProperty([alias])
        const res = await t.client.call("/withdraw/create", {
          ...payout(`no-mail-${alias}`, {
            payway: alias,
            amount: String(p.min),
          }),
          ...validAccounts[alias],
        })
        expect(res).toMatchObject({ result: true, error_code: 0 })
        expect(res.data).toEqual(
          expect.objectContaining({ id: expect.anything() })
        )
      }
    )

    it("keeps an email it is given, unsigned by default", async () => {
      const res = await t.client.call("/invoice/create", {
        amount: "100.00",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "with-mail",
        email: "payer@example.com",
      })
      expect(res.result).toBe(true)
      expect(
        (await t.client.control("GET", "/payments/with-mail?by=order")).body
          .email
      ).toBe("payer@example.com")
    })
  })

  describe("signEmail: email required and signed on /invoice/create and /withdraw/create", () => {
    const signedWithEmail = (
      path: "/invoice/create" | "/withdraw/create",
      body: Record<string, string | number>
    ) => {
      const fields: Record<string, string | number> = {
        shop_id: SHOP_ID,
        ...body,
      }
      fields.sign = sign(fields, [...SIGNED[path], "email"], SECRET)
      return t.client.postJson(path, JSON.stringify(fields))
    }

    it("refuses a request without email, naming it", async () => {
      await setFidelity({ signEmail: true })
      const res = await t.client.call("/invoice/create", {
        amount: "100.00",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "se-1",
      })
      expect(res).toMatchObject({
        result: false,
        error_code: 10,
        message: expect.stringContaining("email"),
      })
      const payoutRes = await t.client.call(
        "/withdraw/create",
        payout("se-payout-1")
      )
      expect(payoutRes).toMatchObject({
        result: false,
        error_code: 10,
        message: expect.stringContaining("email"),
      })
    })

    it("refuses the default signature, which leaves email out, and accepts one that covers it", async () => {
      await setFidelity({ signEmail: true })
      const body = {
        amount: "100.00",
        currency: 643,
        payway: "card_rub",
        shop_order_id: "se-2",
        email: "payer@example.com",
      }
      expect(await t.client.call("/invoice/create", body)).toMatchObject({
        result: false,
        message: expect.stringContaining("sign"),
      })
      expect(await signedWithEmail("/invoice/create", body)).toMatchObject({
        result: true,
      })
      expect(
        await signedWithEmail(
          "/withdraw/create",
          payout("se-payout-2", { email: "payee@example.com" })
        )
      ).toMatchObject({
        result: true,
      })
    })
  })

  describe("now, strict where the reference is", () => {
    it.each([
      "2024-05-01 12:00:00",
      "2024-05-01 12:00:00.123456",
      "2024-05-01T12:00:00.000Z",
      "2024-05-01T12:00:00+03:00",
      "01.05.2024 12:00:00",
    ])("accepts %s", async (value) => {
      expect(
        await t.client.call("/shop_balance", { now: value })
      ).toMatchObject({ result: true })
    })

    it.each([
      "yesterday",
      "1714564800",
      "2024/05/01 12:00:00",
      "2024-13-01 12:00:00",
      "31.02.2024 12:00:00",
      "2024-05-01",
    ])("refuses %s with an error naming now", async (value) => {
      const res = await t.client.call("/shop_balance", { now: value })
      expect(res).toMatchObject({
        result: false,
        error_code: 10,
        message: expect.stringContaining("now"),
      })
    })

    it("accepts any text with strictNow off", async () => {
      await setFidelity({ strictNow: false })
      expect(
        await t.client.call("/shop_balance", { now: "yesterday" })
      ).toMatchObject({ result: true })
    })
  })

  describe("alternative readings", () => {
    it("numbers wallet-payment statuses like invoices with billStatuses: invoice", async () => {
      const bill = {
        payer_currency: 643,
        shop_amount: "10.00",
        shop_currency: 643,
        shop_order_id: "bill-numbering",
      }
      const status = async () =>
        (
          await t.client.call("/bill/shop_order_status", {
            now: now(),
            shop_order_id: "bill-numbering",
          })
        ).data.status
      expect((await t.client.call("/bill/create", bill)).result).toBe(true)
      await t.client.control("POST", "/payments/bill-numbering/pay?by=order")
      expect(await status()).toBe(2)
      await setFidelity({ billStatuses: "invoice" })
      await advance(t.client, 10_000)
      expect(await status()).toBe(4)
    })

    it("answers an unknown payment with the configured notFoundCode", async () => {
      await setFidelity({ notFoundCode: 2000 })
      const res = await t.client.call("/invoice/check", {
        now: now(),
        shop_order_id: "never-created",
      })
      expect(res).toMatchObject({ result: false, error_code: 2000 })
      const bill = await t.client.call("/bill/shop_order_status", {
        now: now(),
        shop_order_id: "never-created-bill",
      })
      expect(bill).toMatchObject({ result: false, error_code: 2000 })
      const transfer = await t.client.call("/transfer/shop_payment_status", {
        now: now(),
        shop_payment_id: "never-made",
      })
      expect(transfer).toMatchObject({ result: false, error_code: 2000 })
    })

    const postCardForm = (type: string, body: string) =>
      fetch(`${t.running.url}/payform`, {
        method: "POST",
        headers: { "content-type": type },
        body,
      })

    it("takes the card form as JSON only with cardForm: json, and as a form only with cardForm: form", async () => {
      const form = "session_id=s&form_token=t"
      const json = JSON.stringify({ session_id: "s", form_token: "t" })
      // By default either encoding reaches the form's own checks (an unknown token here).
      expect(
        (await postCardForm("application/x-www-form-urlencoded", form)).status
      ).toBe(400)
      expect((await postCardForm("application/json", json)).status).toBe(400)
      await setFidelity({ cardForm: "json" })
      expect(
        (await postCardForm("application/x-www-form-urlencoded", form)).status
      ).toBe(415)
      expect((await postCardForm("application/json", json)).status).toBe(400)
      await setFidelity({ cardForm: "form" })
      expect((await postCardForm("application/json", json)).status).toBe(415)
      expect(
        (await postCardForm("application/x-www-form-urlencoded", form)).status
      ).toBe(400)
    })
  })

  describe("the control API for switches", () => {
    it("changes only the switches given, refuses unknown ones, and restores the file's on reset", async () => {
      await setFidelity({ notFoundCode: 1 })
      expect((await t.client.control("GET", "/fidelity")).body).toMatchObject({
        notFoundCode: 1,
        strictNow: true,
        signEmail: false,
      })
      expect(
        (await t.client.control("POST", "/fidelity", { loud: true })).status
      ).toBe(400)
      await t.client.control("POST", "/reset")
      expect((await t.client.control("GET", "/fidelity")).body).toMatchObject({
        notFoundCode: 7,
      })
    })

    it("starts with the switches of the config file", async () => {
      const other = await startTestSandbox({
        fidelity: { strictPolling: true, billStatuses: "invoice" },
      })
      try {
        expect((await other.client.control("GET", "/fidelity")).body).toEqual({
          strictPolling: true,
          strictNow: true,
          signEmail: false,
          billStatuses: "invoice",
          notFoundCode: 7,
          paidWithoutProcessed: false,
          cardForm: "any",
        })
      } finally {
        await other.close()
      }
    })
  })
})
