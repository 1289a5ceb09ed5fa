import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { AccrualInput } from "../../../modules/piastrix/repositories/accruals"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const postPiastrixAccrualsStepId = "post-piastrix-accruals"

/**
 * Posts the accruals. Each is written once per key, so running the step again (a redelivered event, a
 * retried workflow) changes nothing; there is nothing to compensate.
 */
export const postPiastrixAccrualsStep = createStep(
  postPiastrixAccrualsStepId,
  async (accruals: AccrualInput[], { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const posted: Array<{
      key: string
      transaction_id: string
      created: boolean
    }> = []
    for (const accrual of accruals) {
      const { transaction_id, created } = await piastrix.accrue(accrual)
      posted.push({ key: accrual.key, transaction_id, created })
    }
    return new StepResponse(posted)
  }
)
