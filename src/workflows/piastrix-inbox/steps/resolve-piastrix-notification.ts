import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const resolvePiastrixNotificationStepId = "resolve-piastrix-notification"

/**
 * Marks a row that needs a person, or keeps failing, as resolved outside the plugin, with the note and
 * who wrote it; 400 for a row in another state or held by a processing right now. Nothing to
 * compensate: it only records what a person did elsewhere, and is the workflow's last step.
 */
export const resolvePiastrixNotificationStep = createStep(
  resolvePiastrixNotificationStepId,
  async (
    input: { id: string; note: string; by: string | null },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    if (await piastrix.resolveNotification(input.id, input.note, input.by)) {
      return new StepResponse(null)
    }
    const [now] = await piastrix.listPiastrixNotifications({ id: input.id })
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      now.state === "needs_attention" || now.state === "failed"
        ? "id: the notification is being processed right now; try again in a minute"
        : `id: the notification is ${now.state}; only needs_attention and failed ones can be marked resolved`
    )
  }
)
