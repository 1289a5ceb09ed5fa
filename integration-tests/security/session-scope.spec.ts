import axios from "axios"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { linkSalesChannelsToApiKeyWorkflow } from "@medusajs/medusa/core-flows"
import { settledRow } from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { otherStorefront } from "../helpers/sales-channels"
import {
  completeCart,
  createCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import {
  expectRejected,
  multipartForm,
  pngBytes,
} from "../helpers/store-routes"

jest.setTimeout(180000)

const BANK = "pp_piastrix-bank-transfer_piastrix"
const CARD = "pp_piastrix-card_piastrix"
const REDIRECT = "pp_piastrix_piastrix"

/**
 * What a payment session id grants, and to whom (docs/storefront.md, "What a payment session id grants"): the
 * storefront routes serve a session only to a publishable key of its cart's sales channel, exactly as
 * if the id were unknown otherwise; and the status route turns a session id into neither the cart nor
 * the order.
 */
piastrixIntegrationRunner(({ api, seed, sandbox, getContainer }) => {
  const control = (path: string, body: unknown = {}) =>
    axios.post(`${sandbox().url}/__sandbox${path}`, body)
  const receiptsFiled = () => sandbox().sandbox.store.data.receipts.length

  /** Every storefront route that takes a session id, as a request with `headers`. */
  const routes = (id: string, headers: Record<string, string>) => ({
    status: () => api.get(`/store/piastrix/sessions/${id}/status`, { headers }),
    requisites: () =>
      api.get(`/store/piastrix/sessions/${id}/requisites`, { headers }),
    "receipt-status": () =>
      api.get(`/store/piastrix/sessions/${id}/receipt-status`, { headers }),
    receipt: () =>
      api.post(
        `/store/piastrix/sessions/${id}/receipt`,
        multipartForm([
          {
            name: "file",
            filename: "check.png",
            type: "image/png",
            bytes: pngBytes(2048),
          },
        ]),
        { headers }
      ),
    "card-form": () =>
      api.post("/store/piastrix/card-form", { session_id: id }, { headers }),
  })

  it("answers a key of another sales channel 404 on every session route, word for word as for an unknown id", async () => {
    const other = await otherStorefront(getContainer())
    const cart = await createCart(api, seed())
    const { session: bank } = await startPaymentSession(
      api,
      seed(),
      cart,
      BANK,
      { email: "payer@example.com", payway: "h2h_sbp_rub" }
    )
    await control(`/payments/${bank.id}/requisites?by=order`)
    const cardCart = await createCart(api, seed())
    const { session: card } = await startPaymentSession(
      api,
      seed(),
      cardCart,
      CARD,
      { email: "payer@example.com" }
    )
    const filedBefore = receiptsFiled()

    const unknown = "payses_01SECURITYUNKNOWN"
    const cases: Array<[string, string]> = [
      ["status", bank.id],
      ["requisites", bank.id],
      ["receipt-status", bank.id],
      ["receipt", bank.id],
      ["card-form", card.id],
    ]
    for (const [route, id] of cases) {
      const call = (sessionId: string) =>
        (routes(sessionId, other.headers) as any)[route]()
      const foreign = await expectRejected(call(id), 404)
      const missing = await expectRejected(call(unknown), 404)
      expect({
        route,
        message: foreign.data.message.replace(id, "<id>"),
      }).toEqual({
        route,
        message: missing.data.message.replace(unknown, "<id>"),
      })
    }
    // Nothing reached the service on the stranger's behalf.
    expect(receiptsFiled()).toBe(filedBefore)

    // The session's own storefront is served as before.
    const own = routes(bank.id, storeHeaders(seed()).headers)
    expect((await own.status()).status).toBe(200)
    expect((await own.requisites()).data.ready).toBe(true)
    expect((await own["receipt-status"]()).status).toBe(200)
    expect((await own.receipt()).status).toBe(202)
    expect(
      (await routes(card.id, storeHeaders(seed()).headers)["card-form"]())
        .status
    ).toBe(200)
  })

  it("tells a key of another sales channel nothing of a paid session either", async () => {
    const other = await otherStorefront(getContainer())
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, REDIRECT, {
      email: "payer@example.com",
      payway: "card_rub",
    })
    await control(`/payments/${session.id}/pay`)
    await settledRow(getContainer(), session.id, "processed")
    // The plugin's own records know this payment (they answer for a session Medusa deleted), but the
    // session lives, in another storefront's channel: unknown to this key.
    await expectRejected(
      routes(session.id, other.headers).status(),
      404,
      /not found/
    )
    expect(
      (await routes(session.id, storeHeaders(seed()).headers).status()).data
    ).toMatchObject({ order_placed: true })
  })

  it("serves a key that sells through several channels, the session's among them", async () => {
    const other = await otherStorefront(getContainer())
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const {
      data: [key],
    } = await query.graph({
      entity: "api_key",
      fields: ["id"],
      filters: { token: other.publishableKey },
    })
    await linkSalesChannelsToApiKeyWorkflow(getContainer()).run({
      input: { id: key.id, add: [seed().salesChannelId] },
    })
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, REDIRECT, {
      email: "payer@example.com",
      payway: "card_rub",
    })
    const res = await routes(session.id, other.headers).status()
    expect(res.data).toMatchObject({ session_id: session.id, state: "pending" })
  })

  it("names neither the cart nor, without the cart's id, the order: a session id opens neither", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, REDIRECT, {
      email: "payer@example.com",
      payway: "card_rub",
    })
    await control(`/payments/${session.id}/pay?by=order`)
    const completed = await completeCart(api, seed(), cart.id)
    expect(completed.status).toBe(200)
    const status = (params = {}) =>
      api.get(`/store/piastrix/sessions/${session.id}/status`, {
        ...storeHeaders(seed()),
        params,
      })

    const bySession = (await status()).data
    expect(bySession).toMatchObject({ state: "paid", order_placed: true })
    expect(bySession.order_id).toBeNull()
    expect(JSON.stringify(bySession)).not.toContain(cart.id)
    expect(JSON.stringify(bySession)).not.toContain(completed.body.order.id)

    // The storefront holds its cart: with it, the return page gets the order to show.
    expect((await status({ cart_id: cart.id })).data.order_id).toBe(
      completed.body.order.id
    )
    const stranger = await createCart(api, seed())
    await expectRejected(status({ cart_id: stranger.id }), 404, /not found/)
  })
})
