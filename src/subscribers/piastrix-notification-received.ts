import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { NOTIFICATION_RECEIVED_EVENT } from "../modules/piastrix/repositories/inbox"
import { runNotificationProcessing } from "../workflows/piastrix-notification/utils/run-notification-processing"
import { processingDrain } from "../workflows/piastrix-notification/utils/processing-drain"

/**
 * Processes a notification the callback route recorded. Runs wherever Medusa runs subscribers (the
 * worker, in server/worker mode); the row's claim keeps a redelivered event from processing it twice.
 * In a process that also serves the callback route, the row waits for the route to go quiet, a bounded
 * number at a time (processing-drain.ts); on the worker it starts at once.
 */
export default async function piastrixNotificationReceived({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const id = event.data.id
  await processingDrain.schedule(id, () =>
    runNotificationProcessing(container, id)
  )
}

export const config: SubscriberConfig = {
  event: NOTIFICATION_RECEIVED_EVENT,
}
