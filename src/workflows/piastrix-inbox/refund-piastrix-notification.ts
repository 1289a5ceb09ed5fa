import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { claimPiastrixNotificationForRefundStep } from "./steps/claim-piastrix-notification-for-refund"
import { findPiastrixInboxRefundStep } from "./steps/find-piastrix-inbox-refund"
import { findPiastrixNotificationStep } from "./steps/find-piastrix-notification"
import { markPiastrixNotificationRefundedStep } from "./steps/mark-piastrix-notification-refunded"
import { sendPiastrixInboxRefundStep } from "./steps/send-piastrix-inbox-refund"
import { validatePiastrixInboxRefundStep } from "./steps/validate-piastrix-inbox-refund"
import type { InboxRefundView } from "./utils/refund-view"

export const refundPiastrixNotificationWorkflowId =
  "refund-piastrix-notification"

export type RefundPiastrixNotificationInput = {
  /** Id of the inbox row (`pxntf_...`). */
  id: string
  /** The admin user who asked. */
  by: string | null
}

/**
 * The inbox's "Refund": money that arrived for a wallet payment whose cart could not become an order
 * goes back to the payer's wallet, once (modules/piastrix/repositories/inbox-refund.ts). Asked again after it was sent, it
 * answers the same refund. Everything that can refuse runs before the transfer, the one call that
 * cannot be undone; after it only the row's note is written. A transfer that fails lets go of the row's
 * claim. Returns the refund as the admin shows it (the payer's wallet masked).
 */
export const refundPiastrixNotificationWorkflow = createWorkflow(
  refundPiastrixNotificationWorkflowId,
  (input: RefundPiastrixNotificationInput) => {
    const notification = findPiastrixNotificationStep({ id: input.id })
    const earlier = findPiastrixInboxRefundStep({ notification_id: input.id })

    const sent = when(
      "piastrix-inbox-refund-not-sent",
      { earlier },
      ({ earlier }) => earlier?.state !== "sent"
    ).then(() => {
      validatePiastrixInboxRefundStep({ notification })
      claimPiastrixNotificationForRefundStep({ id: input.id })
      const refund = sendPiastrixInboxRefundStep({ notification })
      markPiastrixNotificationRefundedStep({
        id: input.id,
        refund,
        by: input.by,
      })
      return refund
    })

    const refund = transform(
      { earlier, sent },
      ({ earlier, sent }): InboxRefundView => (sent ?? earlier)!
    )
    return new WorkflowResponse(refund)
  }
)
