import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { findCartAndOrder } from "../../piastrix-notification/utils/find-order"
import type { InboxRow } from "./find-piastrix-notification"

export const validatePiastrixInboxRefundStepId =
  "validate-piastrix-inbox-refund"

const notAllowed = (message: string) =>
  new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

/**
 * Refuses (400, naming why) a refund the inbox does not offer: another status than success, a row that
 * does not need a person, a payment another refund already returned, a kind of payment the service has
 * no refund for (only wallet payments go back), a store whose wallet refunds are not "transfer", or an
 * order placed with the payment after all (refunded from the order). Reads only.
 */
export const validatePiastrixInboxRefundStep = createStep(
  validatePiastrixInboxRefundStepId,
  async (input: { notification: InboxRow }, { container }) => {
    const row = input.notification
    if (row.status !== "success") {
      throw notAllowed(
        `id: the notification says ${row.status}; only a paid payment (success) can be refunded`
      )
    }
    if (row.state !== "needs_attention") {
      throw notAllowed(
        `id: the notification is ${row.state}; only money that needs attention can be refunded from the inbox`
      )
    }
    const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
    const target = await piastrix.inboxRefundTarget(row)
    if (target.refunded_elsewhere.length) {
      throw notAllowed(
        `id: this payment already went back to the payer by another refund (${target.refunded_elsewhere.join(", ")}); ` +
          "nothing is sent twice: mark the row resolved"
      )
    }
    if (!target.refundable) {
      throw notAllowed(
        "id: Piastrix has no refund for this kind of payment (only wallet payments are sent back): " +
          "refund the payer outside Medusa, then mark the row resolved"
      )
    }
    const { refunds } = await piastrix.effectiveOptions()
    if (refunds.wallet !== "transfer") {
      throw notAllowed(
        `id: refunds of wallet payments are "${refunds.wallet}" in this store (refunds.wallet); ` +
          "refund the payer from the Piastrix dashboard, then mark the row resolved"
      )
    }
    for (const collection of target.payment_collection_ids) {
      const { order } = await findCartAndOrder(container, collection)
      if (order) {
        throw notAllowed(
          `id: order ${order.id} was placed with this payment; refund it from the order`
        )
      }
    }
    return new StepResponse(null)
  }
)
