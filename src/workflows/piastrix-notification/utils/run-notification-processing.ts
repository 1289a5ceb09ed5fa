import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import type {
  NotificationRow,
  NotificationState,
} from "../../../modules/piastrix/repositories/inbox"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import { processPiastrixNotificationWorkflow } from "../process-piastrix-notification"
import { describeError } from "../../../lib/plugin"
import { messageText } from "../../../lib/plugin/messages"

/**
 * How long one instance holds a row. Processing takes well under a second; the lease only has to
 * outlast the slowest cart completion, and a holder that died frees the row when it runs out.
 */
export const NOTIFICATION_CLAIM_SECONDS = 60

/**
 * A row that keeps failing for a passing reason (the cart lock is busy, the database hiccuped) is
 * retried; after this many attempts it goes to a person as `needs_attention`, never dropped.
 */
export const NOTIFICATION_MAX_ATTEMPTS = 10

export type NotificationProcessingResult = {
  id: string
  state: NotificationState | "busy"
  reason: string | null
}

/**
 * Processes one inbox row, wherever it is called from (the subscriber, the reconcile job), and never
 * throws. The row's claim in the database keeps it to one instance at a time; an unexpected error is
 * recorded on the row as a failed attempt. Logs one line with the outcome.
 */
export async function runNotificationProcessing(
  container: MedusaContainer,
  notificationId: string
): Promise<NotificationProcessingResult> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const claimed = await piastrix.takeNotification(
    notificationId,
    NOTIFICATION_CLAIM_SECONDS
  )
  if (!claimed) {
    return {
      id: notificationId,
      state: "busy",
      reason: messageText("inbox.busy"),
    }
  }
  try {
    const { result, errors } = await processPiastrixNotificationWorkflow(
      container
    ).run({
      input: { notification_id: notificationId, notification: claimed },
      throwOnError: false,
    })
    if (errors?.length) {
      throw errors[0].error
    }
    const row = await capAttempts(piastrix, result as NotificationRow)
    const line = `Piastrix notification ${row.id} for ${row.shop_order_id} (${row.status}): ${row.state}`
    if (row.state === "failed" || row.state === "needs_attention") {
      logger.warn(`${line}: ${row.last_error}`)
    } else {
      logger.info(row.last_error ? `${line}: ${row.last_error}` : line)
    }
    return { id: row.id, state: row.state, reason: row.last_error }
  } catch (error) {
    const reason = messageText("inbox.processing_failed", {
      detail: describeError(error),
    })
    logger.error(`Piastrix notification ${notificationId}: ${reason}`)
    try {
      const row = await capAttempts(
        piastrix,
        await piastrix.settleNotification(notificationId, "failed", reason)
      )
      return { id: row.id, state: row.state, reason: row.last_error }
    } catch (recordError) {
      // The claim runs out and the reconcile job picks the row up again.
      logger.error(
        `Piastrix notification ${notificationId}: the failure could not be recorded: ${describeError(recordError)}`
      )
      return { id: notificationId, state: "failed", reason }
    }
  }
}

/** A failed row that used up its attempts, whether its processing failed or threw, goes to a person. */
async function capAttempts(
  piastrix: PiastrixModuleService,
  row: NotificationRow
): Promise<NotificationRow> {
  if (row.state !== "failed" || row.attempts < NOTIFICATION_MAX_ATTEMPTS) {
    return row
  }
  return piastrix.settleNotification(
    row.id,
    "needs_attention",
    messageText("inbox.gave_up", {
      attempts: row.attempts,
      reason: String(row.last_error),
    })
  )
}
