import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  accrue,
  type AccrualInput,
  type SqlDatabase,
} from "../../../lib/payouts"

export const postPiastrixAccrualsStepId = "post-piastrix-accruals"

/**
 * Posts the accruals. Each is written once per key, so running the step again (a redelivered event, a
 * retried workflow) changes nothing; there is nothing to compensate.
 */
export const postPiastrixAccrualsStep = createStep(
  postPiastrixAccrualsStepId,
  async (accruals: AccrualInput[], { container }) => {
    const db = container.resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    const posted: Array<{
      key: string
      transaction_id: string
      created: boolean
    }> = []
    for (const accrual of accruals) {
      const { transaction_id, created } = await accrue(db, accrual)
      posted.push({ key: accrual.key, transaction_id, created })
    }
    return new StepResponse(posted)
  }
)
