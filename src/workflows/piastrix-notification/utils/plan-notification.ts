import { isPaymentSessionId, isPiastrixProviderId } from "../../../lib/plugin"
import { type NotificationRow } from "../../../modules/piastrix/repositories/inbox"
import { messageText } from "../../../lib/plugin/messages"
import type { NotificationPlan, PaymentTarget } from "../types"

const settle = (
  state: NotificationPlan["state"],
  ...message: Parameters<typeof messageText>
): NotificationPlan => ({
  action: "settle",
  state,
  reason: messageText(...message),
})

/** Sessions Medusa already holds money for: a later rejection must not undo them. */
const PAID_STATUSES = new Set(["authorized", "captured"])

/** Decides what a notification needs, from the row and what Medusa knows of its session. Pure. */
export function planNotification(
  row: NotificationRow,
  target: PaymentTarget
): NotificationPlan {
  const { session } = target
  const success = row.status === "success"
  if (success && target.refunded && !target.order) {
    // The money went back to the payer (a failed completion's compensation, or the inbox): it pays for
    // no order, and the payer may ask where their order is.
    return settle("needs_attention", "inbox.refunded_no_order")
  }
  if (!session) {
    if (!isPaymentSessionId(row.shop_order_id)) {
      return settle("ignored", "inbox.not_a_session")
    }
    if (!target.own_payment) {
      // Another store (another Medusa on the same Piastrix shop) opened it: its business, not an alarm.
      return settle("ignored", "inbox.not_opened_here")
    }
    // Medusa deletes a cart's sessions when its total changes, but the payer may still pay the old
    // invoice: that money has no order and must stay visible until someone acts on it.
    return success
      ? settle("needs_attention", "inbox.paid_session_gone")
      : settle("ignored", "inbox.session_gone")
  }
  if (!isPiastrixProviderId(session.provider_id)) {
    return settle("ignored", "inbox.other_provider", {
      provider: session.provider_id,
    })
  }
  if (success) {
    return { action: "capture", state: null, reason: null }
  }
  if (row.status === "rejected") {
    if (target.paid_notification) {
      return settle("ignored", "inbox.rejected_after_success")
    }
    if (PAID_STATUSES.has(session.status)) {
      return settle("ignored", "inbox.rejected_after_paid", {
        session_status: session.status,
      })
    }
    return { action: "fail", state: null, reason: null }
  }
  return settle("ignored", "inbox.status_not_acted_on", {
    status: row.status.slice(0, 40),
  })
}
