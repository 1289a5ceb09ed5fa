import type { AxiosInstance } from "axios"
import type { SeededStore } from "../../dev/seed"
import { storeHeaders } from "./store-api"

type Headers = { headers: Record<string, string> }

/**
 * An order edit made the way Medusa's admin makes it (2.21's routes): begin, add `quantity` of `sku`,
 * request, confirm. Confirming leaves the difference to pay in a new payment collection of the order.
 */
export async function editOrderAddingItem(
  api: AxiosInstance,
  seed: SeededStore,
  admin: Headers,
  orderId: string,
  { sku = "piastrix-stickers", quantity = 1 } = {}
) {
  const call = async (path: string, body: unknown) =>
    api.post(path, body, admin).catch((err) => {
      throw new Error(
        `${path}: ${err.response?.status} ${JSON.stringify(err.response?.data)}`
      )
    })
  const { data: begun } = await call("/admin/order-edits", {
    order_id: orderId,
  })
  // The edit's routes are addressed by the order's id (one active edit per order).
  const editId = orderId
  await call(`/admin/order-edits/${editId}/items`, {
    items: [{ variant_id: seed.variants[sku], quantity }],
  })
  await call(`/admin/order-edits/${editId}/request`, {})
  await call(`/admin/order-edits/${editId}/confirm`, {})
  return begun.order_change.id as string
}

/** The order as the customer's storefront reads it (`GET /store/orders/:id`), with its summary and collections. */
export async function storeOrder(
  api: AxiosInstance,
  seed: SeededStore,
  orderId: string
) {
  // Medusa's default fields of this route hold the summary and each collection's id, status and amount.
  const { data } = await api.get(`/store/orders/${orderId}`, storeHeaders(seed))
  return data.order as {
    id: string
    email: string
    summary: { pending_difference: number; paid_total: number }
    payment_collections: Array<{ id: string; status: string; amount: number }>
  }
}

/** The order's payment collection still to be paid (what "pay for this order" starts a session in). */
export function unpaidCollection(order: {
  payment_collections: Array<{ id: string; status: string; amount: number }>
}) {
  const open = order.payment_collections.filter(
    (pc) => pc.status === "not_paid" && Number(pc.amount) > 0
  )
  if (open.length !== 1) {
    throw new Error(
      `expected one unpaid payment collection, got ${JSON.stringify(order.payment_collections)}`
    )
  }
  return open[0]
}
