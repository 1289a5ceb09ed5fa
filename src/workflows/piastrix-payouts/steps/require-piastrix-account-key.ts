import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { requireAccountKey } from "../utils/admin-checks"

export const requirePiastrixAccountKeyStepId = "require-piastrix-account-key"

/** Refuses (400 naming PIASTRIX_ACCOUNT_KEY) a payout the store could never send without its account key. Reads only. */
export const requirePiastrixAccountKeyStep = createStep(
  requirePiastrixAccountKeyStepId,
  async (_input: void, { container }) => {
    requireAccountKey(container.resolve<PiastrixModuleService>(PIASTRIX_MODULE))
    return new StepResponse(null)
  }
)
