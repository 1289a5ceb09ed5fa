import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recipientView } from "../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { recipientOr404 } from "../utils/admin-checks"

export const findPiastrixRecipientStepId = "find-piastrix-recipient"

/** Reads the recipient an admin action is about (its account masked); unknown ids are refused with 404. */
export const findPiastrixRecipientStep = createStep(
  findPiastrixRecipientStepId,
  async (input: { id: string }, { container }) =>
    new StepResponse(
      recipientView(
        await recipientOr404(
          container.resolve<PiastrixModuleService>(PIASTRIX_MODULE),
          input.id
        )
      )
    )
)
