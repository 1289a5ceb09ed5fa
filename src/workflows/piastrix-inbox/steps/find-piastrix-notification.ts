import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { NotificationRow } from "../../../modules/piastrix/repositories/inbox"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const findPiastrixNotificationStepId = "find-piastrix-notification"

/** The inbox row an admin acts on, without its payload (the payer's account is in it); 404 naming the id. */
export type InboxRow = Omit<NotificationRow, "fields">

/** Reads the inbox row an admin action is about; unknown ids are refused with 404. */
export const findPiastrixNotificationStep = createStep(
  findPiastrixNotificationStepId,
  async (input: { id: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const [row] = await piastrix.listPiastrixNotifications({ id: input.id })
    if (!row) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Piastrix notification with id: ${input.id} was not found`
      )
    }
    const { fields: _fields, ...notification } =
      row as unknown as NotificationRow
    return new StepResponse<InboxRow>(notification)
  }
)
