import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { InboxRow } from "./find-piastrix-notification"

export const reopenPiastrixNotificationStepId = "reopen-piastrix-notification"

/**
 * Opens a row that needs a person or keeps failing for another processing, its attempts counted from
 * zero; other states, and a row held right now (a processing, or the inbox's refund sending its money
 * back: clearing that claim would let the retry place an order with money already going back), are
 * refused with 400. Nothing to compensate: a reopened row that is not processed right after is picked up
 * by the reconcile job, which is what the store owner asked for.
 */
export const reopenPiastrixNotificationStep = createStep(
  reopenPiastrixNotificationStepId,
  async (input: { notification: InboxRow }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    if (await piastrix.reopenNotification(input.notification.id)) {
      return new StepResponse(null)
    }
    const [now] = await piastrix.listPiastrixNotifications({
      id: input.notification.id,
    })
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      now.state === "needs_attention" || now.state === "failed"
        ? "id: the notification is being refunded or processed right now; try again in a minute"
        : `id: the notification is ${now.state}; only needs_attention and failed ones can be retried`
    )
  }
)
