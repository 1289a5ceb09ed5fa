import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { NOTIFICATION_RECEIVED_EVENT } from "../lib/plugin"
import { runNotificationProcessing } from "../workflows/piastrix-notification/utils/run-notification-processing"

/**
 * Processes a notification the callback route recorded. Runs wherever Medusa runs subscribers (the
 * worker, in server/worker mode); the row's claim keeps a redelivered event from processing it twice.
 */
export default async function piastrixNotificationReceived({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await runNotificationProcessing(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: NOTIFICATION_RECEIVED_EVENT,
}
