import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { checkPiastrixWithdrawAccountStep } from "./steps/check-piastrix-withdraw-account"
import { createPiastrixRecipientStep } from "./steps/create-piastrix-recipient"
import { requirePiastrixAccountKeyStep } from "./steps/require-piastrix-account-key"
import type { CreatePiastrixRecipientInput } from "./types"

export const createPiastrixRecipientWorkflowId = "create-piastrix-recipient"

/**
 * An admin adds a recipient: refused without an account key (400 naming it) or with a withdraw account its
 * payway's format refuses (400 naming the field), checked before it is encrypted. Returns the recipient,
 * its account masked.
 */
export const createPiastrixRecipientWorkflow = createWorkflow(
  createPiastrixRecipientWorkflowId,
  (input: CreatePiastrixRecipientInput) => {
    requirePiastrixAccountKeyStep()
    checkPiastrixWithdrawAccountStep(input)
    return new WorkflowResponse(createPiastrixRecipientStep(input))
  }
)
