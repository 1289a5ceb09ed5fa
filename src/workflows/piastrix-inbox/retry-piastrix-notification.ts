import {
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixNotificationStep } from "./steps/find-piastrix-notification"
import { processPiastrixNotificationAgainStep } from "./steps/process-piastrix-notification-again"
import { reopenPiastrixNotificationStep } from "./steps/reopen-piastrix-notification"

export const retryPiastrixNotificationWorkflowId = "retry-piastrix-notification"

/**
 * The inbox's "Retry": a row that needs a person or keeps failing is processed again once its cause is
 * fixed (the cart completed, stock restored). Returns how the processing ended (`busy` when another
 * instance holds the row). Processing is idempotent, so a retry can never place a second order.
 */
export const retryPiastrixNotificationWorkflow = createWorkflow(
  retryPiastrixNotificationWorkflowId,
  (input: { id: string }) => {
    const notification = findPiastrixNotificationStep({ id: input.id })
    reopenPiastrixNotificationStep({ notification })
    return new WorkflowResponse(
      processPiastrixNotificationAgainStep({ id: input.id })
    )
  }
)
