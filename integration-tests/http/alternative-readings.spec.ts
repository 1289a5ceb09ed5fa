import { piastrixIntegrationRunner } from "../helpers/runner"
import { sandboxControl, waitFor } from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"

jest.setTimeout(120000)

/**
 * Where the reference is silent, the sandbox can take the other reading (sandbox/README.md, "Fidelity").
 * Here the plugin stays at its defaults while the sandbox reads the service differently, and checkouts over
 * HTTP show that it fails safe: no money is taken without an order, nothing is captured that was not paid,
 * and the payer and the store owner get a message that says what happened.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  const orderOf = (cartId: string) => findOrderForCart(getContainer(), cartId)

  afterEach(async () => {
    await sandboxControl(sandbox(), "POST", "reset")
  })

  it("email signed (signEmail read literally): the payment is refused before the payer is sent anywhere, with the service's reason", async () => {
    await sandboxControl(sandbox(), "POST", "fidelity", { signEmail: true })
    const cart = await createCart(api, seed())
    const refused = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix_piastrix",
      {
        payway: "card_rub",
        email: cart.email,
      }
    ).then(
      () => null,
      (error: Error) => error.message
    )
    // Medusa's own payment-session route answers with the provider's message.
    expect(refused).toMatch(
      /payment session for pp_piastrix_piastrix: (4|5)\d\d/
    )
    // The message says what the store owner can change, this reading's switch included.
    expect(refused).toMatch(
      /refused the shop's signature: check the shopId and secretKey options, and signEmail/
    )
    // No payment exists at the service, so nothing can be paid without an order.
    const state = await sandboxControl(sandbox(), "GET", "state")
    expect(state.payments).toEqual([])
    expect(await orderOf(cart.id)).toBeNull()

    // Back at the defaults' reading, the same cart pays and becomes an order.
    await sandboxControl(sandbox(), "POST", "fidelity", { signEmail: false })
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix_piastrix",
      { payway: "card_rub", email: cart.email }
    )
    await payOnPaymentPage(session.data)
    const order = await waitFor(async () => {
      const found = await orderOf(cart.id)
      return found?.payment_state === "captured" ? found : null
    })
    expect(order.payment_state).toBe("captured")
  })

  it("card form taken only as JSON: the form-encoded post is refused, the session stays payable and nothing is captured; JSON pays", async () => {
    await sandboxControl(sandbox(), "POST", "fidelity", { cardForm: "json" })
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-card_piastrix",
      { email: cart.email }
    )
    const { data: form } = await api.post(
      "/store/piastrix/card-form",
      { session_id: session.id },
      storeHeaders(seed())
    )
    const year = String(new Date().getUTCFullYear() + 2)
    const card = {
      card_number: "4242424242424242",
      expiry_month: "12",
      expiry_year: year,
      cvv: "123",
      card_holder: "IVAN PETROV",
      form_token: form.form_token,
      session_id: form.session_id,
    }
    const asForm = await fetch(form.payform_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(card).toString(),
    })
    expect(asForm.status).toBe(415)

    // The session is neither failed nor captured: the payer may try again.
    const { data: status } = await api.get(
      `/store/piastrix/sessions/${session.id}/status`,
      storeHeaders(seed())
    )
    expect(status).toEqual(
      expect.objectContaining({ state: "pending", order_id: null })
    )
    expect((await completeCart(api, seed(), cart.id)).status).toBe(400)
    expect(await orderOf(cart.id)).toBeNull()

    const asJson = await fetch(form.payform_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(card),
    })
    expect(asJson.status).toBe(200)
    const acs = /<form id="acs" method="get" action="([^"]+)"/.exec(
      await asJson.text()
    )
    expect(acs).not.toBeNull()
    const acsPage = await fetch(acs![1])
    const confirm = new URL(
      /action="(\/3ds\/[^"]+)"/.exec(await acsPage.text())![1],
      acsPage.url
    )
    await fetch(confirm, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: "123456" }).toString(),
      redirect: "manual",
    })
    const order = await waitFor(async () => {
      const found = await orderOf(cart.id)
      return found?.payment_state === "captured" ? found : null
    })
    expect(order.payment_state).toBe("captured")
  })
})
