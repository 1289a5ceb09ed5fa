import Medusa from "@medusajs/js-sdk"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { createCart, findOrderForCart } from "../helpers/store-api"
import { sandboxControl, waitFor } from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"
import { pngBytes } from "../helpers/store-routes"
import {
  completeCart,
  decideReturnStep,
  directionsOf,
  listDirections,
  pollPaymentStatus,
  quote,
  receiptStatus,
  requisites,
  sessionStatus,
  startPayment,
  uploadReceipt,
} from "../../src/storefront"

jest.setTimeout(120000)

/**
 * The storefront kit as a store uses it: Medusa's own js-sdk client against the booted store, the kit's
 * helpers for every step, the payer paying in the sandbox, and the kit's return-page poll telling the
 * outcome. Nothing of Medusa or the plugin is replaced.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed, medusaUrl }) => {
  const storeSdk = () =>
    new Medusa({ baseUrl: medusaUrl(), publishableKey: seed().publishableKey })

  it("wallet: lists the directions, starts the payment, and the return poll reports the paid order", async () => {
    const sdk = storeSdk()
    const cart = await createCart(api, seed())

    const directions = await listDirections(sdk, cart.id)
    expect(directions).toMatchObject({
      amount: "1250.50",
      currency_code: "rub",
    })
    expect(directionsOf(directions, "wallet").length).toBeGreaterThan(0)

    // As Medusa's starter calls it: no `data` at all.
    const payment = await startPayment(sdk, cart, { kind: "wallet" })
    expect(payment).toMatchObject({
      provider_id: "pp_piastrix-wallet_piastrix",
      kind: "wallet",
      amount: "1250.50",
      currency_code: "rub",
      next_action: { type: "redirect", method: "GET" },
    })

    const paid = await payOnPaymentPage(payment, {
      payerAccount: "201494711279",
    })
    expect(paid.status).toBe(303)

    const outcome = await pollPaymentStatus(
      () => sessionStatus(sdk, payment.session_id, { cartId: cart.id }),
      { completeCart: () => completeCart(sdk, cart.id), timeoutMs: 60_000 }
    )
    const order = await findOrderForCart(getContainer(), cart.id)
    expect(outcome).toEqual({ type: "order", order_id: order.id, paid: true })
    expect(order.payment_state).toBe("captured")
  })

  it("bank transfer: quote, requisites, receipt, the order placed awaiting, then paid when the transfer arrives", async () => {
    const sdk = storeSdk()
    const cart = await createCart(api, seed())
    const payway = "h2h_sbp_rub"

    const directions = await listDirections(sdk, cart.id, {
      kind: "bank_transfer",
    })
    expect(
      directionsOf(directions, "bank_transfer").map((d) => d.payway)
    ).toContain(payway)
    const price = await quote(sdk, cart.id, payway)
    expect(price).toMatchObject({
      payway,
      kind: "bank_transfer",
      amount: "1250.50",
    })
    expect(Number(price.payer_price)).toBeGreaterThanOrEqual(1250.5)

    // No e-mail passed: the cart's is the payer's.
    const payment = await startPayment(sdk, cart, {
      kind: "bank_transfer",
      payway,
    })
    expect(payment.next_action).toEqual({ type: "bank_transfer" })

    // The service assigns the requisites a little later; the kit's call shows them once it has.
    await sandboxControl(
      sandbox(),
      "POST",
      `payments/${payment.session_id}/requisites?by=order`,
      {}
    )
    const assigned = await requisites(sdk, payment.session_id)
    expect(assigned).toMatchObject({
      ready: true,
      requisites: { bank: "Sandbox Bank", phone: "+79000000000" },
    })

    const receipt = new Blob([new Uint8Array(pngBytes())], {
      type: "image/png",
    })
    expect(await uploadReceipt(sdk, payment.session_id, receipt)).toMatchObject(
      {
        accepted: true,
        type: "image/png",
      }
    )
    const reviews = await receiptStatus(sdk, payment.session_id)
    expect(reviews.receipts).toHaveLength(1)

    // "I have sent the transfer": the order is placed while the money travels.
    const placed = await completeCart(sdk, cart.id)
    expect(placed.order_id).toMatch(/^order_/)
    const read = () =>
      sessionStatus(sdk, payment.session_id, { cartId: cart.id })
    expect(await pollPaymentStatus(read, { timeoutMs: 30_000 })).toEqual({
      type: "order",
      order_id: placed.order_id,
      paid: false,
    })

    await sandboxControl(
      sandbox(),
      "POST",
      `payments/${payment.session_id}/confirm-transfer?by=order`,
      {}
    )
    const step = await waitFor(async () => {
      const next = decideReturnStep(await read(), {
        waitedMs: 0,
        completionTried: true,
        hasCart: true,
      })
      return next.type === "order" && next.paid ? next : null
    }, 30_000)
    expect(step.order_id).toBe(placed.order_id)
    expect(
      (await findOrderForCart(getContainer(), cart.id)).payment_state
    ).toBe("captured")
  })
})
