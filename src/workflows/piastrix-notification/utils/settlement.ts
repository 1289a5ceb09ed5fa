import { messageText } from "../../../lib/plugin/messages"
import type { NotificationPlan, Settlement } from "../types"

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
