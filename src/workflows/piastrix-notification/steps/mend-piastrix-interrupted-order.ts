import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { cartOfPaymentCollection } from "../utils/find-order"
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

/** How long mending waits for a completion of the cart still running (Medusa's own completion waits 30 s). */
const CART_LOCK_WAIT_SECONDS = 30

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
 *   they are made now, as the completion makes them (utils/reserve-missing-stock.ts, under the cart's lock too).
 * A completion still running is between its two links for a moment too, and it holds the cart's lock (Medusa's
 * locking module) until it is done: so what looks interrupted is read again under that lock, once no
 * completion of the cart runs (mending a live completion let its order go of the payment collection it then
 * captured on: the order showed no payment).
 * Nothing to compensate: a released link belonged to no finished order, and a made one or a reservation is
 * the order's own.
 */
export const mendPiastrixInterruptedOrderStep = createStep(
  mendPiastrixInterruptedOrderStepId,
  async (input: { payment_collection_id: string }, { container }) => {
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const pc = input.payment_collection_id
    if (!(await piastrix.collectionLooksInterrupted(pc))) {
      return new StepResponse<MendedLinks>({
        released: [],
        linked: null,
        reserved: await reserveStockLeftUnreserved(container, pc),
      })
    }
    const cartId = (await cartOfPaymentCollection(container, pc))!
    logger.info(
      `Piastrix payment collection ${pc}: an order linked to only one of cart ${cartId} and the collection; ` +
        "mended once no completion of the cart is running"
    )
    const mended = await container
      .resolve(Modules.LOCKING)
      .execute(cartId, () => mendLinks(container, pc), {
        timeout: CART_LOCK_WAIT_SECONDS,
      })
    return new StepResponse<MendedLinks>({
      ...mended,
      reserved: await reserveStockLeftUnreserved(container, pc),
    })
  }
)

/** Reserves what the cart's order's items lack (utils/reserve-missing-stock.ts), saying so in the log. */
async function reserveStockLeftUnreserved(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<string[]> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const stock = await reserveMissingStock(container, paymentCollectionId)
  if (stock.reserved.length) {
    logger.warn(
      `Piastrix payment collection ${paymentCollectionId}: reserved the stock of ${stock.reserved.join(", ")}, ` +
        "left unreserved by a completion interrupted before its reservations"
    )
  }
  if (stock.failed) {
    logger.warn(
      `Piastrix payment collection ${paymentCollectionId}: the cart's order's stock could not be checked or reserved: ${stock.failed}`
    )
  }
  return stock.reserved
}

/** Lets go of, and makes, the links an interrupted completion left (see the step), as they are now. */
async function mendLinks(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<Omit<MendedLinks, "reserved">> {
  const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const payment = { payment_collection_id: paymentCollectionId }
  const released =
    await piastrix.interruptedOrdersOfCollection(paymentCollectionId)
  if (released.length) {
    await link.dismiss(
      released.map((order_id) => ({
        [Modules.ORDER]: { order_id },
        [Modules.PAYMENT]: payment,
      }))
    )
    logger.warn(
      `Piastrix payment collection ${paymentCollectionId}: released from ${released.join(", ")}, ` +
        "left by a completion interrupted before linking its cart; the cart is completed again"
    )
  }
  const linked =
    await piastrix.orderMissingItsPaymentCollection(paymentCollectionId)
  if (linked) {
    await link.create({
      [Modules.ORDER]: { order_id: linked },
      [Modules.PAYMENT]: payment,
    })
    logger.warn(
      `Piastrix payment collection ${paymentCollectionId}: linked to ${linked}, the cart's order, ` +
        "left by a completion interrupted before linking its payment; its payment is captured on it"
    )
  }
  return { released, linked }
}
