import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { piastrixIntegrationRunner, TEST_SECRET } from "../helpers/runner"
import { adminHeaders } from "../helpers/admin-api"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"
import {
  holdCallbacks,
  refundTransfers,
  sandboxControl,
  waitFor,
} from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"
import { expectRejected } from "../helpers/store-routes"

jest.setTimeout(120000)

const PAYER_WALLET = "201494711279"

/**
 * The order widget's API: an order's Piastrix payments in words, and "check status now" within the
 * service's polling limits, against the sandbox over HTTP.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  let headers: { headers: Record<string, string> }

  beforeEach(async () => {
    headers = await adminHeaders(getContainer())
  })

  afterEach(async () => {
    await sandboxControl(sandbox(), "POST", "reset")
  })

  it("shows a paid wallet payment in words, with its notification, a refund, and the payer's wallet masked", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-wallet_piastrix",
      { email: cart.email }
    )
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    const order = await waitFor(async () => {
      const o = await findOrderForCart(getContainer(), cart.id)
      return o?.payment_state === "captured" ? o : null
    })
    const paymentId = order.payment_collections[0].payments[0].id
    await api.post(
      `/admin/payments/${paymentId}/refund`,
      { amount: 100 },
      headers
    )

    const { data } = await api.get(
      `/admin/piastrix/orders/${order.id}/payments`,
      headers
    )
    expect(data.payments).toHaveLength(1)
    const [view] = data.payments
    expect(view).toEqual(
      expect.objectContaining({
        session_id: session.id,
        kind: "wallet",
        kind_label: "Piastrix wallet",
        state: "paid",
        captured: true,
        open_at_service: false,
        amount: "1250.50",
        currency_code: "rub",
        payer_account: "20••••••1279",
        payment_id: expect.stringMatching(/^\d+$/),
      })
    )
    expect(view.refunds).toEqual([
      expect.objectContaining({
        amount: "100.00",
        mode: "transfer",
        state: "sent",
      }),
    ])
    expect(view.notifications).toEqual([
      expect.objectContaining({
        status: "success",
        state: "processed",
        attempts: expect.any(Number),
      }),
    ])
    // Nothing raw or secret leaves the server: no full wallet, no signature, no secret.
    const body = JSON.stringify(data)
    expect(body).not.toContain(PAYER_WALLET)
    expect(body).not.toContain(TEST_SECRET)
    expect(body).not.toMatch(/"sign"/)
  })

  /** A paid order (the payer pays on the sandbox's page), captured; its payment's id. */
  async function paidOrder(providerId: string, data: Record<string, unknown>) {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      providerId,
      {
        email: cart.email,
        ...data,
      }
    )
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    const order = await waitFor(async () => {
      const o = await findOrderForCart(getContainer(), cart.id)
      return o?.payment_state === "captured" ? o : null
    })
    const paymentId: string = order.payment_collections[0].payments[0].id
    return { order, session, paymentId }
  }

  const refundsShown = async (orderId: string) =>
    (await api.get(`/admin/piastrix/orders/${orderId}/payments`, headers)).data
      .payments[0].refunds

  it("records a card payment's refund through Medusa's admin refund with refunds.other manual, and shows it manual_required", async () => {
    await api.post(
      "/admin/piastrix/settings",
      { settings: { "refunds.other": "manual" } },
      headers
    )
    const { order, session, paymentId } = await paidOrder(
      "pp_piastrix_piastrix",
      { payway: "card_rub" }
    )
    const res = await api.post(
      `/admin/payments/${paymentId}/refund`,
      { amount: 100 },
      headers
    )
    expect(res.status).toBe(200)
    const { data } = await api.get(
      `/admin/payments/${paymentId}?fields=*refunds`,
      headers
    )
    expect(
      data.payment.refunds.map((r: { amount: number }) => r.amount)
    ).toEqual([100])
    // Recorded for a person to pay back: no money moved at the service.
    expect(await refundTransfers(sandbox(), session.id)).toEqual([])
    expect(await refundsShown(order.id)).toEqual([
      expect.objectContaining({
        amount: "100.00",
        mode: "manual",
        state: "manual_required",
      }),
    ])
  })

  it("shows a wallet refund whose transfer's outcome is still open, with why", async () => {
    const { order, session, paymentId } = await paidOrder(
      "pp_piastrix-wallet_piastrix",
      {}
    )
    // The transfer is made, its reply lost, and the status read that would settle it fails.
    await sandboxControl(sandbox(), "POST", "faults", {
      type: "drop_reply",
      path: "/transfer/create",
      times: 1,
    })
    await sandboxControl(sandbox(), "POST", "faults", {
      type: "reset",
      path: "/transfer/shop_payment_status",
      times: 1,
    })
    const refused = await api
      .post(`/admin/payments/${paymentId}/refund`, { amount: 100 }, headers)
      .catch((e: any) => e.response)
    expect(refused.status).toBe(400)
    expect(await refundTransfers(sandbox(), session.id)).toHaveLength(1)
    // Medusa recorded no refund; the widget still shows the transfer, open, with the reason.
    expect(await refundsShown(order.id)).toEqual([
      expect.objectContaining({
        amount: "100.00",
        mode: "transfer",
        state: "unknown",
        reason: expect.stringMatching(/./),
      }),
    ])
  })

  it("checks a bank transfer still open at the service now, reusing the answer inside the polling window, and captures it once paid", async () => {
    await holdCallbacks(sandbox())
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-bank-transfer_piastrix",
      {
        email: cart.email,
        payway: "h2h_sbp_rub",
      }
    )
    const placed = await completeCart(api, seed(), cart.id)
    expect(placed.body.type).toBe("order")
    const orderId = placed.body.order.id
    const url = `/admin/piastrix/orders/${orderId}/payments/${session.id}/check`

    const first = await api.post(url, {}, headers)
    expect(first.data.check.outcome).toBe("pending")
    // Still waiting for the payer: what the admin's toast says, never "not checked" (the service answered).
    expect(first.data.outcome).toBe("waiting")
    expect(first.data.payments[0]).toEqual(
      expect.objectContaining({ captured: false, open_at_service: true })
    )

    // The transfer arrives; its callback is held back, so only a check can tell.
    await sandboxControl(
      sandbox(),
      "POST",
      `payments/${session.id}/requisites?by=order`,
      {}
    )
    await sandboxControl(
      sandbox(),
      "POST",
      `payments/${session.id}/confirm-transfer?by=order`,
      {}
    )
    const again = await api.post(url, {}, headers)
    // Inside the 10 s window the service is not asked again: the earlier answer stands.
    expect(again.data.check.outcome).toBe("pending")
    const { counts, violations } = await sandboxControl(
      sandbox(),
      "GET",
      "polls"
    )
    expect(violations).toEqual([])
    const polls = Object.entries(counts as Record<string, number>).filter(
      ([key]) => key.includes(session.id)
    )
    expect(polls.reduce((sum, [, n]) => sum + n, 0)).toBe(1)

    // Once the window has passed, the check asks, and the paid transfer is captured. The window is kept by the
    // database's clock (piastrix_poll) here and by its own clock at the sandbox: both move on 11 s.
    await sandboxControl(sandbox(), "POST", "clock/advance", { ms: 11_000 })
    await getContainer()
      .resolve(ContainerRegistrationKeys.PG_CONNECTION)
      .raw(
        `update piastrix_poll set next_allowed_at = clock_timestamp() - interval '1 second' where id like ?`,
        [`%${session.id}%`]
      )
    const paid = await api.post(url, {}, headers)
    expect(paid.data.check.outcome).toBe("paid")
    expect(paid.data.outcome).toBe("captured")
    expect(paid.data.payments[0]).toEqual(
      expect.objectContaining({ captured: true, open_at_service: false })
    )
    expect(
      (await findOrderForCart(getContainer(), cart.id)).payment_state
    ).toBe("captured")

    // Nothing left to check on a captured payment.
    await expectRejected(
      api.post(url, {}, headers),
      400,
      /^session_id: the payment is captured/
    )
  })

  it("answers 404 naming what is unknown, and 400 naming an unexpected field", async () => {
    await expectRejected(
      api.get(`/admin/piastrix/orders/order_missing/payments`, headers),
      404,
      /^id: order order_missing was not found/
    )
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-bank-transfer_piastrix",
      {
        email: cart.email,
        payway: "h2h_sbp_rub",
      }
    )
    const placed = await completeCart(api, seed(), cart.id)
    const orderId = placed.body.order.id
    await expectRejected(
      api.post(
        `/admin/piastrix/orders/${orderId}/payments/payses_other/check`,
        {},
        headers
      ),
      404,
      /^session_id: payses_other is not a Piastrix payment of order/
    )
    await expectRejected(
      api.post(
        `/admin/piastrix/orders/${orderId}/payments/${session.id}/check`,
        { force: true },
        headers
      ),
      400,
      /force/
    )
    await expectRejected(
      api.get(`/admin/piastrix/orders/${orderId}/payments?limit=5`, headers),
      400,
      /limit/
    )
  })
})
