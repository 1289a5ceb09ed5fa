import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { createPiastrixPayoutStep } from "./steps/create-piastrix-payout"
import { findPiastrixRecipientStep } from "./steps/find-piastrix-recipient"
import { requirePiastrixAccountKeyStep } from "./steps/require-piastrix-account-key"

export const createPiastrixPayoutWorkflowId = "create-piastrix-payout"

export type CreatePiastrixPayoutInput = {
  recipient_id: string
  /** A decimal amount, or everything payable when left out. */
  amount?: string
}

/**
 * An admin's payout: written ahead of sending it (an amount, or all that is payable); the send job
 * sends it, or it waits for approval above the threshold (an option or the admin's setting). Without an
 * account key it could never be sent: 400 naming it. Returns the payout, its account masked.
 */
export const createPiastrixPayoutWorkflow = createWorkflow(
  createPiastrixPayoutWorkflowId,
  (input: CreatePiastrixPayoutInput) => {
    requirePiastrixAccountKeyStep()
    const recipient = findPiastrixRecipientStep({ id: input.recipient_id })
    return new WorkflowResponse(
      createPiastrixPayoutStep({
        recipient_id: recipient.id,
        amount: input.amount,
      })
    )
  }
)
