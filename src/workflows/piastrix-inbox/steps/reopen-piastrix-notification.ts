import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { InboxRow } from "./find-piastrix-notification"

export const reopenPiastrixNotificationStepId = "reopen-piastrix-notification"

/** States a store owner may retry: the money needs a person, or processing keeps failing. */
const RETRYABLE = new Set(["needs_attention", "failed"])

/**
 * Opens a row that needs a person or keeps failing for another processing, its attempts counted from
 * zero; other states are refused with 400. Nothing to compensate: a reopened row that is not processed
 * right after is picked up by the reconcile job, which is what the store owner asked for.
 */
export const reopenPiastrixNotificationStep = createStep(
  reopenPiastrixNotificationStepId,
  async (input: { notification: InboxRow }, { container }) => {
    const { notification } = input
    if (!RETRYABLE.has(notification.state)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `id: the notification is ${notification.state}; only needs_attention and failed ones can be retried`
      )
    }
    await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .reopenNotification(notification.id)
    return new StepResponse(null)
  }
)
