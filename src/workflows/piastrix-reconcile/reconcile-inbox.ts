import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { PIASTRIX_MODULE } from "../../modules/piastrix"
import type PiastrixModuleService from "../../modules/piastrix/service"
import type { NotificationRow } from "../../modules/piastrix/types"
import {
  runNotificationProcessing,
  type NotificationProcessingResult,
} from "../piastrix-notification/run-notification-processing"

export type InboxReconcileOptions = {
  now?: Date
  /** At most this many rows per run. */
  batchSize?: number
  /** A `received` row older than this lost its processing (the callback route processes at once). */
  receivedGraceMs?: number
  /** A `failed` row is tried again after this long, at most `maxAttempts` times in all. */
  retryAfterMs?: number
  maxAttempts?: number
}

export const INBOX_RECONCILE_DEFAULTS = {
  batchSize: 20,
  receivedGraceMs: 30_000,
  retryAfterMs: 60_000,
  maxAttempts: 5,
} as const

/**
 * Inbox rows left behind: `received` ones whose processing was lost (a crash between the `OK` and the
 * processing), and `failed` ones that may succeed now (the cart lock was busy, the service was down).
 */
export async function reconcileInbox(
  container: MedusaContainer,
  options: InboxReconcileOptions = {}
): Promise<NotificationProcessingResult[]> {
  const settings = { ...INBOX_RECONCILE_DEFAULTS, ...options }
  const now = (options.now ?? new Date()).getTime()
  const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)

  const received = (await piastrix.listPiastrixNotifications(
    { state: "received", created_at: { $lte: new Date(now - settings.receivedGraceMs) } } as never,
    { take: settings.batchSize, order: { created_at: "ASC" } }
  )) as unknown as NotificationRow[]
  const room = settings.batchSize - received.length
  const failed =
    room > 0
      ? ((await piastrix.listPiastrixNotifications(
          {
            state: "failed",
            attempts: { $lt: settings.maxAttempts },
            updated_at: { $lte: new Date(now - settings.retryAfterMs) },
          } as never,
          { take: room, order: { updated_at: "ASC" } }
        )) as unknown as NotificationRow[])
      : []

  const results: NotificationProcessingResult[] = []
  for (const row of [...received, ...failed]) {
    logger.info(`Piastrix reconcile: processing notification ${row.id} (${row.state}, ${row.attempts} attempts)`)
    // One at a time: each may take the cart lock, and the job must not crowd out the storefront.
    results.push(await runNotificationProcessing(container, row.id))
  }
  return results
}
