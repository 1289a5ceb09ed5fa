import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"

export const releasePiastrixInterruptedOrderStepId =
  "release-piastrix-interrupted-order"

/**
 * Before a paid cart is completed: an order an earlier completion left linked to the cart's payment
 * collection but not to the cart (its process died between Medusa's two links) is let go of the payment
 * collection, so the completion places the cart's order instead of failing on the link for good. The
 * order left behind, linked to nothing, is canceled with a note by the reconcile job
 * (lib/plugin/orphan-orders.ts). Nothing to compensate: the link belonged to no finished order.
 */
export const releasePiastrixInterruptedOrderStep = createStep(
  releasePiastrixInterruptedOrderStepId,
  async (input: { payment_collection_id: string }, { container }) => {
    const orderIds = await container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .interruptedOrdersOfCollection(input.payment_collection_id)
    if (!orderIds.length) {
      return new StepResponse<string[]>([])
    }
    await container.resolve(ContainerRegistrationKeys.LINK).dismiss(
      orderIds.map((order_id) => ({
        [Modules.ORDER]: { order_id },
        [Modules.PAYMENT]: {
          payment_collection_id: input.payment_collection_id,
        },
      }))
    )
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Piastrix payment collection ${input.payment_collection_id}: released from ${orderIds.join(", ")}, ` +
          "left by a completion interrupted before linking its cart; the cart is completed again"
      )
    return new StepResponse(orderIds)
  }
)
