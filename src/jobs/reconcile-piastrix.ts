import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { PIASTRIX_MODULE } from "../modules/piastrix"
import type PiastrixModuleService from "../modules/piastrix/service"
import {
  runNotificationProcessing,
  type NotificationProcessingResult,
} from "../workflows/piastrix-notification/utils/run-notification-processing"
import { claimLostPayments, type SqlConnection } from "../lib/plugin"
import { checkLostPiastrixPaymentWorkflow } from "../workflows/piastrix-reconcile/check-lost-piastrix-payment"
import type { LostPaymentOutcome } from "../workflows/piastrix-reconcile/steps/check-lost-piastrix-payment"
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
  lost_payments: Array<{ shop_order_id: string; outcome: LostPaymentOutcome }>
}

/** Lost payments looked at per run (each costs one status call within the polling limits). */
const LOST_PAYMENTS_PER_RUN = 20

/**
 * One reconciliation pass: inbox rows left behind first (they carry a verified answer and cost no
 * service call), then sessions still waiting for money, then payments this store opened whose session
 * Medusa no longer holds (the payer may still have paid them). One at a time: each may take a cart's lock,
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

  const lost_payments: ReconcilePiastrixResult["lost_payments"] = []
  const claimed = await claimLostPayments(container.resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION), {
    windowDays: piastrix.getOptions().reconcileWindowDays,
    limit: LOST_PAYMENTS_PER_RUN,
  })
  for (const payment of claimed) {
    const { result, errors } = await checkLostPiastrixPaymentWorkflow(container).run({
      input: { payment },
      throwOnError: false,
    })
    lost_payments.push({ shop_order_id: payment.shop_order_id, outcome: errors?.length ? "unknown" : result })
  }
  return { notifications, sessions, lost_payments }
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
  const { notifications, sessions, lost_payments } = await reconcilePiastrix(container)
  if (notifications.length || sessions.length || lost_payments.length) {
    logger.info(
      `Piastrix reconcile: ${notifications.length} notification(s), ${sessions.length} session(s), ` +
        `${lost_payments.length} lost payment(s) checked`
    )
  }
}

export const config = {
  name: "reconcile-piastrix",
  schedule: "* * * * *",
}
