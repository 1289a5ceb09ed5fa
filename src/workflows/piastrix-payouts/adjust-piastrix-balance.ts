import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixRecipientStep } from "./steps/find-piastrix-recipient"
import { postPiastrixAdjustmentStep } from "./steps/post-piastrix-adjustment"

export const adjustPiastrixBalanceWorkflowId = "adjust-piastrix-balance"

export type AdjustPiastrixBalanceInput = {
  recipient_id: string
  /** A signed decimal amount: added to (or taken from) the available balance. */
  amount: string
  reason: string
  /** The admin's key for this correction: a retried request with it posts once. */
  idempotency_key: string
}

/** An admin corrects a recipient's available balance with a reason; returns the posting. */
export const adjustPiastrixBalanceWorkflow = createWorkflow(
  adjustPiastrixBalanceWorkflowId,
  (input: AdjustPiastrixBalanceInput) => {
    const recipient = findPiastrixRecipientStep({ id: input.recipient_id })
    const adjustment = transform(
      { input, recipient },
      ({ input, recipient }) => ({
        key: `adjustment:${recipient.id}:${input.idempotency_key}`,
        recipient_id: recipient.id,
        amount: input.amount,
        reason: input.reason,
      })
    )
    return new WorkflowResponse(postPiastrixAdjustmentStep(adjustment))
  }
)
