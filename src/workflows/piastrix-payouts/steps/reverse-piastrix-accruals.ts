import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const reversePiastrixAccrualsStepId = "reverse-piastrix-accruals"

/**
 * Reverses the accruals of a canceled order or fulfillment: from held while held, else from available
 * and the rest as a clawback. Each accrual is reversed once, so a rerun changes nothing.
 */
export const reversePiastrixAccrualsStep = createStep(
  reversePiastrixAccrualsStepId,
  async (
    input: { order_id: string; fulfillment_id?: string | null; reason: string },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const reversed: string[] = []
    for (const accrual of await piastrix.openAccrualsOf(input)) {
      const posted = await piastrix.reverseAccrual({
        accrual_transaction_id: accrual,
        reason: input.reason,
      })
      if (posted?.created) {
        reversed.push(posted.transaction_id)
      }
    }
    return new StepResponse(reversed)
  }
)
