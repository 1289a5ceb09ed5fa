import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { PIASTRIX_MODULE } from "../modules/piastrix"
import type PiastrixModuleService from "../modules/piastrix/service"
import {
  runNotificationProcessing,
  type NotificationProcessingResult,
} from "../workflows/piastrix-notification/utils/run-notification-processing"
import { describeError } from "../lib/plugin"
import { cancelPiastrixOrphanOrderWorkflow } from "../workflows/piastrix-reconcile/cancel-piastrix-orphan-order"
import {
  reconcilePiastrixPaymentWorkflow,
  type PaymentReconcileResult,
} from "../workflows/piastrix-reconcile/reconcile-piastrix-payment"

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
  /** At most this many registered payments are looked at per run (each costs one guarded status call). */
  paymentBatchSize?: number
  /** Unlinked orders younger than this are left alone (a completion may still be running). */
  orphanGraceSeconds?: number
}

export type ReconcilePiastrixResult = {
  notifications: NotificationProcessingResult[]
  payments: PaymentReconcileResult[]
  /** Unlinked orders looked at, and the note of those canceled as leftovers of an interrupted completion. */
  orphan_orders: Array<{ order_id: string; canceled: boolean }>
  /** Ended polling windows deleted (modules/piastrix/repositories/postgres-poll-store.ts). */
  pruned_poll_windows: number
}

/**
 * An order younger than this may belong to a completion still running (it holds the cart's lock at
 * most two minutes): only older unlinked orders count as left behind.
 */
const ORPHAN_GRACE_SECONDS = 150

/**
 * One reconciliation pass: inbox rows left behind first (they carry a verified answer and cost no
 * service call), then payments this store opened that are due for a look at the service (the
 * callback may never come), whether Medusa still holds their session or not, and last orders that an
 * interrupted completion left unlinked (canceled with a note when made from a Piastrix cart). One at a time: each
 * may take a cart's lock, and the job must not crowd out the storefront. Claims in the database let
 * the job run on several instances. Exported for tests and scripts.
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
    logger.info(`Piastrix notification ${id}: processing (reconcile job)`)
    notifications.push(await runNotificationProcessing(container, id))
  }

  const payments: PaymentReconcileResult[] = []
  const due = await piastrix.claimDuePayments(
    options.paymentBatchSize ?? PAYMENTS_PER_RUN
  )
  for (const payment of due) {
    const { result, errors } = await reconcilePiastrixPaymentWorkflow(
      container
    ).run({
      input: { payment },
      throwOnError: false,
    })
    if (errors?.length || !result) {
      logger.warn(
        `Piastrix payment ${payment.shop_order_id}: could not be checked (reconcile job): ${describeError(errors?.[0]?.error ?? "no result")}`
      )
      continue
    }
    // A payment still pending at the service is no news; one that could not be asked its step logged.
    if (
      result.outcome !== "not_checked" &&
      result.status.outcome !== "pending"
    ) {
      const line =
        `Piastrix payment ${result.shop_order_id}: ${result.outcome} (${result.status.detail})` +
        (result.order_id ? `, order ${result.order_id}` : "")
      if (
        result.outcome === "failed" ||
        result.outcome === "paid_without_order" ||
        result.outcome === "paid_not_as_asked"
      ) {
        logger.warn(line)
      } else {
        logger.info(line)
      }
    }
    payments.push(result)
  }

  const orphan_orders: ReconcilePiastrixResult["orphan_orders"] = []
  const unlinked = await piastrix.unlinkedOrderIds({
    graceSeconds: options.orphanGraceSeconds ?? ORPHAN_GRACE_SECONDS,
    limit: 20,
  })
  for (const orderId of unlinked) {
    const { result, errors } = await cancelPiastrixOrphanOrderWorkflow(
      container
    ).run({
      input: { order_id: orderId },
      throwOnError: false,
    })
    if (errors?.length) {
      logger.warn(
        `Piastrix order ${orderId}: left unlinked, could not be handled (reconcile job): ${describeError(errors[0].error)}`
      )
      continue
    }
    if (result) {
      logger.warn(`Piastrix order ${orderId}: ${result.reason}`)
    }
    orphan_orders.push({ order_id: orderId, canceled: !!result })
  }
  const pruned_poll_windows = await piastrix.prunePollWindows()
  return { notifications, payments, orphan_orders, pruned_poll_windows }
}

/** Registered payments looked at per run by default. */
const PAYMENTS_PER_RUN = 25

/** Whether the scheduled run is switched off (tests run the pass themselves). */
export function reconcileDisabled(
  env: NodeJS.ProcessEnv = process.env
): boolean {
  return (env.PIASTRIX_RECONCILE ?? "").trim().toLowerCase() === "off"
}

export default async function reconcilePiastrixJob(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
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
  const { notifications, payments } = await reconcilePiastrix(container)
  if (notifications.length || payments.length) {
    logger.info(
      `Piastrix reconcile: ${notifications.length} notification(s), ${payments.length} payment(s) checked`
    )
  }
}

export const config = {
  name: "reconcile-piastrix",
  schedule: "* * * * *",
}
