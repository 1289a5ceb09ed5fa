import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { PIASTRIX_MODULE } from "../modules/piastrix"
import type PiastrixModuleService from "../modules/piastrix/service"
import type { NotificationProcessingResult } from "../workflows/piastrix-notification/run-notification-processing"
import { reconcileInbox, type InboxReconcileOptions } from "../workflows/piastrix-reconcile/reconcile-inbox"
import {
  reconcileSessions,
  type SessionReconcileOptions,
  type SessionReconcileResult,
} from "../workflows/piastrix-reconcile/reconcile-sessions"

export type ReconcilePiastrixOptions = {
  now?: Date
  inbox?: Omit<InboxReconcileOptions, "now">
  sessions?: Omit<SessionReconcileOptions, "now">
}

export type ReconcilePiastrixResult = {
  notifications: NotificationProcessingResult[]
  sessions: SessionReconcileResult[]
}

/**
 * One reconciliation pass: inbox rows left unprocessed first (they carry a verified answer and cost
 * no service call), then sessions still waiting for money. Exported for tests and scripts.
 */
export async function reconcilePiastrix(
  container: MedusaContainer,
  options: ReconcilePiastrixOptions = {}
): Promise<ReconcilePiastrixResult> {
  const notifications = await reconcileInbox(container, { ...options.inbox, now: options.now })
  const sessions = await reconcileSessions(container, { ...options.sessions, now: options.now })
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
