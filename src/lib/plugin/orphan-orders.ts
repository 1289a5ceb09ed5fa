/**
 * Orders left behind by a cart completion that was interrupted (the process died between creating the
 * order and linking it to its cart and payment). Medusa's completion is not one transaction, and
 * without a durable workflow engine nothing compensates a dead process: the order stays, unpaid and
 * unlinked, while a later completion places the real one. We detect and cancel them (see
 * docs/architecture.md, "Orders an interrupted completion left behind"). The candidates are read from
 * Medusa's tables in medusa-tables.ts (`unlinkedOrderIds`).
 */

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
