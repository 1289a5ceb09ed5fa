import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { payoutView } from "../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const createPiastrixPayoutStepId = "create-piastrix-payout"

/**
 * Writes a payout ahead of any call to the service (`createPayout`: the row, its `shop_payment_id` and
 * the posting into in flight, under the recipient's lock); above the approval threshold it waits for an
 * admin. Refused with 400 naming the field (an open payout, an amount not payable). Nothing is sent
 * here: the send job sends it. Compensation cancels it, which only a payout not yet sent allows, and
 * makes its amount available again.
 */
export const createPiastrixPayoutStep = createStep(
  createPiastrixPayoutStepId,
  async (input: { recipient_id: string; amount?: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const result = await piastrix.createPayout({
      recipient_id: input.recipient_id,
      amount: input.amount,
    })
    if (!result.payout) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, result.reason)
    }
    return new StepResponse(payoutView(result.payout), result.payout.id)
  },
  async (id, { container }) => {
    if (!id) {
      return
    }
    await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .cancelPayout(id, "the workflow that wrote it failed; nothing was sent")
  }
)
