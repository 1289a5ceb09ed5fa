import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const claimPiastrixNotificationForRefundStepId =
  "claim-piastrix-notification-for-refund"

/**
 * Takes the row for its refund (`claimForRefund`): while the transfer runs, a second Refund, a retry or
 * "mark resolved" cannot take it. Held elsewhere: CONFLICT, which the route answers 409 with this message.
 * Compensation lets go of the row, so a refund that did not go through leaves it needing a person; a
 * claim this step did not take (the CONFLICT) is never released.
 */
export const claimPiastrixNotificationForRefundStep = createStep(
  claimPiastrixNotificationForRefundStepId,
  async (input: { id: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    if (!(await piastrix.claimForRefund(input.id))) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        "id: the notification is being refunded or processed right now; try again in a minute"
      )
    }
    return new StepResponse(input.id, input.id)
  },
  async (claimed, { container }) => {
    if (!claimed) {
      return
    }
    await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .releaseRefundClaim(claimed)
  }
)
