import {
  isPaymentSessionId,
  isPiastrixProviderId,
  type NotificationRow,
} from "../../../lib/plugin"
import type { NotificationPlan, PaymentTarget } from "../types"

const settle = (
  state: NotificationPlan["state"],
  reason: string
): NotificationPlan => ({
  action: "settle",
  state,
  reason,
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
    return settle(
      "needs_attention",
      "paid, but the money was refunded to the payer (see the refunds of this payment); no order is placed with it: mark resolved once the payer knows"
    )
  }
  if (!session) {
    if (!isPaymentSessionId(row.shop_order_id)) {
      return settle(
        "ignored",
        "not a payment of this store (the order number is not a payment session id)"
      )
    }
    if (!target.own_payment) {
      // Another store (another Medusa on the same Piastrix shop) opened it: its business, not an alarm.
      return settle(
        "ignored",
        "not a payment of this store (this store never opened it)"
      )
    }
    // Medusa deletes a cart's sessions when its total changes, but the payer may still pay the old
    // invoice: that money has no order and must stay visible until someone acts on it.
    return success
      ? settle(
          "needs_attention",
          "paid, but the payment session no longer exists (the cart changed after the payer was sent to pay); no order was created"
        )
      : settle("ignored", "the payment session no longer exists")
  }
  if (!isPiastrixProviderId(session.provider_id)) {
    return settle(
      "ignored",
      `the session belongs to another provider (${session.provider_id})`
    )
  }
  if (success) {
    return { action: "capture", state: null, reason: null }
  }
  if (row.status === "rejected") {
    if (target.paid_notification) {
      return settle(
        "ignored",
        "rejected, but the service also reported the payment successful"
      )
    }
    if (PAID_STATUSES.has(session.status)) {
      return settle(
        "ignored",
        `rejected, but the session is already ${session.status}`
      )
    }
    return { action: "fail", state: null, reason: null }
  }
  return settle(
    "ignored",
    `status "${row.status.slice(0, 40)}" is not acted on`
  )
}
