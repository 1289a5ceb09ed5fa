import { messageText } from "../../../lib/plugin/messages"
import type { MendedLinks } from "../steps/mend-piastrix-interrupted-order"
import type { KnownCart } from "../steps/run-piastrix-payment-processing"
import type { NotificationPlan, PaymentTarget, Settlement } from "../types"

/** The row's final state: the plan's own for notifications that needed no work, else the outcome. Pure. */
export function settlementOf(
  plan: NotificationPlan,
  captured: Settlement | undefined,
  failed: { order_id: string | null } | undefined
): Settlement {
  if (plan.action === "capture") {
    return (
      captured ?? {
        state: "failed",
        reason: messageText("inbox.processing_did_not_run"),
      }
    )
  }
  if (plan.action === "fail") {
    return failed
      ? { state: "processed", reason: null }
      : { state: "failed", reason: messageText("inbox.rejection_not_recorded") }
  }
  return { state: plan.state ?? "ignored", reason: plan.reason }
}

/** What the payer and the admin are told about a rejected payment. */
export function rejectionReason(paymentId: string | null): string {
  return paymentId
    ? `Piastrix reported payment ${paymentId} as rejected`
    : "Piastrix reported the payment as rejected"
}

/**
 * The cart and whether it has an order, from what the target step read and what mending changed: an
 * order linked by mending is the cart's; one mending let go of (found through the payment collection,
 * linked to no cart) is not. Pure.
 */
export function cartAfterMending(
  target: Pick<PaymentTarget, "cart_id" | "order">,
  mended: MendedLinks
): KnownCart {
  const order = mended.linked ?? target.order?.id ?? null
  return {
    cart_id: target.cart_id,
    has_order: !!order && !mended.released.includes(order),
  }
}
