import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { payoutView } from "../../../lib/payouts"
import { type Payout } from "../../../modules/piastrix/repositories/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { changedOrRefused } from "../utils/admin-checks"

export const cancelPiastrixPayoutStepId = "cancel-piastrix-payout"

/**
 * Cancels a payout never sent (awaiting approval or pending): its amount is available to the recipient
 * again, the reason kept on the payout and its posting; 400 for one in another state. Nothing to
 * compensate: a canceled payout is settled, as one the service rejected, and the send job never sends it.
 */
export const cancelPiastrixPayoutStep = createStep(
  cancelPiastrixPayoutStepId,
  async (
    input: { payout: Pick<Payout, "id" | "status">; reason: string },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const canceled = changedOrRefused(
      input.payout,
      await piastrix.cancelPayout(input.payout.id, input.reason),
      "awaiting_approval and pending payouts can be canceled (a sent one is settled by the service)"
    )
    return new StepResponse(payoutView(canceled))
  }
)
