import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

export type CartAndOrder = {
  cart_id: string | null
  order: { id: string; metadata: Record<string, unknown> | null } | null
}

/** The cart a payment collection pays for (Medusa's cart_payment_collection link), or null for an order's. */
export async function cartOfPaymentCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<string | null> {
  const { data: carts } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: paymentCollectionId },
    })
  return (carts[0]?.cart_id as string | undefined) ?? null
}

/**
 * The cart a payment collection pays for and the order placed from it, through Medusa's links
 * (cart_payment_collection, order_cart; order_payment_collection for orders without a cart).
 */
export async function findCartAndOrder(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<CartAndOrder> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const cartId = await cartOfPaymentCollection(container, paymentCollectionId)

  let orderId: string | null = null
  if (cartId) {
    const { data: links } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: cartId },
    })
    orderId = links[0]?.order_id ?? null
  }
  if (!orderId) {
    const { data: links } = await query.graph({
      entity: "order_payment_collection",
      fields: ["order_id"],
      filters: { payment_collection_id: paymentCollectionId },
    })
    orderId = links[0]?.order_id ?? null
  }
  if (!orderId) {
    return { cart_id: cartId, order: null }
  }
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "metadata"],
    filters: { id: orderId },
  })
  const order = orders[0]
  return {
    cart_id: cartId,
    order: order ? { id: order.id, metadata: order.metadata ?? null } : null,
  }
}
