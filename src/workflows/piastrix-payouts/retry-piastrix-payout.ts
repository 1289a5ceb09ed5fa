import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixPayoutStep } from "./steps/find-piastrix-payout"
import { retryPiastrixPayoutStep } from "./steps/retry-piastrix-payout"

export const retryPiastrixPayoutWorkflowId = "retry-piastrix-payout"

/**
 * An admin puts a payout that needed attention back in flight; the sync job settles it through its
 * status, by the same `shop_payment_id`. Returns it, its account masked.
 */
export const retryPiastrixPayoutWorkflow = createWorkflow(
  retryPiastrixPayoutWorkflowId,
  (input: { id: string }) => {
    const payout = findPiastrixPayoutStep({ id: input.id })
    return new WorkflowResponse(retryPiastrixPayoutStep({ payout }))
  }
)
