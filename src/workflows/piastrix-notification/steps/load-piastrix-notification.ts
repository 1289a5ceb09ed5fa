import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { NotificationRow } from "../../../modules/piastrix/repositories/inbox"

export const loadPiastrixNotificationStepId = "load-piastrix-notification"

/** Reads an inbox row; processing works from the recorded, verified notification only. */
export const loadPiastrixNotificationStep = createStep(
  loadPiastrixNotificationStepId,
  async (input: { id: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const row = await piastrix.retrievePiastrixNotification(input.id)
    return new StepResponse(row as unknown as NotificationRow)
  }
)
