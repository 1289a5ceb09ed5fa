import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { payoutContextOf } from "../../../modules/piastrix/payout-context"
import { requireAccountKey } from "../utils/admin-checks"

export const requirePiastrixAccountKeyStepId = "require-piastrix-account-key"

/** Refuses (400 naming PIASTRIX_ACCOUNT_KEY) a payout the store could never send without its account key. Reads only. */
export const requirePiastrixAccountKeyStep = createStep(
  requirePiastrixAccountKeyStepId,
  async (_input: void, { container }) => {
    requireAccountKey(payoutContextOf(container))
    return new StepResponse(null)
  }
)
