import { adminHeaders } from "../helpers/admin-api"
import { Modules } from "@medusajs/framework/utils"
import {
  inbox,
  processPaymentAsMedusaWould,
  sandboxControl,
  settledRow,
  successNotification,
} from "../helpers/callbacks"
import {
  addItemToShip,
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"
import {
  piastrixIntegrationRunner,
  TEST_ACCOUNT_KEY,
  TEST_SECRET,
  TEST_SHOP_ID,
} from "../helpers/runner"

jest.setTimeout(120000)

/** What the admin answers; never throws. */
async function call(
  api: any,
  headers: any,
  method: "get" | "post",
  url: string,
  body?: unknown
) {
  const request =
    method === "get"
      ? api.get(url, headers)
      : api.post(url, body ?? {}, headers)
  return request
    .then((r: any) => ({ status: r.status, body: r.data }))
    .catch((e: any) => ({ status: e.response.status, body: e.response.data }))
}

piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  let headers: Awaited<ReturnType<typeof adminHeaders>>

  beforeEach(async () => {
    headers = await adminHeaders(getContainer())
  })
  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  describe("settings", () => {
    it("lists every option in force with its source, the secret masked and never sent", async () => {
      const res = await call(api, headers, "get", "/admin/piastrix/settings")
      expect(res.status).toBe(200)
      const byKey = Object.fromEntries(
        res.body.options.map((o: any) => [o.key, o])
      )
      expect(byKey.secretKey).toEqual({
        key: "secretKey",
        value: "••••••••",
        source: "configuration",
      })
      // The key that encrypts payout accounts is a secret too (docs/payouts.md, "Payout accounts are encrypted").
      expect(byKey.accountKey).toEqual({
        key: "accountKey",
        value: "••••••••",
        source: "configuration",
      })
      expect(JSON.stringify(res.body)).not.toContain(TEST_ACCOUNT_KEY)
      expect(byKey.shopId).toEqual({
        key: "shopId",
        value: TEST_SHOP_ID,
        source: "configuration",
      })
      expect(byKey.apiUrl).toEqual(
        expect.objectContaining({
          value: sandbox().url,
          source: "configuration",
        })
      )
      expect(byKey.reconcileWindowDays).toEqual({
        key: "reconcileWindowDays",
        value: 30,
        source: "default",
      })
      expect(byKey.signEmail).toEqual({
        key: "signEmail",
        value: false,
        source: "default",
      })
      expect(res.body.callback_url).toMatch(/\/hooks\/piastrix$/)
      expect(res.body.provider_ids).toEqual([
        "pp_piastrix-wallet_piastrix",
        "pp_piastrix_piastrix",
        "pp_piastrix-card_piastrix",
        "pp_piastrix-bank-transfer_piastrix",
      ])
      expect(JSON.stringify(res.body)).not.toContain(TEST_SECRET)
    })

    it("needs an admin", async () => {
      const res = await call(api, {}, "get", "/admin/piastrix/settings")
      expect(res.status).toBe(401)
    })
  })

  describe("connection test", () => {
    it("makes a signed call with the configured credentials", async () => {
      const res = await call(
        api,
        headers,
        "post",
        "/admin/piastrix/connection-test"
      )
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        service: { available: true, message: "OK", detail: null },
        credentials: {
          state: "accepted",
          message: expect.any(String),
          error_code: null,
          detail: null,
        },
      })
    })

    it("says the credentials were not checked, not refused, when Piastrix cannot be reached", async () => {
      for (const path of ["/check_status", "/shop_balance"]) {
        await sandboxControl(sandbox(), "POST", "faults", {
          type: "reset",
          path,
        })
      }
      const res = await call(
        api,
        headers,
        "post",
        "/admin/piastrix/connection-test"
      )
      expect(res.status).toBe(200)
      expect(res.body.service).toEqual({
        available: false,
        message: "Piastrix cannot be reached.",
        detail: expect.stringMatching(/network|reset|socket/i),
      })
      expect(res.body.credentials).toEqual({
        state: "not_checked",
        message: expect.stringMatching(
          /^Not checked: Piastrix cannot be reached/
        ),
        error_code: null,
        detail: expect.any(String),
      })
    })

    it("shows the service's message for a wrong secret, and never echoes the secret", async () => {
      const res = await call(
        api,
        headers,
        "post",
        "/admin/piastrix/connection-test",
        {
          shop_id: TEST_SHOP_ID,
          secret_key: "a-wrong-secret-4711",
        }
      )
      expect(res.status).toBe(200)
      expect(res.body.credentials).toEqual({
        state: "refused",
        message: expect.stringMatching(
          /sign.*\(check the shop id and the secret key\)$/i
        ),
        error_code: expect.any(Number),
        detail: null,
      })
      expect(JSON.stringify(res.body)).not.toContain("a-wrong-secret-4711")
    })

    it("shows the service's message for a shop it does not know", async () => {
      const res = await call(
        api,
        headers,
        "post",
        "/admin/piastrix/connection-test",
        { shop_id: 999, secret_key: TEST_SECRET }
      )
      expect(res.body.credentials).toEqual(
        expect.objectContaining({
          state: "refused",
          message: expect.stringContaining("999"),
        })
      )
    })

    it.each([
      [{ shop_id: 5 }, /secret_key: give both shop_id and secret_key/],
      [{ shop_id: "5", secret_key: "x" }, /shop_id/],
      [{ secret_key: "" }, /secret_key/],
      [{ loud: true }, /loud/],
    ])("refuses %j with 400 naming the field", async (body, message) => {
      const res = await call(
        api,
        headers,
        "post",
        "/admin/piastrix/connection-test",
        body
      )
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(message)
    })
  })

  describe("balances and directions", () => {
    it("shows the balances per currency by alpha code", async () => {
      const res = await call(api, headers, "get", "/admin/piastrix/balances")
      expect(res.status).toBe(200)
      expect(res.body.balances).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            currency: "RUB",
            available: expect.stringMatching(/^\d+(\.\d+)?$/),
          }),
        ])
      )
    })

    it("answers 502 with the reason when the service cannot be asked", async () => {
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "http_error",
        status: 503,
        path: "/shop_balance",
      })
      const res = await call(api, headers, "get", "/admin/piastrix/balances")
      expect(res.status).toBe(502)
      expect(res.body).toEqual({
        type: "service_unavailable",
        message: expect.stringMatching(/^Piastrix: .*503/),
      })
    })

    it("asks a hanging service once, within the interactive timeout, while the store owner waits", async () => {
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "latency",
        path: "/shop_balance",
        ms: 20000,
      })
      const res = await call(api, headers, "get", "/admin/piastrix/balances")
      expect(res.status).toBe(502)
      // One attempt of interactiveTimeoutMs (5 s), not three of timeoutMs (15 s each).
      expect(res.body.message).toMatch(
        /timed out after 5000 ms \(after 1 attempt\)$/
      )
    })

    it("lists payment and payout directions with fees, limits and account formats", async () => {
      const res = await call(api, headers, "get", "/admin/piastrix/directions")
      expect(res.status).toBe(200)
      expect(res.body.payments).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ payway: "card_rub", currency: "RUB" }),
        ])
      )
      const card = res.body.payouts.find((p: any) => p.payway === "card_rub")
      expect(card).toEqual(
        expect.objectContaining({
          currency: "RUB",
          currency_numeric: 643,
          wallet: false,
          account_format: expect.any(String),
        })
      )
    })

    it("refuses an unknown query parameter", async () => {
      const res = await call(
        api,
        headers,
        "get",
        "/admin/piastrix/directions?x=1"
      )
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/x/)
    })
  })

  describe("the notification inbox", () => {
    async function record(
      shopOrderId: string,
      state?: "needs_attention" | "processed"
    ) {
      const piastrix = inbox(getContainer())
      const verified = piastrix.verifyCallback({
        fields: successNotification(shopOrderId, "100.00"),
      })
      if (!verified.ok) {
        throw new Error(`the notification did not verify: ${verified.reason}`)
      }
      const { row } = await piastrix.recordNotification(verified.notification)
      if (state) {
        await piastrix.settleNotification(
          row.id,
          state,
          state === "needs_attention" ? "the cart changed after payment" : null
        )
      }
      return row.id
    }

    it("lists rows that need a person first, with the count for the navigation", async () => {
      await record("order-a", "processed")
      const attention = await record("order-b", "needs_attention")
      await record("order-c", "processed")
      const res = await call(
        api,
        headers,
        "get",
        "/admin/piastrix/notifications?limit=2"
      )
      expect(res.status).toBe(200)
      expect(res.body).toEqual(
        expect.objectContaining({
          count: 3,
          needs_attention: 1,
          limit: 2,
          offset: 0,
        })
      )
      expect(res.body.notifications[0]).toEqual(
        expect.objectContaining({
          id: attention,
          state: "needs_attention",
          last_error: "the cart changed after payment",
          // Not one of the plugin's own texts: the admin says the reason is in Details.
          last_error_message: { code: "other", params: {} },
        })
      )
      expect(res.body.notifications[0]).not.toHaveProperty("fields")
      const processed = await call(
        api,
        headers,
        "get",
        "/admin/piastrix/notifications?state=processed"
      )
      expect(
        processed.body.notifications.map((n: any) => n.shop_order_id).sort()
      ).toEqual(["order-a", "order-c"])
    })

    it("names the order a payment became (#display number, id) and the payer's e-mail, and the e-mail of one that has none yet", async () => {
      // Paid and placed: an order with its display number.
      const paid = await createCart(api, seed(), { email: "anna@example.com" })
      const { session: placed } = await startPaymentSession(
        api,
        seed(),
        paid,
        "pp_piastrix_piastrix",
        { payway: "card_rub", email: "anna@example.com" }
      )
      await sandboxControl(sandbox(), "POST", `payments/${placed.id}/pay`)
      await settledRow(getContainer(), placed.id, "processed")
      const order = await findOrderForCart(getContainer(), paid.id)
      expect(order?.display_id).toEqual(expect.any(Number))

      // Paid after the cart changed: no order, and Medusa replaced the paid session by one carrying it.
      const changed = await createCart(api, seed(), {
        email: "boris@example.com",
      })
      const { session: stuck } = await startPaymentSession(
        api,
        seed(),
        changed,
        "pp_piastrix_piastrix",
        { payway: "card_rub", email: "boris@example.com" }
      )
      await addItemToShip(getContainer(), changed.id)
      await sandboxControl(sandbox(), "POST", `payments/${stuck.id}/pay`)
      await settledRow(getContainer(), stuck.id, "needs_attention")
      // Medusa's own processing then captures, fails the completion and replaces the paid session.
      await processPaymentAsMedusaWould(getContainer(), stuck.id)
      const [own] = await getContainer()
        .resolve(Modules.PAYMENT)
        .listPaymentSessions({ id: stuck.id })
      // Another integration's payment on the same shop: nothing to name.
      await record("order-elsewhere", "processed")

      const res = await call(
        api,
        headers,
        "get",
        "/admin/piastrix/notifications"
      )
      expect(res.status).toBe(200)
      const row = (shopOrderId: string) =>
        res.body.notifications.find((n: any) => n.shop_order_id === shopOrderId)
      expect(row(placed.id)).toEqual(
        expect.objectContaining({
          order: { id: order.id, display_id: order.display_id },
          email: "anna@example.com",
        })
      )
      expect(row(stuck.id)).toEqual(
        expect.objectContaining({
          state: "needs_attention",
          order: null,
          email: "boris@example.com",
          // Its reason by code for the admin's words; Medusa's error stays in the raw text.
          last_error_message: {
            code: "inbox.no_order_placed",
            params: { detail: expect.stringMatching(/shipping method/i) },
          },
        })
      )
      expect(row("order-elsewhere")).toEqual(
        expect.objectContaining({ order: null, email: null })
      )
      // Found through the session carrying the payment when Medusa replaced the paid one.
      expect(own ?? null).toBeNull()
    })

    it.each([
      ["limit=0", /limit/],
      ["limit=101", /limit/],
      ["state=lost", /state/],
      ["offset=-1", /offset/],
    ])("refuses %s with 400 naming the field", async (query, message) => {
      const res = await call(
        api,
        headers,
        "get",
        `/admin/piastrix/notifications?${query}`
      )
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(message)
    })

    it("marks a row that needs a person resolved with a note, once, and never processes it again", async () => {
      const id = await record("order-r", "needs_attention")
      const done = await record("order-s", "processed")
      const url = (row: string) =>
        `/admin/piastrix/notifications/${row}/resolve`

      const noNote = await call(api, headers, "post", url(id), { note: " " })
      expect(noNote.status).toBe(400)
      expect(noNote.body.message).toMatch(/note/)

      const res = await call(api, headers, "post", url(id), {
        note: "refunded at Piastrix by hand",
      })
      expect(res.status).toBe(200)
      expect(res.body.notification).toEqual(
        expect.objectContaining({
          id,
          state: "resolved",
          resolution_note: "refunded at Piastrix by hand",
          resolved_by: expect.stringMatching(/^user_/),
          resolved_at: expect.any(String),
        })
      )
      // Never the signed notification (the payer's account) in an admin answer.
      expect(res.body.notification).not.toHaveProperty("fields")
      const page = await call(
        api,
        headers,
        "get",
        "/admin/piastrix/notifications?state=resolved"
      )
      expect(page.body.needs_attention).toBe(0)
      expect(page.body.notifications.map((n: any) => n.id)).toEqual([id])

      // Resolved is final: not resolved twice, not retried, and a processed row cannot be resolved.
      const again = await call(api, headers, "post", url(id), { note: "x" })
      expect(again.status).toBe(400)
      expect(again.body.message).toMatch(/resolved/)
      const retried = await call(
        api,
        headers,
        "post",
        `/admin/piastrix/notifications/${id}/retry`
      )
      expect(retried.status).toBe(400)
      const processed = await call(api, headers, "post", url(done), {
        note: "x",
      })
      expect(processed.status).toBe(400)
      expect(processed.body.message).toMatch(/processed/)
      expect(await inbox(getContainer()).claimNotification(id, 60)).toBe(false)
    })
  })
})
