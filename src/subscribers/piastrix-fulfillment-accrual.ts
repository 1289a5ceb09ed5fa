import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  ContainerRegistrationKeys,
  FulfillmentWorkflowEvents,
  OrderWorkflowEvents,
} from "@medusajs/framework/utils"
import type { Logger, RemoteQueryFunction } from "@medusajs/framework/types"
import { describeError } from "../lib/plugin"
import { PIASTRIX_MODULE } from "../modules/piastrix"
import type PiastrixModuleService from "../modules/piastrix/service"
import { accruePiastrixFulfillmentWorkflow } from "../workflows/piastrix-payouts"

/** The order of a delivered fulfillment (`delivery.created` names only the fulfillment). */
export async function orderOfFulfillment(
  query: Omit<RemoteQueryFunction, symbol>,
  fulfillmentId: string
): Promise<string | null> {
  const { data } = await query.graph({
    entity: "order_fulfillment",
    fields: ["order_id"],
    filters: { fulfillment_id: fulfillmentId },
  })
  return data[0]?.order_id ?? null
}

/**
 * Vendors earn their share when an order's fulfillment is created (or, with the `payouts.accrueOn`
 * option "delivered", delivered). Each fulfilled line is accrued once, however often the event arrives.
 */
export default async function piastrixFulfillmentAccrual({
  event,
  container,
}: SubscriberArgs<{
  order_id?: string
  fulfillment_id?: string
  id?: string
}>) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let trigger: "fulfilled" | "delivered"
  try {
    trigger = container
      .resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      .getOptions().payouts.accrueOn
  } catch {
    return // the module runs without plugin options: no payouts
  }
  const delivered = event.name === FulfillmentWorkflowEvents.DELIVERY_CREATED
  if ((trigger === "delivered") !== delivered) {
    return
  }
  const fulfillmentId = delivered ? event.data.id : event.data.fulfillment_id
  const orderId = delivered
    ? await orderOfFulfillment(
        container.resolve(ContainerRegistrationKeys.QUERY),
        fulfillmentId!
      )
    : event.data.order_id
  if (!fulfillmentId || !orderId) {
    return
  }
  const { result, errors } = await accruePiastrixFulfillmentWorkflow(
    container
  ).run({
    input: { order_id: orderId, fulfillment_id: fulfillmentId },
    throwOnError: false,
  })
  if (errors?.length) {
    logger.warn(
      `Piastrix fulfillment ${fulfillmentId}: not accrued: ${describeError(errors[0].error)}`
    )
    return
  }
  const created = result.posted.filter((p) => p.created).length
  if (created) {
    logger.info(
      `Piastrix fulfillment ${fulfillmentId}: ${created} accrual(s) (order ${orderId})`
    )
  }
}

export const config: SubscriberConfig = {
  event: [
    OrderWorkflowEvents.FULFILLMENT_CREATED,
    FulfillmentWorkflowEvents.DELIVERY_CREATED,
  ],
}
