"use server"
import type { HttpTypes } from "@medusajs/types"
import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { sdk } from "../config"
import { getAuthHeaders, getCartId, setCartId } from "./cookies"

/** The cart's server actions, shaped like the starter's src/lib/data/cart.ts (trimmed to what this store does). */

const CART_FIELDS =
  "*items, *region, +items.total, *shipping_methods, *payment_collection, *payment_collection.payment_sessions"

export async function retrieveCart(): Promise<HttpTypes.StoreCart | null> {
  const id = await getCartId()
  if (!id) {
    return null
  }
  return sdk.store.cart
    .retrieve(id, { fields: CART_FIELDS }, await getAuthHeaders())
    .then(({ cart }) => (cart.completed_at ? null : cart))
    .catch(() => null)
}

/** Puts the variant in the cart (a new cart in `regionId` when there is none) and goes to the checkout. */
export async function addToCart(formData: FormData) {
  const variantId = String(formData.get("variant_id"))
  const regionId = String(formData.get("region_id"))
  const headers = await getAuthHeaders()
  let cart = await retrieveCart()
  if (!cart || cart.region_id !== regionId) {
    cart = (await sdk.store.cart.create({ region_id: regionId }, {}, headers))
      .cart
    await setCartId(cart.id)
  }
  await sdk.store.cart.createLineItem(
    cart.id,
    { variant_id: variantId, quantity: 1 },
    {},
    headers
  )
  redirect("/checkout")
}

/** The checkout's first step: the e-mail and the address (also the billing address, as the starter's default). */
export async function setAddresses(formData: FormData) {
  const cart = await retrieveCart()
  if (!cart) {
    redirect("/")
  }
  const field = (name: string) => String(formData.get(name) ?? "").trim()
  const address = {
    first_name: field("first_name"),
    last_name: field("last_name"),
    address_1: field("address_1"),
    city: field("city"),
    postal_code: field("postal_code"),
    country_code: field("country_code"),
  }
  await sdk.store.cart.update(
    cart.id,
    {
      email: field("email"),
      shipping_address: address,
      billing_address: address,
    },
    {},
    await getAuthHeaders()
  )
  revalidatePath("/checkout")
}

export async function listCartOptions(cartId: string) {
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions(
    { cart_id: cartId },
    await getAuthHeaders()
  )
  return shipping_options
}

export async function setShippingMethod(formData: FormData) {
  const cart = await retrieveCart()
  if (!cart) {
    redirect("/")
  }
  await sdk.store.cart.addShippingMethod(
    cart.id,
    { option_id: String(formData.get("option_id")) },
    {},
    await getAuthHeaders()
  )
  revalidatePath("/checkout")
}
