"use server"
import * as kit from "medusa-payment-piastrix/storefront"
import type { PaymentInput } from "medusa-payment-piastrix/storefront"
import { sdk } from "../config"
import { getAuthHeaders, getCartId, removeCartId } from "./cookies"

/**
 * The storefront kit's actions for the cart in the cookie, as server actions: each one calls the kit's
 * helper of the same name with the store's sdk and the customer's headers. The client components
 * (`<PiastrixCheckout>`, `<PaymentReturn>`) take them as their `actions`.
 */

async function cartId() {
  const id = await getCartId()
  if (!id) {
    throw new Error("There is no cart to pay for.")
  }
  return id
}

const call = async () => ({ headers: await getAuthHeaders() })

export async function quote(payway: string) {
  return kit.quote(sdk, await cartId(), payway, await call())
}

/** Medusa's `initiatePaymentSession` for the kind: without an e-mail, the cart's is the payer's. */
export async function startPayment(input: PaymentInput) {
  const { cart } = await sdk.store.cart.retrieve(
    await cartId(),
    { fields: "id,*payment_collection" },
    await getAuthHeaders()
  )
  return kit.startPayment(sdk, cart, input, await call())
}

export async function cardForm(sessionId: string) {
  return kit.cardForm(sdk, sessionId, await call())
}

export async function requisites(sessionId: string) {
  return kit.requisites(sdk, sessionId, await call())
}

export async function uploadReceipt(sessionId: string, form: FormData) {
  return kit.uploadReceipt(sdk, sessionId, form, await call())
}

export async function receiptStatus(sessionId: string) {
  return kit.receiptStatus(sdk, sessionId, await call())
}

export async function sessionStatus(sessionId: string) {
  return kit.sessionStatus(sdk, sessionId, {
    ...(await call()),
    cartId: await getCartId(),
  })
}

/**
 * Places the order (the kit decides when: once). The cart cookie stays until the page has the order's
 * id (`forgetCart`): the session's status names the order only to the holder of its cart.
 */
export async function completeCart() {
  return kit.completeCart(sdk, await cartId(), await call())
}

/** The cart is an order now: the cookie goes, as in the starter's `placeOrder`. */
export async function forgetCart() {
  await removeCartId()
}
