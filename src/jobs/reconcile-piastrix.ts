import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { PIASTRIX_MODULE } from "../modules/piastrix"
import type PiastrixModuleService from "../modules/piastrix/service"
import {
  runNotificationProcessing,
  type NotificationProcessingResult,
} from "../workflows/piastrix-notification/utils/run-notification-processing"
import { reconcilePiastrixSessionWorkflow } from "../workflows/piastrix-reconcile/reconcile-piastrix-session"
import type { SessionOutcome } from "../workflows/piastrix-reconcile/steps/read-piastrix-session-outcome"
import { dueSessionIds, type DueSessionOptions } from "../workflows/piastrix-reconcile/utils/due-sessions"

export type InboxReconcileOptions = {
  /** At most this many rows per run. */
  batchSize?: number
  /** A `received` row older than this lost its processing (its event was lost, or its instance died). */
  receivedGraceSeconds?: number
  /** A `failed` row is tried again after this long. */
  retryAfterSeconds?: number
}

export const INBOX_RECONCILE_DEFAULTS = {
  batchSize: 20,
  receivedGraceSeconds: 30,
  retryAfterSeconds: 60,
} as const

export type ReconcilePiastrixOptions = {
  inbox?: InboxReconcileOptions
  sessions?: DueSessionOptions
}

export type ReconcilePiastrixResult = {
  notifications: NotificationProcessingResult[]
  sessions: SessionOutcome[]
}

/**
 * One reconciliation pass: inbox rows left behind first (they carry a verified answer and cost no
 * service call), then sessions still waiting for money. One at a time: each may take a cart's lock,
 * and the job must not crowd out the storefront. Exported for tests and scripts.
 */
export async function reconcilePiastrix(
  container: MedusaContainer,
  options: ReconcilePiastrixOptions = {}
): Promise<ReconcilePiastrixResult> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const inbox = { ...INBOX_RECONCILE_DEFAULTS, ...options.inbox }

  const notifications: NotificationProcessingResult[] = []
  const stranded = await piastrix.strandedNotificationIds({
    receivedGraceSeconds: inbox.receivedGraceSeconds,
    retryAfterSeconds: inbox.retryAfterSeconds,
    limit: inbox.batchSize,
  })
  for (const id of stranded) {
    logger.info(`Piastrix reconcile: processing notification ${id}`)
    notifications.push(await runNotificationProcessing(container, id))
  }

  const sessions: SessionOutcome[] = []
  for (const sessionId of await dueSessionIds(container, options.sessions)) {
    const { result, errors } = await reconcilePiastrixSessionWorkflow(container).run({
      input: { session_id: sessionId },
      throwOnError: false,
    })
    if (errors?.length || !result) {
      logger.warn(`Piastrix reconcile: session ${sessionId} could not be checked: ${errors?.[0]?.error?.message ?? "no result"}`)
      continue
    }
    const line = `Piastrix reconcile: session ${sessionId} ${result.outcome} (${result.status})${result.order ? `, order ${result.order.id}` : ""}`
    if (result.outcome === "failed") {
      logger.warn(line)
    } else {
      logger.info(line)
    }
    sessions.push(result)
  }
  return { notifications, sessions }
}

/** Whether the scheduled run is switched off (tests run the pass themselves). */
export function reconcileDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PIASTRIX_RECONCILE ?? "").trim().toLowerCase() === "off"
}

export default async function reconcilePiastrixJob(container: MedusaContainer): Promise<void> {
  if (reconcileDisabled()) {
    return
  }
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  try {
    // An app that loads the module without plugin options has nothing to reconcile with.
    container.resolve<PiastrixModuleService>(PIASTRIX_MODULE).getOptions()
  } catch {
    return
  }
  const { notifications, sessions } = await reconcilePiastrix(container)
  if (notifications.length || sessions.length) {
    logger.info(
      `Piastrix reconcile: ${notifications.length} notification(s), ${sessions.length} session(s) checked`
    )
  }
}

export const config = {
  name: "reconcile-piastrix",
  schedule: "* * * * *",
}
