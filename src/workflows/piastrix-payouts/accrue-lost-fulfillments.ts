import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "../../lib/plugin"
import { PIASTRIX_MODULE } from "../../modules/piastrix"
import type PiastrixModuleService from "../../modules/piastrix/service"
import { accruePiastrixFulfillmentWorkflow } from "./accrue-piastrix-fulfillment"

/** How far back fulfillments are looked at, and how many per pass. */
export const LOST_FULFILLMENT_DAYS = 7
const PER_PASS = 200

/**
 * Fulfillments whose vendor shares were never accrued: the event was lost (Medusa down, a worker killed
 * before the subscriber ran) or its processing failed. Looked at: fulfillments of the last `days` days that
 * are not canceled (and delivered, when shares accrue on delivery), with a line of a product that has a
 * payout recipient, and without any accrual in the ledger. Each is accrued by the same workflow as the
 * subscriber, with the same keys, so an event that arrives late anyway accrues nothing twice.
 */
export async function unaccruedFulfillments(
  container: MedusaContainer,
  s: { days?: number; accrueOn: "fulfilled" | "delivered" }
): Promise<Array<{ order_id: string; fulfillment_id: string }>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const since = new Date(
    Date.now() - (s.days ?? LOST_FULFILLMENT_DAYS) * 86_400_000
  )
  const { data: fulfillments } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "delivered_at", "canceled_at", "items.line_item_id"],
    filters: { created_at: { $gte: since }, canceled_at: null },
    pagination: { take: PER_PASS, order: { created_at: "DESC" } },
  })
  const candidates = fulfillments.filter((f) =>
    s.accrueOn === "delivered" ? !!f.delivered_at : true
  )
  if (!candidates.length) {
    return []
  }
  const done = await container
    .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    .accruedFulfillmentIds(candidates.map((f) => f.id as string))
  const open = candidates.filter((f) => !done.has(f.id))
  if (!open.length) {
    return []
  }
  const { data: links } = await query.graph({
    entity: "order_fulfillment",
    fields: ["order_id", "fulfillment_id"],
    filters: { fulfillment_id: open.map((f) => f.id) },
  })
  const orderIds = [...new Set(links.map((l) => l.order_id as string))]
  const { data: orders } = orderIds.length
    ? await query.graph({
        entity: "order",
        fields: ["id", "items.id", "items.product_id"],
        filters: { id: orderIds },
      })
    : { data: [] }
  const productOfLine = new Map<string, string>()
  for (const order of orders) {
    for (const item of order.items ?? []) {
      if (item?.product_id) {
        productOfLine.set(item.id, item.product_id)
      }
    }
  }
  const productIds = [...new Set(productOfLine.values())]
  const { data: products } = productIds.length
    ? await query.graph({
        entity: "product",
        fields: ["id", "piastrix_recipient.id"],
        filters: { id: productIds },
      })
    : { data: [] }
  const owned = new Set(
    products.filter((p) => p.piastrix_recipient).map((p) => p.id as string)
  )
  return open.flatMap((f) => {
    const orderId = links.find((l) => l.fulfillment_id === f.id)?.order_id
    const vendorLine = (f.items ?? []).some(
      (i: { line_item_id?: string | null } | null) =>
        owned.has(productOfLine.get(i?.line_item_id ?? "") ?? "")
    )
    return orderId && vendorLine
      ? [{ order_id: orderId as string, fulfillment_id: f.id as string }]
      : []
  })
}

/** Accrues every lost fulfillment found (above); returns how many accruals were posted. */
export async function accrueLostFulfillments(
  container: MedusaContainer,
  s: { days?: number; accrueOn: "fulfilled" | "delivered" }
): Promise<number> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let posted = 0
  for (const target of await unaccruedFulfillments(container, s)) {
    const { result, errors } = await accruePiastrixFulfillmentWorkflow(
      container
    ).run({ input: target, throwOnError: false })
    if (errors?.length) {
      logger.warn(
        `Piastrix fulfillment ${target.fulfillment_id}: still not accrued: ${describeError(errors[0].error)}`
      )
      continue
    }
    const created = result.posted.filter(
      (p: { created: boolean }) => p.created
    ).length
    if (created) {
      logger.info(
        `Piastrix fulfillment ${target.fulfillment_id}: ${created} accrual(s) its event never brought (order ${target.order_id})`
      )
    }
    posted += created
  }
  return posted
}
