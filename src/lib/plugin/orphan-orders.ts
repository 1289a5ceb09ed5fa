import type { SqlConnection } from "./sql-connection"

/**
 * Orders left behind by a cart completion that was interrupted (the process died between creating the
 * order and linking it to its cart and payment). Medusa's completion is not one transaction, and
 * without a durable workflow engine nothing compensates a dead process: the order stays, unpaid and
 * unlinked, while a later completion places the real one. We detect and cancel them (see
 * docs/architecture.md, "Orders an interrupted completion left behind").
 */

/** Candidates: live, pending, not drafts, older than `graceSeconds`, linked to no cart and no payment. */
export async function unlinkedOrderIds(
  db: SqlConnection,
  s: { graceSeconds: number; limit: number }
): Promise<string[]> {
  const { rows } = await db.raw(
    `select o.id from "order" o
      where o.deleted_at is null and o.canceled_at is null and o.is_draft_order = false and o.status = 'pending'
        and o.created_at < now() - make_interval(secs => ?)
        and o.created_at > now() - interval '7 days'
        and coalesce(o.metadata->>'piastrix_orphan_checked', '') = ''
        and not exists (select 1 from order_cart oc where oc.order_id = o.id and oc.deleted_at is null)
        and not exists (select 1 from order_payment_collection opc where opc.order_id = o.id and opc.deleted_at is null)
      order by o.created_at asc
      limit ?`,
    [s.graceSeconds, s.limit]
  )
  return rows.map((r) => r.id)
}

/**
 * Orders a completion of the cart paying with `paymentCollectionId` left linked to the payment collection
 * but not to the cart (the process died between the two links Medusa makes): while that link stays, every
 * later completion of the cart fails ("Cannot create multiple links") and the money never becomes an order.
 * Only when the cart itself has no order, so a real order is never touched.
 */
export async function interruptedOrdersOfCollection(
  db: SqlConnection,
  paymentCollectionId: string
): Promise<string[]> {
  const { rows } = await db.raw(
    `select opc.order_id from cart_payment_collection cpc
       join order_payment_collection opc
         on opc.payment_collection_id = cpc.payment_collection_id and opc.deleted_at is null
      where cpc.payment_collection_id = ? and cpc.deleted_at is null
        and not exists (select 1 from order_cart oc where oc.cart_id = cpc.cart_id and oc.deleted_at is null)
        and not exists (select 1 from order_cart oc where oc.order_id = opc.order_id and oc.deleted_at is null)
      order by opc.order_id`,
    [paymentCollectionId]
  )
  return rows.map((r) => r.order_id)
}

type Line = { variant_id?: string | null; quantity?: unknown }

export type OrderShape = {
  email?: string | null
  currency_code?: string | null
  region_id?: string | null
  sales_channel_id?: string | null
  created_at: Date | string
  items?: Array<Line | null> | null
}

export type CartShape = OrderShape & {
  id: string
  /** The order the cart became, if any. */
  order_id: string | null
  /** Whether a Piastrix provider holds a session of the cart's payment collection. */
  piastrix: boolean
}

function lines(items: OrderShape["items"]): string {
  return (items ?? [])
    .filter((i): i is Line => !!i)
    .map((i) => `${i.variant_id ?? ""}x${Number(i.quantity ?? 0)}`)
    .sort()
    .join(",")
}

/**
 * The Piastrix cart an unlinked order was made from: same buyer, currency, region, channel and lines,
 * created before the order, and either completed into another order or not completed at all (then
 * the payment completes it later). Null when none matches: the order is not ours to touch. Pure.
 */
export function cartOfOrphan(
  order: OrderShape,
  carts: CartShape[]
): CartShape | null {
  const ordered = new Date(order.created_at).getTime()
  return (
    carts.find(
      (c) =>
        c.piastrix &&
        !!order.email &&
        c.email === order.email &&
        c.currency_code === order.currency_code &&
        c.region_id === order.region_id &&
        (c.sales_channel_id ?? null) === (order.sales_channel_id ?? null) &&
        new Date(c.created_at).getTime() <= ordered &&
        lines(c.items) === lines(order.items)
    ) ?? null
  )
}
