import type { InboxRowOrder } from "../../types/admin-responses"

export type {
  InboxRowOrder,
  InboxRowView,
  OrderRef,
} from "../../types/admin-responses"

/**
 * What an inbox row is about, as a store owner reads it: the order the payment became (its display number
 * links to Medusa's order page) and the payer's e-mail, so a payment that could not become an order still
 * names someone to write to. Pure: the admin route reads the sessions through Medusa's Query.
 */

/**
 * A payment session as Query answers it with its collection's cart and order
 * (`payment_session` → `payment_collection` → `cart` → `order`, or the collection's own order).
 */
export type SessionAround = {
  id: string
  data?: Record<string, unknown> | null
  payment_collection?: {
    cart?: {
      email?: string | null
      order?: OrderAround | null
    } | null
    order?: OrderAround | null
  } | null
}

type OrderAround = {
  id: string
  display_id?: number | null
  email?: string | null
}

/** The fields of `SessionAround`, for `query.graph({ entity: "payment_session" })`. */
export const SESSION_AROUND_FIELDS = [
  "id",
  "data",
  "payment_collection.cart.email",
  "payment_collection.cart.order.id",
  "payment_collection.cart.order.display_id",
  "payment_collection.cart.order.email",
  "payment_collection.order.id",
  "payment_collection.order.display_id",
  "payment_collection.order.email",
]

const NOTHING: InboxRowOrder = { order: null, email: null }

function aroundOf(session: SessionAround): InboxRowOrder {
  const collection = session.payment_collection
  const order = collection?.cart?.order ?? collection?.order ?? null
  const email = order?.email || collection?.cart?.email || null
  return {
    order:
      order && order.display_id != null
        ? { id: order.id, display_id: Number(order.display_id) }
        : null,
    email,
  }
}

/**
 * For each `shop_order_id` of a page: the order and e-mail of its session, or of the session that carries its
 * payment since Medusa replaced the paid one (`data.shop_order_id`, carried-payment.ts). A session with an
 * order wins over one without: the order is what the store owner looks for.
 */
export function inboxRowOrders(
  shopOrderIds: readonly string[],
  sessions: readonly SessionAround[]
): Map<string, InboxRowOrder> {
  const found = new Map<string, InboxRowOrder>()
  for (const session of sessions) {
    const carried = session.data?.shop_order_id
    const keys = new Set([session.id])
    if (typeof carried === "string") {
      keys.add(carried)
    }
    const around = aroundOf(session)
    for (const key of keys) {
      const before = found.get(key)
      if (!before || (!before.order && around.order)) {
        found.set(key, {
          order: around.order ?? before?.order ?? null,
          email: around.email ?? before?.email ?? null,
        })
      }
    }
  }
  return new Map(shopOrderIds.map((id) => [id, found.get(id) ?? NOTHING]))
}
