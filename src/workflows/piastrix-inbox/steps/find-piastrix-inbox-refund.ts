import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { refundView, type InboxRefundView } from "../utils/refund-view"

export const findPiastrixInboxRefundStepId = "find-piastrix-inbox-refund"

/** The refund an earlier Refund of this notification started, if any (masked): a sent one is answered again. */
export const findPiastrixInboxRefundStep = createStep(
  findPiastrixInboxRefundStepId,
  async (input: { notification_id: string }, { container }) => {
    const earlier = await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .inboxRefundOf(input.notification_id)
    return new StepResponse<InboxRefundView | null>(
      earlier ? refundView(earlier) : null
    )
  }
)
