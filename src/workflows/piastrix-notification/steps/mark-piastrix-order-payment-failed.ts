import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  markOrderPaymentFailed,
  type OrderRef,
} from "../utils/mark-order-payment-failed"

export const markPiastrixOrderPaymentFailedStepId =
  "mark-piastrix-order-payment-failed"

export type OrderPaymentFailure = {
  order: OrderRef | null
  reason: string
  at: string
}

/** Shows on an order waiting for a Piastrix payment that the payment failed. Undone on compensation. */
export const markPiastrixOrderPaymentFailedStep = createStep(
  markPiastrixOrderPaymentFailedStepId,
  async (input: OrderPaymentFailure, { container }) => {
    if (!input.order) {
      return new StepResponse({ order_id: null as string | null }, null)
    }
    const previous = await markOrderPaymentFailed(container, input.order, {
      reason: input.reason,
      at: input.at,
    })
    return new StepResponse(
      { order_id: input.order.id as string | null },
      { id: input.order.id, metadata: previous }
    )
  },
  async (previous, { container }) => {
    if (!previous) {
      return
    }
    const orderModule = container.resolve(Modules.ORDER)
    await orderModule.updateOrders(previous.id, { metadata: previous.metadata })
  }
)
