import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { checkPiastrixRecipientChangesStep } from "./steps/check-piastrix-recipient-changes"
import { updatePiastrixRecipientStep } from "./steps/update-piastrix-recipient"
import type { UpdatePiastrixRecipientInput } from "./types"

export const updatePiastrixRecipientWorkflowId = "update-piastrix-recipient"

/**
 * An admin changes a recipient, or suspends it (`state: "suspended"`): 404 for an unknown one, and a changed
 * withdraw account is checked again against its payway's format. Returns the recipient, its account masked.
 */
export const updatePiastrixRecipientWorkflow = createWorkflow(
  updatePiastrixRecipientWorkflowId,
  (input: UpdatePiastrixRecipientInput) => {
    checkPiastrixRecipientChangesStep(input)
    return new WorkflowResponse(updatePiastrixRecipientStep(input))
  }
)
