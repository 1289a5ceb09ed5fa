import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { payoutView } from "../../../lib/payouts"
import { type Payout } from "../../../modules/piastrix/repositories/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { changedOrRefused } from "../utils/admin-checks"

export const approvePiastrixPayoutStepId = "approve-piastrix-payout"

/**
 * Lets a payout that waits for approval be sent (it becomes pending); 400 for one in another state.
 * Nothing to compensate: from pending the send job may take it at once, so an approval is taken back
 * only by canceling the payout, which is a person's decision.
 */
export const approvePiastrixPayoutStep = createStep(
  approvePiastrixPayoutStepId,
  async (input: { payout: Pick<Payout, "id" | "status"> }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const approved = changedOrRefused(
      input.payout,
      await piastrix.approvePayout(input.payout.id),
      "awaiting_approval payouts can be approved"
    )
    return new StepResponse(payoutView(approved))
  }
)
