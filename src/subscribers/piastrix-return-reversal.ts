import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  ContainerRegistrationKeys,
  OrderWorkflowEvents,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { describeError } from "../lib/plugin"
import { reversePiastrixReturnsWorkflow } from "../workflows/piastrix-payouts"

/**
 * A received return takes back the vendors' shares of the items that came back, pro rata per item,
 * once however often the event arrives; money already paid out becomes a clawback the next payout nets.
 */
export default async function piastrixReturnReversal({
  event,
  container,
}: SubscriberArgs<{ order_id: string; return_id: string }>) {
  const input = {
    order_id: event.data.order_id,
    return_id: event.data.return_id,
  }
  const { result, errors } = await reversePiastrixReturnsWorkflow(
    container
  ).run({ input, throwOnError: false })
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (errors?.length) {
    logger.warn(
      `Piastrix return ${input.return_id}: not reversed (order ${input.order_id}): ${describeError(errors[0].error)}`
    )
  } else if (result.length) {
    logger.info(
      `Piastrix return ${input.return_id}: ${result.length} share(s) reversed (order ${input.order_id})`
    )
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.RETURN_RECEIVED,
}
