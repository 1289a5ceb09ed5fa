import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import type { SeededStore } from "../../dev/seed"

/** Headers of a storefront request (publishable key). */
export function storeHeaders(seed: SeededStore) {
  return { headers: { "x-publishable-api-key": seed.publishableKey } }
}

/** A guest cart in `currency` with one item of `sku` (a digital product: no shipping needed). */
export async function createCart(
  api: AxiosInstance,
  seed: SeededStore,
  {
    currency = "rub",
    sku = "piastrix-ebook",
    quantity = 1,
    email = "payer@example.com",
  } = {}
) {
  const region = seed.regions[currency]
  const { data } = await api.post(
    "/store/carts",
    {
      region_id: region.id,
      email,
      items: [{ variant_id: seed.variants[sku], quantity }],
    },
    storeHeaders(seed)
  )
  return data.cart
}

/** Starts a payment session for the cart with `providerId`; returns the session (with its data). */
export async function startPaymentSession(
  api: AxiosInstance,
  seed: SeededStore,
  cart: { id: string },
  providerId: string,
  data: Record<string, unknown> = {}
) {
  const { data: pc } = await api.post(
    "/store/payment-collections",
    { cart_id: cart.id },
    storeHeaders(seed)
  )
  return startSessionInCollection(
    api,
    seed,
    pc.payment_collection.id,
    providerId,
    data
  )
}

/**
 * Starts a payment session with `providerId` in a payment collection (a cart's, or an order's: what an
 * order edit leaves to pay); returns the session (with its data) and the collection.
 */
export async function startSessionInCollection(
  api: AxiosInstance,
  seed: SeededStore,
  paymentCollectionId: string,
  providerId: string,
  data: Record<string, unknown> = {}
) {
  const { data: res } = await api
    .post(
      `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
      { provider_id: providerId, data },
      storeHeaders(seed)
    )
    .catch((err) => {
      // Keep Medusa's message: it is what a storefront developer would read.
      throw new Error(
        `payment session for ${providerId}: ${err.response?.status} ${JSON.stringify(err.response?.data)}`
      )
    })
  const sessions = res.payment_collection.payment_sessions as Array<{
    provider_id: string
    id: string
  }>
  const session = sessions.find((s) => s.provider_id === providerId)!
  return { session: session as any, paymentCollection: res.payment_collection }
}

/** `POST /store/carts/:id/complete`; returns the HTTP status and body (never throws). */
export async function completeCart(
  api: AxiosInstance,
  seed: SeededStore,
  cartId: string
) {
  try {
    const res = await api.post(
      `/store/carts/${cartId}/complete`,
      {},
      storeHeaders(seed)
    )
    return { status: res.status, body: res.data }
  } catch (err: any) {
    if (!err.response) {
      throw err
    }
    return { status: err.response.status as number, body: err.response.data }
  }
}

/**
 * The order created for a cart, or null. `payment_state` is derived from the records (the order's
 * `payment_status` is computed by the API, not stored): "captured" once a payment is captured,
 * otherwise the payment collection's status ("awaiting" for a bank transfer on its way).
 */
export async function findOrderForCart(
  container: MedusaContainer,
  cartId: string
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "completed_at",
      "order.id",
      "order.display_id",
      "order.payment_collections.status",
      "order.payment_collections.payments.id",
      "order.payment_collections.payments.captured_at",
      "order.payment_collections.payments.captures.id",
    ],
    filters: { id: cartId },
  })
  const order = (data[0]?.order as any) ?? null
  if (!order) {
    return null
  }
  const collections = order.payment_collections ?? []
  const captured = collections.some((pc: any) =>
    pc.payments?.some((p: any) => p.captured_at)
  )
  return {
    ...order,
    payment_state: captured ? "captured" : (collections[0]?.status ?? null),
  }
}

/**
 * Adds a line item that needs shipping behind the storefront's back (through the cart module), free so that
 * the cart's total (and a session's amount) stays: a cart without a shipping method then cannot become an order.
 */
export async function addItemToShip(
  container: MedusaContainer,
  cartId: string
) {
  const [item] = await container.resolve(Modules.CART).addLineItems([
    {
      cart_id: cartId,
      title: "Poster",
      quantity: 1,
      unit_price: 0,
      requires_shipping: true,
    },
  ])
  return item
}

/**
 * An order of the cart's items made with Medusa's order module, linked to nothing: what a completion has made
 * when it is interrupted before linking the order (a test links it further where the completion got further).
 */
export async function orderOfCartItems(
  container: MedusaContainer,
  cart: any,
  email: string = cart.email
) {
  const [order] = await container.resolve(Modules.ORDER).createOrders([
    {
      email,
      currency_code: cart.currency_code,
      region_id: cart.region_id,
      sales_channel_id: cart.sales_channel_id,
      items: cart.items.map((i: any) => ({
        title: i.title,
        variant_id: i.variant_id,
        quantity: i.quantity,
        unit_price: i.unit_price,
      })),
    },
  ])
  return order
}
