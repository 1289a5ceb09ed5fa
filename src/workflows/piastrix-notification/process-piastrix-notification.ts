import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { checkPiastrixCaptureOutcomeStep } from "./steps/check-piastrix-capture-outcome"
import { failPiastrixPaymentSessionStep } from "./steps/fail-piastrix-payment-session"
import { findPiastrixPaymentTargetStep } from "./steps/find-piastrix-payment-target"
import { loadPiastrixNotificationStep } from "./steps/load-piastrix-notification"
import { markPiastrixOrderPaymentFailedStep } from "./steps/mark-piastrix-order-payment-failed"
import { mendPiastrixInterruptedOrderStep } from "./steps/mend-piastrix-interrupted-order"
import { runPiastrixPaymentProcessingStep } from "./steps/run-piastrix-payment-processing"
import { settlePiastrixNotificationStep } from "./steps/settle-piastrix-notification"
import { planNotification } from "./utils/plan-notification"
import type { NotificationRow } from "../../modules/piastrix/repositories/inbox"
import {
  cartAfterMending,
  rejectionReason,
  settlementOf,
} from "./utils/settlement"

export const processPiastrixNotificationWorkflowId =
  "process-piastrix-notification"

export type ProcessPiastrixNotificationInput = {
  /** Id of the inbox row (`pxntf_...`). */
  notification_id: string
  /** The row as its claim read it, when the caller holds it (else it is read). */
  notification?: NotificationRow
}

/**
 * Acts on one recorded notification of the service:
 * - success: a cart without an order is completed first (the order placed, then the session authorized
 *   last: the provider reads the verified notification in the inbox), then Medusa's payment processing
 *   captures (the payer need not return to the store); an order a killed completion linked to only one
 *   of the cart and its payment is mended before (let go of the payment, or linked to it);
 * - rejected: the provider settles the session as failed, and an order already waiting for that
 *   payment says so;
 * - another integration's order: ignored; a paid session Medusa has since deleted: needs attention.
 * The row ends `processed`, `ignored`, `needs_attention` or `failed` (with the reason; retried by
 * the reconcile job). Running it again for the same row changes nothing more. Started by the
 * `piastrix.notification.received` subscriber and by the reconcile job, through
 * `runNotificationProcessing`, which holds the row's claim.
 */
export const processPiastrixNotificationWorkflow = createWorkflow(
  processPiastrixNotificationWorkflowId,
  (input: ProcessPiastrixNotificationInput) => {
    const notification = loadPiastrixNotificationStep({
      id: input.notification_id,
      row: input.notification,
    })
    const target = findPiastrixPaymentTargetStep({
      shop_order_id: notification.shop_order_id,
      status: notification.status,
    })
    const plan = transform(
      { notification, target },
      ({ notification, target }) => planNotification(notification, target)
    )

    const captured = when(
      "piastrix-notification-paid",
      { plan },
      ({ plan }) => plan.action === "capture"
    ).then(() => {
      const mended = mendPiastrixInterruptedOrderStep({
        payment_collection_id: target.session!.payment_collection_id,
      })
      const known = transform({ target, mended }, ({ target, mended }) =>
        cartAfterMending(target, mended)
      )
      const run = runPiastrixPaymentProcessingStep({
        session_id: target.session!.id,
        amount: target.session!.amount,
        known,
      })
      return checkPiastrixCaptureOutcomeStep({
        session_id: target.session!.id,
        run,
      })
    })

    const failed = when(
      "piastrix-notification-rejected",
      { plan },
      ({ plan }) => plan.action === "fail"
    ).then(() => {
      const failure = transform({ notification }, ({ notification }) => ({
        reason: rejectionReason(notification.payment_id),
        at: new Date(notification.created_at).toISOString(),
      }))
      const orderFailure = transform(
        { target, failure },
        ({ target, failure }) => ({
          order: target.order,
          reason: failure.reason,
          at: failure.at,
        })
      )
      const marked = markPiastrixOrderPaymentFailedStep(orderFailure)
      // Last: the session's failure cannot be undone.
      failPiastrixPaymentSessionStep({ session_id: target.session!.id })
      return marked
    })

    const settlement = transform(
      { plan, captured, failed },
      ({ plan, captured, failed }) => settlementOf(plan, captured, failed)
    )
    const row = settlePiastrixNotificationStep({
      id: input.notification_id,
      settlement,
    })
    return new WorkflowResponse(row)
  }
)
