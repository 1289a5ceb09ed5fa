import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  createRemoteLinkStep,
  dismissRemoteLinkStep,
} from "@medusajs/medusa/core-flows"
import { findPiastrixRecipientStep } from "./steps/find-piastrix-recipient"
import { planPiastrixRecipientProductsStep } from "./steps/plan-piastrix-recipient-products"

export const setPiastrixRecipientProductsWorkflowId =
  "set-piastrix-recipient-products"

export type SetPiastrixRecipientProductsInput = {
  recipient_id: string
  /** Products the recipient now owns (moved from another recipient that owned them). */
  add?: string[]
  /** Products it no longer owns. */
  remove?: string[]
}

/**
 * An admin links products to a recipient (its sales earn it its share), moving them from another one, and
 * unlinks others: 404 for an unknown recipient, 400 naming `add` for an unknown product. Medusa's link steps
 * make and end the links, each with its compensation (a dismissed link is made again, a made one dismissed).
 */
export const setPiastrixRecipientProductsWorkflow = createWorkflow(
  setPiastrixRecipientProductsWorkflowId,
  (input: SetPiastrixRecipientProductsInput) => {
    const recipient = findPiastrixRecipientStep({ id: input.recipient_id })
    const plan = planPiastrixRecipientProductsStep(
      transform({ input, recipient }, ({ input, recipient }) => ({
        recipient_id: recipient.id,
        add: input.add ?? [],
        remove: input.remove ?? [],
      }))
    )
    dismissRemoteLinkStep(plan.moved).config({
      name: "dismiss-piastrix-moved-products",
    })
    createRemoteLinkStep(plan.added)
    dismissRemoteLinkStep(plan.removed).config({
      name: "dismiss-piastrix-removed-products",
    })
    return new WorkflowResponse(recipient)
  }
)
