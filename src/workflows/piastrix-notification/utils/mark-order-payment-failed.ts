import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

export type OrderRef = { id: string; metadata: Record<string, unknown> | null }

/** The metadata key the admin reads for an order whose Piastrix payment failed. */
export const PAYMENT_FAILED_METADATA_KEY = "piastrix_payment_failed"

/**
 * An order placed before the money arrived (bank transfer, `pending_authorization`) waits for a
 * payment that will not come: say so on the order, where the admin sees it. Medusa has no payment
 * status for this, so it goes to the order's metadata. Returns the metadata it replaced.
 */
export async function markOrderPaymentFailed(
  container: MedusaContainer,
  order: OrderRef,
  failure: { reason: string; at: string }
): Promise<Record<string, unknown>> {
  const orderModule = container.resolve(Modules.ORDER)
  const previous = order.metadata ?? {}
  await orderModule.updateOrders(order.id, {
    metadata: { ...previous, [PAYMENT_FAILED_METADATA_KEY]: failure },
  })
  return previous
}
