import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { checkWithdrawAccountFormat } from "../utils/admin-checks"

export const checkPiastrixWithdrawAccountStepId =
  "check-piastrix-withdraw-account"

/**
 * Refuses (400 naming the field) a new recipient's withdraw account that its payway's format, from the
 * shop's output config, refuses; a wallet recipient is not checked. Reads only: nothing to compensate.
 */
export const checkPiastrixWithdrawAccountStep = createStep(
  checkPiastrixWithdrawAccountStepId,
  async (
    input: {
      rail: string
      payway?: string | null
      account: string
      account_details?: Record<string, string> | null
    },
    { container }
  ) => {
    await checkWithdrawAccountFormat(
      container.resolve<PiastrixModuleService>(PIASTRIX_MODULE),
      input
    )
    return new StepResponse(null)
  }
)
