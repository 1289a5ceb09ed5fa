import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { approvePiastrixPayoutStep } from "./steps/approve-piastrix-payout"
import { findPiastrixPayoutStep } from "./steps/find-piastrix-payout"

export const approvePiastrixPayoutWorkflowId = "approve-piastrix-payout"

/** An admin lets a payout above the approval threshold be sent; returns it, its account masked. */
export const approvePiastrixPayoutWorkflow = createWorkflow(
  approvePiastrixPayoutWorkflowId,
  (input: { id: string }) => {
    const payout = findPiastrixPayoutStep({ id: input.id })
    return new WorkflowResponse(approvePiastrixPayoutStep({ payout }))
  }
)
