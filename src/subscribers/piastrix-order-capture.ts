import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  ContainerRegistrationKeys,
  OrderWorkflowEvents,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { describeError } from "../lib/plugin"
import { capturePaidOrderPayments } from "../workflows/piastrix-notification/utils/order-capture"

/**
 * Captures a placed order's paid Piastrix payment right after its cart's completion, which authorized it
 * (order-capture.ts). A failure or a lost event leaves the payment open in the register: the callback's
 * processing or the reconcile job captures it.
 */
export default async function piastrixOrderCapture({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  try {
    await capturePaidOrderPayments(container, event.data.id)
  } catch (error) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Piastrix: the payment of order ${event.data.id} not captured after it was placed (the callback's processing or the reconcile job will): ${describeError(error)}`
      )
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.PLACED,
}
