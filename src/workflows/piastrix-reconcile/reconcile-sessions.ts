import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, MathBN, Modules, PaymentActions } from "@medusajs/framework/utils"
import type { BigNumberRawValue, Logger, MedusaContainer } from "@medusajs/framework/types"
import { findCartAndOrder } from "../piastrix-notification/find-order"
import { markOrderPaymentFailed } from "../piastrix-notification/mark-order-payment-failed"
import { PIASTRIX_PROVIDER_PREFIX } from "../piastrix-notification/session-id"

export type SessionReconcileOptions = {
  now?: Date
  /** At most this many sessions are checked per run. */
  batchSize?: number
  /** Sessions created longer ago than this are left alone. */
  maxAgeMs?: number
}

export const SESSION_RECONCILE_DEFAULTS = {
  batchSize: 25,
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
} as const

export type SessionReconcileResult = {
  session_id: string
  outcome: "captured" | "waiting" | "failed" | "skipped"
  status: string
  order_id: string | null
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * How often a session is re-checked, by age: a payer who pays does so soon; an abandoned session
 * still costs one status call per check for days, so old ones are checked rarely. Never more often
 * than the service's 10 s limit: the shortest interval is a minute.
 */
export function checkIntervalMs(ageMs: number): number {
  if (ageMs < HOUR) {
    return MINUTE
  }
  if (ageMs < 24 * HOUR) {
    return 10 * MINUTE
  }
  return HOUR
}

type SessionRow = {
  id: string
  provider_id: string
  status: string
  /** As Medusa stores it: never turned into a float. */
  raw_amount: BigNumberRawValue
  payment_collection_id: string
  created_at: Date | string
  updated_at: Date | string
}

const WAITING_STATUSES = ["pending", "pending_authorization"]

/**
 * Piastrix sessions still waiting for money, whose cart has no order yet or whose order awaits the
 * payment: the callback may never come (lost, blocked, misconfigured address). Each is run through
 * Medusa's payment processing, whose `authorizePayment` asks the service through the shared polling
 * guard, so the service's polling limit holds whoever else asks. Medusa stores what the provider
 * answers (the session's `updated_at` moves), which spaces the checks out.
 */
export async function reconcileSessions(
  container: MedusaContainer,
  options: SessionReconcileOptions = {}
): Promise<SessionReconcileResult[]> {
  const settings = { ...SESSION_RECONCILE_DEFAULTS, ...options }
  const now = (options.now ?? new Date()).getTime()
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const paymentModule = container.resolve(Modules.PAYMENT)

  const providers = await paymentModule.listPaymentProviders({})
  const providerIds = providers.map((p) => p.id).filter((id) => id.startsWith(PIASTRIX_PROVIDER_PREFIX))
  if (!providerIds.length) {
    return []
  }
  const candidates = (await paymentModule.listPaymentSessions(
    {
      provider_id: providerIds,
      status: WAITING_STATUSES,
      created_at: { $gte: new Date(now - settings.maxAgeMs) },
      updated_at: { $lte: new Date(now - MINUTE) },
    } as never,
    {
      select: ["id", "provider_id", "status", "raw_amount", "payment_collection_id", "created_at", "updated_at"],
      order: { updated_at: "ASC" },
      // Some of the oldest-checked may not be due yet (older sessions are checked less often).
      take: settings.batchSize * 4,
    }
  )) as unknown as SessionRow[]

  const due = candidates
    .filter((s) => {
      const age = now - new Date(s.created_at).getTime()
      return now - new Date(s.updated_at).getTime() >= checkIntervalMs(age)
    })
    .slice(0, settings.batchSize)

  const results: SessionReconcileResult[] = []
  for (const session of due) {
    results.push(await reconcileSession(container, logger, session))
  }
  return results
}

async function reconcileSession(
  container: MedusaContainer,
  logger: Logger,
  session: SessionRow
): Promise<SessionReconcileResult> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const before = await findCartAndOrder(container, session.payment_collection_id)
  if (before.order && session.status !== "pending_authorization") {
    // An order with a merely pending session is not waiting for this payment.
    return { session_id: session.id, outcome: "skipped", status: session.status, order_id: before.order.id }
  }

  const { errors } = await processPaymentWorkflow(container).run({
    input: { action: PaymentActions.SUCCESSFUL, data: { session_id: session.id, amount: MathBN.convert(session.raw_amount).toFixed() } },
    throwOnError: false,
  })

  const [after] = await paymentModule.listPaymentSessions({ id: session.id }, { select: ["id", "status"] })
  const status = after?.status ?? "deleted"
  const { order } = await findCartAndOrder(container, session.payment_collection_id)
  const orderId = order?.id ?? null
  let outcome: SessionReconcileResult["outcome"]
  if (status === "authorized" || status === "captured") {
    outcome = "captured"
  } else if (WAITING_STATUSES.includes(status)) {
    outcome = "waiting"
  } else {
    outcome = "failed"
    if (order) {
      await markOrderPaymentFailed(container, order, {
        reason: `the Piastrix payment ended ${status}`,
        at: new Date().toISOString(),
      })
    }
  }
  const error = outcome === "captured" || !errors?.length ? "" : `: ${String(errors[0].error?.message ?? errors[0].error)}`
  const line = `Piastrix reconcile: session ${session.id} ${outcome} (${status})${orderId ? `, order ${orderId}` : ""}`
  if (outcome === "failed") {
    logger.warn(`${line}${error}`)
  } else {
    logger.info(outcome === "captured" ? line : `${line}${error}`)
  }
  return { session_id: session.id, outcome, status, order_id: orderId }
}
