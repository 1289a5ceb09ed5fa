import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { reserveMissingStock } from "../utils/reserve-missing-stock"

export const mendPiastrixInterruptedOrderStepId =
  "mend-piastrix-interrupted-order"

export type MendedLinks = {
  /** Orders let go of the payment collection (linked to it, not to the cart). */
  released: string[]
  /** The cart's order linked to the payment collection (linked to the cart, not to it). */
  linked: string | null
  /** Line items of the cart's order whose stock was reserved now (the completion died before reserving). */
  reserved: string[]
}

/**
 * Before a paid cart is completed and its payment captured: Medusa links a new order to its cart and to its
 * payment collection separately, and a process that dies in between leaves one link made.
 * - Linked to the payment collection only: the order is let go of it, so the completion places the cart's
 *   order instead of failing on the link for good. The order left behind, linked to nothing, is canceled
 *   with a note by the reconcile job (lib/plugin/orphan-orders.ts).
 * - Linked to the cart only: it is the cart's order (a completion finds it and places no other), so it is
 *   linked to the payment collection, and the capture that follows is recorded on it (Medusa's capture adds
 *   the order's transaction through that link). Without it the money is captured on a payment collection
 *   no order shows.
 * - The cart's order without its stock reserved (the completion died before its reservations were made):
 *   they are made now, as the completion makes them (utils/reserve-missing-stock.ts).
 * Nothing to compensate: a released link belonged to no finished order, and a made one or a reservation is
 * the order's own.
 */
export const mendPiastrixInterruptedOrderStep = createStep(
  mendPiastrixInterruptedOrderStepId,
  async (input: { payment_collection_id: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const payment = { payment_collection_id: input.payment_collection_id }
    const released = await piastrix.interruptedOrdersOfCollection(
      input.payment_collection_id
    )
    if (released.length) {
      await link.dismiss(
        released.map((order_id) => ({
          [Modules.ORDER]: { order_id },
          [Modules.PAYMENT]: payment,
        }))
      )
      logger.warn(
        `Piastrix payment collection ${input.payment_collection_id}: released from ${released.join(", ")}, ` +
          "left by a completion interrupted before linking its cart; the cart is completed again"
      )
    }
    const linked = await piastrix.orderMissingItsPaymentCollection(
      input.payment_collection_id
    )
    if (linked) {
      await link.create({
        [Modules.ORDER]: { order_id: linked },
        [Modules.PAYMENT]: payment,
      })
      logger.warn(
        `Piastrix payment collection ${input.payment_collection_id}: linked to ${linked}, the cart's order, ` +
          "left by a completion interrupted before linking its payment; its payment is captured on it"
      )
    }
    const stock = await reserveMissingStock(
      container,
      input.payment_collection_id
    )
    if (stock.reserved.length) {
      logger.warn(
        `Piastrix payment collection ${input.payment_collection_id}: reserved the stock of ${stock.reserved.join(", ")}, ` +
          "left unreserved by a completion interrupted before its reservations"
      )
    }
    if (stock.failed) {
      logger.warn(
        `Piastrix payment collection ${input.payment_collection_id}: the cart's order's stock could not be checked or reserved: ${stock.failed}`
      )
    }
    return new StepResponse<MendedLinks>({
      released,
      linked,
      reserved: stock.reserved,
    })
  }
)
