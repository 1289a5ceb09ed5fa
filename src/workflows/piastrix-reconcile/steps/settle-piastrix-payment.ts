import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  markPaidWithoutOrder,
  markPaymentSettled,
  type SqlConnection,
} from "../../../lib/plugin"

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
    },
    { container }
  ) => {
    const db = container.resolve<SqlConnection>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    if (input.result === "settled") {
      await markPaymentSettled(db, input.shop_order_id)
    } else if (input.result === "paid_without_order") {
      await markPaidWithoutOrder(db, input.shop_order_id, input.reason)
    }
    return new StepResponse(input.result)
  }
)
