import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import BigNumber from "bignumber.js"
import { spreadReturned } from "../../../lib/payouts"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const findPiastrixReturnedSharesStepId = "find-piastrix-returned-shares"

export type ReturnedShare = {
  accrual_transaction_id: string
  /** Items of the accrual returned so far (all received returns of its line). */
  returned: number
  /** Items the accrual was for (its fulfillment's quantity of the line). */
  of: number
}

/**
 * Which accruals of an order its returns took items back from. Medusa counts each line's received
 * quantity over all its returns; that total is spread over the line's accruals oldest first (a
 * canceled fulfillment's are left out: its items were never sent). Reading the total, not the one
 * return, makes a late or repeated event compute the same numbers.
 */
export const findPiastrixReturnedSharesStep = createStep(
  findPiastrixReturnedSharesStepId,
  async (input: { order_id: string }, { container }) => {
    const accruals = await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .accrualsOfOrder(input.order_id)
    if (accruals.length === 0) {
      return new StepResponse([] as ReturnedShare[])
    }
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: orders }, { data: fulfillments }] = await Promise.all([
      query.graph({
        entity: "order",
        fields: ["id", "items.id", "items.detail.return_received_quantity"],
        filters: { id: input.order_id },
      }),
      query.graph({
        entity: "fulfillment",
        fields: ["id", "canceled_at", "items.line_item_id", "items.quantity"],
        filters: { id: [...new Set(accruals.map((a) => a.fulfillment_id))] },
      }),
    ])
    const received = new Map<string, number>(
      (orders[0]?.items ?? []).map((item: any) => [
        item.id,
        new BigNumber(item.detail?.return_received_quantity ?? 0).toNumber(),
      ])
    )
    const quantityOf = (fulfillmentId: string, lineId: string) => {
      const fulfillment = fulfillments.find((f) => f.id === fulfillmentId)
      if (!fulfillment || fulfillment.canceled_at) {
        return 0
      }
      return (fulfillment.items ?? [])
        .filter((i: any) => i.line_item_id === lineId)
        .reduce((t: BigNumber, i: any) => t.plus(i.quantity), new BigNumber(0))
        .toNumber()
    }
    const result: ReturnedShare[] = []
    for (const [lineId, returned] of received) {
      if (!(returned > 0)) {
        continue
      }
      const ofLine = accruals
        .filter((a) => a.line_item_id === lineId)
        .map((a) => ({
          accrual_transaction_id: a.transaction_id,
          quantity: quantityOf(a.fulfillment_id, lineId),
        }))
        .filter((a) => a.quantity > 0)
      for (const share of spreadReturned(ofLine, returned)) {
        if (share.returned > 0) {
          result.push({
            accrual_transaction_id: share.accrual_transaction_id,
            returned: share.returned,
            of: share.quantity,
          })
        }
      }
    }
    return new StepResponse(result)
  }
)
