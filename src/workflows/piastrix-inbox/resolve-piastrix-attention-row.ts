import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { AttentionSource } from "../../modules/piastrix/repositories/inbox-attention"
import { findPiastrixAttentionRowStep } from "./steps/find-piastrix-attention-row"
import { resolvePiastrixAttentionRowStep } from "./steps/resolve-piastrix-attention-row"

export const resolvePiastrixAttentionRowWorkflowId =
  "resolve-piastrix-attention-row"

export type ResolvePiastrixAttentionRowInput = {
  /** Which register the row is in: a payment found paid without an order, or a refund that did not go through. */
  source: AttentionSource
  /** Id of the row (`pxpay_...`, `pxref_...`). */
  id: string
  /** What was done outside the plugin (refunded at Piastrix, the payer contacted). */
  note: string
  /** The admin user who did it. */
  by: string | null
}

/**
 * The inbox's "Mark resolved" for money that needs a person without a notification of its own
 * (modules/piastrix/repositories/inbox-attention.ts): settled outside the plugin, it is listed resolved with
 * what was done and by whom, and no longer counted among what needs a person. Nothing moves money.
 */
export const resolvePiastrixAttentionRowWorkflow = createWorkflow(
  resolvePiastrixAttentionRowWorkflowId,
  (input: ResolvePiastrixAttentionRowInput) => {
    findPiastrixAttentionRowStep({ source: input.source, id: input.id })
    return new WorkflowResponse(
      resolvePiastrixAttentionRowStep({
        source: input.source,
        id: input.id,
        note: input.note,
        by: input.by,
      })
    )
  }
)
