import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  openAccrualsOf,
  reverseAccrual,
  type SqlDatabase,
} from "../../../lib/payouts"

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
    const db = container.resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    const reversed: string[] = []
    for (const accrual of await openAccrualsOf(db, input)) {
      const posted = await reverseAccrual(db, {
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
