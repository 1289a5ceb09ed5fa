import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  ContainerRegistrationKeys,
  OrderWorkflowEvents,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { describeError } from "../lib/plugin"
import { reversePiastrixAccrualsWorkflow } from "../workflows/piastrix-payouts"
import { messageText } from "../lib/plugin/messages"

/**
 * A canceled fulfillment (or order) takes back the shares it accrued: each accrual is reversed once,
 * however often the event arrives; money already paid out becomes a clawback the next payout nets.
 */
export default async function piastrixCancelReversal({
  event,
  container,
}: SubscriberArgs<{
  id?: string
  order_id?: string
  fulfillment_id?: string
}>) {
  const canceledOrder = event.name === OrderWorkflowEvents.CANCELED
  const input = canceledOrder
    ? {
        order_id: event.data.id!,
        fulfillment_id: null,
        reason: messageText("ledger.order_canceled"),
      }
    : {
        order_id: event.data.order_id!,
        fulfillment_id: event.data.fulfillment_id!,
        reason: messageText("ledger.fulfillment_canceled"),
      }
  const { result, errors } = await reversePiastrixAccrualsWorkflow(
    container
  ).run({ input, throwOnError: false })
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (errors?.length) {
    logger.warn(
      `Piastrix order ${input.order_id}: ${input.reason}, shares not reversed: ${describeError(errors[0].error)}`
    )
  } else if (result.length) {
    logger.info(
      `Piastrix order ${input.order_id}: ${input.reason}, ${result.length} accrual(s) reversed`
    )
  }
}

export const config: SubscriberConfig = {
  event: [
    OrderWorkflowEvents.FULFILLMENT_CANCELED,
    OrderWorkflowEvents.CANCELED,
  ],
}
