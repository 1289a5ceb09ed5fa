import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { payoutView } from "../../../lib/payouts"
import { type Payout } from "../../../modules/piastrix/repositories/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { changedOrRefused } from "../utils/admin-checks"

export const retryPiastrixPayoutStepId = "retry-piastrix-payout"

/**
 * Puts a payout that needed attention back in flight: the sync job reads its status by the same
 * `shop_payment_id` and creates it again only when the service never made it, so it cannot be paid
 * twice; 400 for one in another state. Nothing to compensate: from now on the sync job may ask the
 * service about it, and putting it back would hide what the service answers.
 */
export const retryPiastrixPayoutStep = createStep(
  retryPiastrixPayoutStepId,
  async (input: { payout: Pick<Payout, "id" | "status"> }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const retried = changedOrRefused(
      input.payout,
      await piastrix.retryPayout(input.payout.id),
      "needs_attention payouts can be retried"
    )
    return new StepResponse(payoutView(retried))
  }
)
