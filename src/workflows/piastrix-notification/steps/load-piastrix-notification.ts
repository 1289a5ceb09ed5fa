import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { NotificationRow } from "../../../modules/piastrix/repositories/inbox"

export const loadPiastrixNotificationStepId = "load-piastrix-notification"

/**
 * Reads an inbox row; processing works from the recorded, verified notification only. `row`: the row as
 * the caller's claim of it returned it (the same statement's read), so it is not read twice.
 */
export const loadPiastrixNotificationStep = createStep(
  loadPiastrixNotificationStepId,
  async (input: { id: string; row?: NotificationRow }, { container }) => {
    if (input.row?.id === input.id) {
      return new StepResponse(input.row)
    }
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const row = await piastrix.retrievePiastrixNotification(input.id)
    return new StepResponse(row as unknown as NotificationRow)
  }
)
