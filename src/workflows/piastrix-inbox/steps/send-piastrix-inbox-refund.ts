import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { refundView, type InboxRefundView } from "../utils/refund-view"
import type { InboxRow } from "./find-piastrix-notification"

export const sendPiastrixInboxRefundStepId = "send-piastrix-inbox-refund"

/**
 * Sends the payment back to the payer's wallet through the refund register, under the refund id
 * `inbox_<notification id>` (refund-transfer.ts: write-ahead row, adoption of a lost one, amount and
 * payee locked). The transfer is read here, under the row's claim, so the payer's wallet is never
 * carried between steps. Nothing to compensate: money sent cannot be called back, and the register
 * keeps the refund, so asking again answers it instead of sending twice.
 */
export const sendPiastrixInboxRefundStep = createStep(
  sendPiastrixInboxRefundStepId,
  async (input: { notification: InboxRow }, { container }) => {
    const sent = await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .sendInboxRefund(input.notification)
    return new StepResponse<InboxRefundView>(refundView(sent))
  }
)
