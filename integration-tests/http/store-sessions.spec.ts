import axios from "axios"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  completeCart,
  createCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import { expectRejected } from "../helpers/store-routes"

jest.setTimeout(120000)

const CARD = "pp_piastrix-card_piastrix"
const REDIRECT = "pp_piastrix_piastrix"

piastrixIntegrationRunner(({ api, seed, sandbox }) => {
  const control = (path: string, body: unknown = {}) =>
    axios.post(`${sandbox().url}/__sandbox${path}`, body)

  describe("starting a session as Medusa's starter storefront does", () => {
    // The starter calls initiatePaymentSession(cart, { provider_id }): no data, so no e-mail.
    it("starts every kind for a guest without an e-mail in data, with the cart's", async () => {
      // The redirect and bank-transfer kinds still need a payway when the shop has several (or payways.<kind>.default).
      for (const [providerId, data] of [
        ["pp_piastrix-wallet_piastrix", undefined],
        [REDIRECT, { payway: "card_rub" }],
        [CARD, undefined],
        ["pp_piastrix-bank-transfer_piastrix", { payway: "h2h_bank_rub" }],
      ] as const) {
        const cart = await createCart(api, seed(), {
          email: "guest@example.com",
        })
        const headers = storeHeaders(seed())
        const { data: pc } = await api.post(
          "/store/payment-collections",
          { cart_id: cart.id },
          headers
        )
        const { data: res } = await api
          .post(
            `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
            { provider_id: providerId, ...(data ? { data } : {}) },
            headers
          )
          .catch((err) => {
            throw new Error(
              `${providerId}: ${err.response?.status} ${JSON.stringify(err.response?.data)}`
            )
          })
        const session = res.payment_collection.payment_sessions.find(
          (s: { provider_id: string }) => s.provider_id === providerId
        )
        expect(session.data).toMatchObject({
          email: "guest@example.com",
          state: "pending",
        })
      }
    })

    it("keeps an e-mail the storefront passes", async () => {
      const cart = await createCart(api, seed(), { email: "cart@example.com" })
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        { payway: "card_rub", email: "payer@example.com" }
      )
      expect(session.data.email).toBe("payer@example.com")
    })
  })

  describe("POST /store/piastrix/card-form", () => {
    const post = (body: unknown) =>
      api.post("/store/piastrix/card-form", body, storeHeaders(seed()))

    it("gives the card form token and address of a card session, for the browser to post card data to", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(api, seed(), cart, CARD, {
        email: "payer@example.com",
      })
      expect(session.data.next_action).toMatchObject({ type: "card_form" })

      const res = await post({ session_id: session.id })

      expect(res.status).toBe(200)
      expect(res.data).toEqual({
        form_token: expect.any(String),
        payform_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
        session_id: session.data.next_action.h2h_session_id,
      })
      // The token works: the sandbox's card form takes it with the card data and answers the 3-D Secure step.
      const form = await axios.post(
        res.data.payform_url,
        new URLSearchParams({
          card_number: "4111111111111111",
          expiry_month: "12",
          expiry_year: "2030",
          cvv: "123",
          card_holder: "TEST PAYER",
          form_token: res.data.form_token,
          session_id: res.data.session_id,
        }).toString(),
        {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          validateStatus: () => true,
        }
      )
      expect(form.status).toBeLessThan(400)
    })

    it("refuses card data: the route takes nothing but the session id", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(api, seed(), cart, CARD, {
        email: "payer@example.com",
      })
      await expectRejected(
        post({ session_id: session.id, card_number: "4111111111111111" }),
        400,
        /card_number/
      )
    })

    it("answers 400 naming session_id for a session of another Piastrix kind", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        {
          email: "payer@example.com",
          payway: "card_rub",
        }
      )
      await expectRejected(
        post({ session_id: session.id }),
        400,
        /session_id.*card/
      )
    })

    it("answers 404 for unknown sessions and for sessions of other providers, 400 for malformed ids", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_system_default"
      )
      await expectRejected(post({ session_id: session.id }), 404, /not found/)
      await expectRejected(
        post({ session_id: "payses_01UNKNOWN" }),
        404,
        /not found/
      )
      await expectRejected(post({ session_id: "cart_01" }), 400, /session_id/)
      await expectRejected(post({}), 400, /session_id/)
      await expectRejected(
        post({ session_id: ["payses_1"] }),
        400,
        /session_id/
      )
    })

    it("answers 502 when the service cannot give a token", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(api, seed(), cart, CARD, {
        email: "payer@example.com",
      })
      await control("/faults", {
        type: "http_error",
        path: "/h2h_data",
        status: 500,
      })
      try {
        await expectRejected(
          post({ session_id: session.id }),
          502,
          /payment service/
        )
      } finally {
        await axios.delete(`${sandbox().url}/__sandbox/faults`)
      }
    })
  })

  describe("GET /store/piastrix/sessions/:id/status", () => {
    const status = (id: string, params: Record<string, unknown> = {}) =>
      api.get(`/store/piastrix/sessions/${id}/status`, {
        ...storeHeaders(seed()),
        params,
      })

    it("tells a return page the payment is pending, without asking the service", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        {
          email: "payer@example.com",
          payway: "card_rub",
        }
      )
      const polls = () =>
        sandbox().sandbox.store.data.pollCounts[`payment:${session.id}`] ?? 0
      const before = polls()

      const res = await status(session.id)

      expect(res.data).toEqual({
        session_id: session.id,
        provider_id: REDIRECT,
        kind: "redirect",
        status: "pending",
        state: "pending",
        failure: null,
        amount_mismatch: null,
        order_placed: false,
        order_id: null,
        checked_at: null,
        notice: null,
      })
      expect(polls()).toBe(before)
    })

    it("shows the order once the paid cart is completed: its id only to the holder of the cart", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        {
          email: "payer@example.com",
          payway: "card_rub",
        }
      )
      await control(`/payments/${session.id}/pay?by=order`)
      const completed = await completeCart(api, seed(), cart.id)
      expect(completed.status).toBe(200)

      const res = await status(session.id, { cart_id: cart.id })

      expect(res.data).toMatchObject({
        session_id: session.id,
        state: "paid",
        order_placed: true,
        order_id: completed.body.order.id,
      })
      // The session id alone (it travels in the return address and to the service) opens no order.
      expect((await status(session.id)).data).toMatchObject({
        order_placed: true,
        order_id: null,
      })
      expect((await status(session.id)).data).not.toHaveProperty("cart_id")
      const other = await createCart(api, seed())
      await expectRejected(
        status(session.id, { cart_id: other.id }),
        404,
        /not found/
      )
    })

    it("shows why a rejected payment failed", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        {
          email: "payer@example.com",
          payway: "card_rub",
        }
      )
      await control(`/payments/${session.id}/fail?by=order`, {
        reason: "declined by the bank",
      })
      // Whichever tells the provider first (the failure callback or this completion attempt), no order.
      expect((await completeCart(api, seed(), cart.id)).status).toBe(400)

      const res = await status(session.id)

      expect(res.data).toMatchObject({
        state: "failed",
        order_id: null,
        failure: { reason: expect.any(String) },
      })
    })

    it("never serves sessions of other providers, and answers 400 for malformed ids and unknown query keys", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_system_default"
      )
      await expectRejected(status(session.id), 404, /not found/)
      await expectRejected(status("payses_01UNKNOWN"), 404, /not found/)
      await expectRejected(status("not-a-session"), 400, /id/)
      await expectRejected(
        status("payses_01UNKNOWN", { expand: "data" }),
        400,
        /expand/
      )
      await expectRejected(
        status("payses_01UNKNOWN", { cart_id: "order_1" }),
        400,
        /cart_id/
      )
    })
  })
})
