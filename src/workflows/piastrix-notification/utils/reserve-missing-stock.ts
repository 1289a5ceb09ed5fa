import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MathBN,
  Modules,
} from "@medusajs/framework/utils"
import { confirmVariantInventoryWorkflow } from "@medusajs/medusa/core-flows"
import { describeError, isLockContention } from "../../../lib/plugin"
import { findCartAndOrder } from "./find-order"

/** The variant fields Medusa's completion reads to reserve an item's stock (core-flows' cart `completeCartFields`). */
const VARIANT_INVENTORY_FIELDS = [
  "id",
  "manage_inventory",
  "allow_backorder",
  "inventory_items.variant_id",
  "inventory_items.inventory_item_id",
  "inventory_items.required_quantity",
  "inventory_items.inventory.location_levels.stocked_quantity",
  "inventory_items.inventory.location_levels.reserved_quantity",
  "inventory_items.inventory.location_levels.raw_stocked_quantity",
  "inventory_items.inventory.location_levels.raw_reserved_quantity",
  "inventory_items.inventory.location_levels.location_id",
  "inventory_items.inventory.location_levels.stock_locations.id",
  "inventory_items.inventory.location_levels.stock_locations.name",
  "inventory_items.inventory.location_levels.stock_locations.sales_channels.id",
  "inventory_items.inventory.location_levels.stock_locations.sales_channels.name",
]

/** Seconds to wait for the cart's lock: a completion holding it reserves its order's stock itself. */
const CART_LOCK_WAIT_SECONDS = 5
/** Seconds to wait for the inventory items' locks, which other carts of the same products take in turn. */
const INVENTORY_LOCK_WAIT_SECONDS = 30

export type StockMend = {
  /** Line items reserved now. */
  reserved: string[]
  /** Why the order's stock could not be checked or reserved now (its cart locked too long, stock ran out). */
  failed: string | null
}

const NOTHING: StockMend = { reserved: [], failed: null }

/**
 * Medusa's completion places the order, then reserves its stock beside linking it, then authorizes the
 * session: a process that dies in between leaves the cart's order with no reservation for its items, and
 * nothing later makes one (the capture does not, and a fulfilment finds no stock held for the order). Before
 * such an order's payment is taken, its line items whose variant manages inventory and that have no
 * reservation are reserved as the completion reserves them (Medusa's `confirmVariantInventoryWorkflow` picks
 * the location, then one reservation per item and inventory item). Only while the payment collection has no
 * payment yet (a completion that authorized had reserved before), for an order not canceled, under the cart's
 * lock (a completion still running holds it and reserves itself). Stock that ran out meanwhile is logged and
 * skipped: the money is paid, the order stands, a person restocks.
 */
export async function reserveMissingStock(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<StockMend> {
  const { data: payments } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "payment",
      fields: ["id"],
      filters: { payment_collection_id: paymentCollectionId },
    })
  if (payments.length) {
    return NOTHING
  }
  const { cart_id, order } = await findCartAndOrder(
    container,
    paymentCollectionId
  )
  if (!cart_id || !order) {
    return NOTHING
  }
  const locking = container.resolve(Modules.LOCKING)
  try {
    return await locking.execute(
      cart_id,
      () =>
        reserveUnreserved(container, order.id).catch((error) => ({
          reserved: [],
          failed: describeError(error),
        })),
      { timeout: CART_LOCK_WAIT_SECONDS }
    )
  } catch (error) {
    const description = describeError(error)
    // The cart's lock is held: a completion of it is running, and reserves its order's stock itself.
    return isLockContention(description)
      ? NOTHING
      : { reserved: [], failed: description }
  }
}

async function reserveUnreserved(
  container: MedusaContainer,
  orderId: string
): Promise<StockMend> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "canceled_at",
      "sales_channel_id",
      "items.id",
      "items.quantity",
      "items.variant_id",
      ...VARIANT_INVENTORY_FIELDS.map((f) => `items.variant.${f}`),
    ],
    filters: { id: orderId },
  } as never)
  const order = (data as any[])[0]
  if (!order || order.canceled_at) {
    return NOTHING
  }
  const managed = (order.items ?? []).filter(
    (item: any) => item.variant?.manage_inventory
  )
  if (!managed.length) {
    return NOTHING
  }
  const inventory = container.resolve(Modules.INVENTORY)
  const held = await inventory.listReservationItems(
    { line_item_id: managed.map((item: any) => item.id) },
    { select: ["line_item_id"] }
  )
  const reserved = new Set(held.map((r) => r.line_item_id))
  const missing = managed.filter((item: any) => !reserved.has(item.id))
  if (!missing.length) {
    return NOTHING
  }
  const { result } = await confirmVariantInventoryWorkflow(container).run({
    input: {
      sales_channel_id: order.sales_channel_id,
      variants: missing.map((item: any) => item.variant),
      items: missing.map((item: any) => ({
        id: item.id,
        variant_id: item.variant_id,
        quantity: item.quantity,
      })),
    } as never,
  })
  const items = (result as { items: any[] }).items.map((item) => ({
    line_item_id: item.id,
    inventory_item_id: item.inventory_item_id,
    quantity: MathBN.mult(item.required_quantity, item.quantity),
    allow_backorder: item.allow_backorder,
    location_id: item.location_ids[0],
  }))
  // As Medusa's reserveInventoryStep: under the inventory items' locks.
  const keys = [...new Set(items.map((item) => item.inventory_item_id))]
  await container
    .resolve(Modules.LOCKING)
    .execute(keys, () => inventory.createReservationItems(items as never), {
      timeout: INVENTORY_LOCK_WAIT_SECONDS,
    })
  return { reserved: missing.map((item: any) => item.id), failed: null }
}
