import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { NotificationRow } from "../../../modules/piastrix/repositories/inbox"
import type { Settlement } from "../types"

export const settlePiastrixNotificationStepId = "settle-piastrix-notification"

/** Records how a notification ended; `failed` counts an attempt, so the reconcile job retries it. */
export const settlePiastrixNotificationStep = createStep(
  settlePiastrixNotificationStepId,
  async (input: { id: string; settlement: Settlement }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const row = await piastrix.settleNotification(
      input.id,
      input.settlement.state,
      input.settlement.reason
    )
    return new StepResponse(row as NotificationRow)
  }
)
