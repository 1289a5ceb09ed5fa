import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixNotificationStep } from "./steps/find-piastrix-notification"
import { resolvePiastrixNotificationStep } from "./steps/resolve-piastrix-notification"

export const resolvePiastrixNotificationWorkflowId =
  "resolve-piastrix-notification"

export type ResolvePiastrixNotificationInput = {
  /** Id of the inbox row (`pxntf_...`). */
  id: string
  /** What was done outside the plugin (refunded at Piastrix, an order made by hand). */
  note: string
  /** The admin user who did it. */
  by: string | null
}

/**
 * The inbox's "Mark resolved": a row that needs a person is settled outside the plugin, with what was
 * done and by whom; nothing processes it again.
 */
export const resolvePiastrixNotificationWorkflow = createWorkflow(
  resolvePiastrixNotificationWorkflowId,
  (input: ResolvePiastrixNotificationInput) => {
    findPiastrixNotificationStep({ id: input.id })
    return new WorkflowResponse(
      resolvePiastrixNotificationStep({
        id: input.id,
        note: input.note,
        by: input.by,
      })
    )
  }
)
