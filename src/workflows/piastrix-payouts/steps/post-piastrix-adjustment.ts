import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { LedgerError } from "../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const postPiastrixAdjustmentStepId = "post-piastrix-adjustment"

/**
 * Posts a correction of a recipient's available balance with its reason, once per key (a retried
 * request answers the first posting, `created: false`); a posting the ledger refuses is 400 with its
 * reason. Nothing to compensate: the ledger is append-only, and a correction is undone by another
 * adjustment, which a person decides.
 */
export const postPiastrixAdjustmentStep = createStep(
  postPiastrixAdjustmentStepId,
  async (
    input: {
      key: string
      recipient_id: string
      amount: string
      reason: string
    },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    try {
      return new StepResponse(await piastrix.adjustBalance(input))
    } catch (error) {
      if (error instanceof LedgerError) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
      }
      throw error
    }
  }
)
