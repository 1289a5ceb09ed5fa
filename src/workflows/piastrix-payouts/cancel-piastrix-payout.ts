import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { cancelPiastrixPayoutStep } from "./steps/cancel-piastrix-payout"
import { findPiastrixPayoutStep } from "./steps/find-piastrix-payout"

export const cancelPiastrixPayoutWorkflowId = "cancel-piastrix-payout"

/**
 * An admin cancels a payout never sent: its amount is available to the recipient again, the reason
 * kept. Returns it, its account masked.
 */
export const cancelPiastrixPayoutWorkflow = createWorkflow(
  cancelPiastrixPayoutWorkflowId,
  (input: { id: string; reason: string }) => {
    const payout = findPiastrixPayoutStep({ id: input.id })
    return new WorkflowResponse(
      cancelPiastrixPayoutStep({ payout, reason: input.reason })
    )
  }
)
