import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { inboxRefundOf, type SqlConnection } from "../../../lib/plugin"
import { refundView, type InboxRefundView } from "../utils/refund-view"

export const findPiastrixInboxRefundStepId = "find-piastrix-inbox-refund"

/** The refund an earlier Refund of this notification started, if any (masked): a sent one is answered again. */
export const findPiastrixInboxRefundStep = createStep(
  findPiastrixInboxRefundStepId,
  async (input: { notification_id: string }, { container }) => {
    const db = container.resolve<SqlConnection>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    const earlier = await inboxRefundOf(db, input.notification_id)
    return new StepResponse<InboxRefundView | null>(
      earlier ? refundView(earlier) : null
    )
  }
)
