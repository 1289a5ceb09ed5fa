import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { PIASTRIX_MODULE } from "../../modules/piastrix"
import type PiastrixModuleService from "../../modules/piastrix/service"
import type { NotificationRow, NotificationState } from "../../modules/piastrix/types"
import { processPiastrixNotificationWorkflow } from "./process-piastrix-notification"

// Rows being processed in this process: the callback route and the reconcile job may pick the same
// row at once. Only saves work; processing the same row twice is harmless by design.
const IN_FLIGHT = Symbol.for("medusa-payment-piastrix.notifications-in-flight")

function inFlight(): Set<string> {
  const holder = globalThis as unknown as Record<symbol, Set<string> | undefined>
  return (holder[IN_FLIGHT] ??= new Set())
}

export type NotificationProcessingResult = {
  id: string
  state: NotificationState | "busy"
  reason: string | null
}

function messageOf(error: unknown): string {
  // Workflow errors come back as plain objects with a message, not as Error instances.
  if (error && typeof error === "object" && "message" in error) {
    return String((error as { message: unknown }).message)
  }
  return String(error)
}

/**
 * Processes one inbox row and never throws: an unexpected error is recorded on the row as a failed
 * attempt (the reconcile job tries again). Logs one line with the outcome.
 */
export async function runNotificationProcessing(
  container: MedusaContainer,
  notificationId: string
): Promise<NotificationProcessingResult> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const running = inFlight()
  if (running.has(notificationId)) {
    return { id: notificationId, state: "busy", reason: "already being processed" }
  }
  running.add(notificationId)
  try {
    const { result, errors } = await processPiastrixNotificationWorkflow(container).run({
      input: { notification_id: notificationId },
      throwOnError: false,
    })
    if (errors?.length) {
      throw errors[0].error
    }
    const row = result as NotificationRow
    const line = `Piastrix notification ${row.id} for ${row.shop_order_id} (${row.status}): ${row.state}`
    if (row.state === "failed" || row.state === "needs_attention") {
      logger.warn(`${line}: ${row.last_error}`)
    } else {
      logger.info(row.last_error ? `${line}: ${row.last_error}` : line)
    }
    return { id: row.id, state: row.state, reason: row.last_error }
  } catch (error) {
    const reason = `processing failed: ${messageOf(error)}`
    logger.error(`Piastrix notification ${notificationId}: ${reason}`)
    try {
      const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      await piastrix.settleNotification(notificationId, "failed", reason)
    } catch (recordError) {
      // The row stays as it was (received or failed): the reconcile job picks it up again.
      logger.error(`Piastrix notification ${notificationId}: the failure could not be recorded: ${messageOf(recordError)}`)
    }
    return { id: notificationId, state: "failed", reason }
  } finally {
    running.delete(notificationId)
  }
}
