import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { runNotificationProcessing } from "../../piastrix-notification/utils/run-notification-processing"

export const processPiastrixNotificationAgainStepId =
  "process-piastrix-notification-again"

/**
 * Processes a reopened row as the subscriber and the reconcile job do (`runNotificationProcessing`:
 * under the row's claim, idempotent, so a retry can never place a second order) and returns how it
 * ended. It never throws: a failure is recorded on the row. Nothing to compensate: processing is
 * Medusa's payment processing, which settles what it did on the row and in its own records.
 */
export const processPiastrixNotificationAgainStep = createStep(
  processPiastrixNotificationAgainStepId,
  async (input: { id: string }, { container }) =>
    new StepResponse(await runNotificationProcessing(container, input.id))
)
