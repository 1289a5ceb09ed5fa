import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { reverseAccrual, type SqlDatabase } from "../../../lib/payouts"
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
    const db = container.resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    const reversed: string[] = []
    for (const share of input.shares) {
      const posted = await reverseAccrual(db, {
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
