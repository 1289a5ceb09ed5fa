import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { ReturnedShare } from "./find-piastrix-returned-shares"

export const reversePiastrixReturnedSharesStepId =
  "reverse-piastrix-returned-shares"

/**
 * Reverses what the returned items of each accrual are worth, less what was reversed already: from held
 * while held, else from available and the rest as a clawback. Posted once per accrual and returned
 * quantity, so a rerun changes nothing; there is nothing to compensate.
 */
export const reversePiastrixReturnedSharesStep = createStep(
  reversePiastrixReturnedSharesStepId,
  async (input: { shares: ReturnedShare[]; reason: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const reversed: string[] = []
    for (const share of input.shares) {
      const posted = await piastrix.reverseAccrual({
        accrual_transaction_id: share.accrual_transaction_id,
        reason: input.reason,
        returned: { quantity: share.returned, of: share.of },
      })
      if (posted?.created) {
        reversed.push(posted.transaction_id)
      }
    }
    return new StepResponse(reversed)
  }
)
