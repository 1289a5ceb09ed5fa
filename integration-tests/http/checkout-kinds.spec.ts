import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import {
  holdCallbacks,
  sandboxControl,
  sandboxNotifications,
  waitFor,
} from "../helpers/callbacks"
import { payBankTransfer, payByCard, payOnPaymentPage } from "../helpers/payer"

jest.setTimeout(120000)

/**
 * Each payment kind from cart to order with a captured payment, through the store API and the
 * sandbox's payer pages over real HTTP. The payer never calls `complete` here unless a step needs it:
 * the service's callback alone produces the order.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  const orderOf = (cartId: string) => findOrderForCart(getContainer(), cartId)
  const capturedOrder = (cartId: string) =>
    waitFor(async () => {
      const order = await orderOf(cartId)
      return order?.payment_state === "captured" ? order : null
    })

  const expectOneCapture = (order: any) => {
    const payments = order.payment_collections.flatMap((pc: any) => pc.payments)
    expect(payments).toHaveLength(1)
    expect(payments[0].captures).toHaveLength(1)
  }

  it("wallet: the payer pays on Piastrix's wallet page and the callback places a captured order", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-wallet_piastrix"
    )
    expect(session.data).toEqual(
      expect.objectContaining({
        kind: "wallet",
        amount: "1250.50",
        currency: 643,
        state: "pending",
      })
    )
    const paid = await payOnPaymentPage(session.data, {
      payerAccount: "201494711279",
    })
    expect(paid.status).toBe(303)
    const order = await capturedOrder(cart.id)
    expectOneCapture(order)
  })

  it("redirect: a card payway on Piastrix's page (GET) ends in a captured order", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix_piastrix",
      { payway: "card_rub", email: cart.email }
    )
    expect(session.data.next_action).toEqual(
      expect.objectContaining({ type: "redirect", method: "GET" })
    )
    await payOnPaymentPage(session.data)
    expectOneCapture(await capturedOrder(cart.id))
  })

  it("redirect by POST form (card_usd): the posted form opens the payment page and the order is captured", async () => {
    const cart = await createCart(api, seed(), { currency: "usd" })
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix_piastrix",
      { payway: "card_usd", email: cart.email }
    )
    expect(session.data.next_action).toEqual(
      expect.objectContaining({ type: "redirect", method: "POST" })
    )
    await payOnPaymentPage(session.data)
    expectOneCapture(await capturedOrder(cart.id))
  })

  it("card host-to-host: the card form goes straight to the service, the right 3-D Secure code pays", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-card_piastrix",
      { email: cart.email }
    )
    expect(session.data.next_action).toEqual(
      expect.objectContaining({ type: "card_form" })
    )
    expect(JSON.stringify(session.data)).not.toMatch(/4242/)
    await payByCard(api, seed(), session.id)
    expectOneCapture(await capturedOrder(cart.id))
  })

  it("card host-to-host: a wrong 3-D Secure code fails the session and places no order", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-card_piastrix",
      { email: cart.email }
    )
    await payByCard(api, seed(), session.id, { code: "000000" })
    const status = await waitFor(async () => {
      const { data } = await api.get(
        `/store/piastrix/sessions/${session.id}/status`,
        storeHeaders(seed())
      )
      return data.status === "error" ? data : null
    })
    expect(status).toEqual(
      expect.objectContaining({ state: "failed", order_id: null })
    )
    expect(await orderOf(cart.id)).toBeNull()
  })

  it("bank transfer: the order is placed with its payment awaiting, then captured when the transfer arrives", async () => {
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
    expect(session.data.next_action).toEqual({ type: "bank_transfer" })

    const completed = await completeCart(api, seed(), cart.id)
    expect(completed.status).toBe(200)
    expect(completed.body.type).toBe("order")
    expect((await orderOf(cart.id)).payment_state).toBe("awaiting")

    await payBankTransfer(sandbox(), session.id)
    expectOneCapture(await capturedOrder(cart.id))
  })

  it("Medusa's built-in /hooks/payment/piastrix_piastrix route also places the order from a signed notification", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix_piastrix",
      { payway: "card_rub", email: cart.email }
    )
    await holdCallbacks(sandbox())
    await payOnPaymentPage(session.data)
    const [notification] = await sandboxNotifications(sandbox(), session.id)
    await sandboxControl(sandbox(), "DELETE", "faults")
    const res = await api.post(
      "/hooks/payment/piastrix_piastrix",
      new URLSearchParams(notification.fields).toString(),
      {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }
    )
    // Answered by the plugin's handler, as /hooks/piastrix is: recorded before OK, processed at once.
    expect(res.status).toBe(200)
    expect(res.data).toBe("OK")
    expectOneCapture(
      await waitFor(async () => {
        const order = await orderOf(cart.id)
        return order?.payment_state === "captured" ? order : null
      }, 20000)
    )
  })

  it("asks the service once for three eager completions within ten seconds, and no status poll of the suite so far came too early", async () => {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix_piastrix",
      { payway: "card_rub", email: cart.email }
    )
    // A return page that completes eagerly: each attempt asks the provider, which asks the service.
    for (let i = 0; i < 3; i++) {
      expect((await completeCart(api, seed(), cart.id)).status).toBe(400)
    }
    const { counts, violations } = await sandboxControl(
      sandbox(),
      "GET",
      "polls"
    )
    expect(violations).toEqual([])
    const polls = Object.entries(counts as Record<string, number>).filter(
      ([key]) => key.includes(session.id)
    )
    // Three completions within ten seconds: the service was asked once, the later ones reused its answer.
    expect(polls.reduce((sum, [, n]) => sum + n, 0)).toBe(1)
  })

  it.each([
    ["a 5xx", { type: "http_error", status: 502 }],
    ["a reset connection", { type: "reset" }],
  ])(
    "asks the service once per status read when %s answers it, within the limits",
    async (_name, fault) => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix-wallet_piastrix",
        { email: cart.email }
      )
      const added = await sandboxControl(sandbox(), "POST", "faults", {
        ...fault,
        path: "/bill/shop_order_status",
        times: 2,
      })
      // Completions in a row: each asks the provider, which asks the service through the polling guard.
      for (let i = 0; i < 3; i++) {
        expect((await completeCart(api, seed(), cart.id)).status).toBe(400)
      }
      const rules = (await sandboxControl(
        sandbox(),
        "GET",
        "faults"
      )) as Array<{ id: number; remaining: number }>
      await sandboxControl(sandbox(), "DELETE", "faults")
      // The fault answered exactly one request: the client did not send the status read again.
      expect(rules.find((r) => r.id === added.id)?.remaining).toBe(1)
      const { counts } = await sandboxControl(sandbox(), "GET", "polls")
      expect(counts[`payment:${session.id}`]).toBe(1)
      const { violations } = await sandboxControl(
        sandbox(),
        "GET",
        "violations"
      )
      expect(violations).toEqual([])
    }
  )
})
