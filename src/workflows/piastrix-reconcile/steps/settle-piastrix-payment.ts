import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const settlePiastrixPaymentStepId = "settle-piastrix-payment"

/**
 * Records in the payment register what a look found: settled (captured, or ended without money:
 * no more looks) or paid without an order (a person decides). Anything else leaves it to the next look.
 */
export const settlePiastrixPaymentStep = createStep(
  settlePiastrixPaymentStepId,
  async (
    input: {
      shop_order_id: string
      result: "settled" | "paid_without_order" | "open"
      reason: string
      /** Paid another amount or currency than asked: what the service reports paid. */
      paid: { amount: string; currency: number } | null
    },
    { container }
  ) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    if (input.result === "settled") {
      await piastrix.markPaymentSettled(input.shop_order_id)
    } else if (input.result === "paid_without_order") {
      await piastrix.markPaidWithoutOrder(
        input.shop_order_id,
        input.reason,
        input.paid
      )
    }
    return new StepResponse(input.result)
  }
)
