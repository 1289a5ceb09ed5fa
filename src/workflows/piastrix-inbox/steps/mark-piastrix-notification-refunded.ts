import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { messageText } from "../../../lib/plugin/messages"
import type { InboxRefundView } from "../utils/refund-view"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const markPiastrixNotificationRefundedStepId =
  "mark-piastrix-notification-refunded"

/**
 * Resolves the row with the transfer that sent its money back, by whom, and lets go of its claim.
 * Nothing to compensate: it records a refund that was sent and is the workflow's last step.
 */
export const markPiastrixNotificationRefundedStep = createStep(
  markPiastrixNotificationRefundedStepId,
  async (
    input: { id: string; refund: InboxRefundView; by: string | null },
    { container }
  ) => {
    const { refund } = input
    await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .markRefunded(
        input.id,
        messageText("inbox.refunded_to_wallet", {
          amount: refund.amount,
          currency: refund.currency_code,
          payee: refund.payee,
          transfer: String(refund.transfer_id),
          shop_payment_id: refund.shop_payment_id,
        }),
        input.by
      )
    return new StepResponse(null)
  }
)
