import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import {
  NOTIFICATION_PROCESSING_CONCURRENCY,
  NOTIFICATION_PROCESSING_QUEUE,
  NOTIFICATION_RECEIVED_EVENT,
} from "../lib/plugin"
import { boundedWork } from "../lib/plugin/bounded-work"
import { runNotificationProcessing } from "../workflows/piastrix-notification/utils/run-notification-processing"

const processing = boundedWork({
  concurrency: NOTIFICATION_PROCESSING_CONCURRENCY,
  capacity: NOTIFICATION_PROCESSING_QUEUE,
})

/**
 * Processes a notification the callback route recorded, a few rows at a time in this process
 * (`NOTIFICATION_PROCESSING_CONCURRENCY`), so a burst is answered at the route's own rate and processed
 * behind it. Runs wherever Medusa runs subscribers (the worker, in server/worker mode); the row's claim
 * keeps a redelivered event from processing it twice.
 */
export default async function piastrixNotificationReceived({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const taken = await processing.run(() =>
    runNotificationProcessing(container, event.data.id)
  )
  if (!taken) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Piastrix notification ${event.data.id}: ${NOTIFICATION_PROCESSING_QUEUE} rows already wait for processing here; the reconcile job will process it`
      )
  }
}

export const config: SubscriberConfig = {
  event: NOTIFICATION_RECEIVED_EVENT,
}
