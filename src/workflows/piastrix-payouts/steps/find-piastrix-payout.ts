import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { payoutView } from "../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { payoutOr404 } from "../utils/admin-checks"

export const findPiastrixPayoutStepId = "find-piastrix-payout"

/** Reads the payout an admin action is about (its account masked); unknown ids are refused with 404. */
export const findPiastrixPayoutStep = createStep(
  findPiastrixPayoutStepId,
  async (input: { id: string }, { container }) =>
    new StepResponse(
      payoutView(
        await payoutOr404(
          container.resolve<PiastrixModuleService>(PIASTRIX_MODULE),
          input.id
        )
      )
    )
)
