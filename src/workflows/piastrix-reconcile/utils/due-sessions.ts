import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { isPiastrixProviderId } from "../../../lib/plugin"

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

export type DueSessionOptions = {
  now?: Date
  /** At most this many sessions are checked per run. */
  batchSize?: number
  /** Sessions created longer ago than this are left alone. */
  maxAgeMs?: number
}

export const DUE_SESSION_DEFAULTS = {
  batchSize: 25,
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
} as const

export const WAITING_STATUSES = ["pending", "pending_authorization"]

type SessionRow = { id: string; provider_id: string; created_at: Date | string; updated_at: Date | string }

/**
 * Piastrix sessions still waiting for money whose next check is due: the callback may never come
 * (lost, blocked, misconfigured address). Medusa stores what the provider answers at each check
 * (the session's `updated_at` moves), which spaces the checks out.
 */
export async function dueSessionIds(container: MedusaContainer, options: DueSessionOptions = {}): Promise<string[]> {
  const settings = { ...DUE_SESSION_DEFAULTS, ...options }
  const now = (options.now ?? new Date()).getTime()
  const paymentModule = container.resolve(Modules.PAYMENT)
  const providers = await paymentModule.listPaymentProviders({})
  const providerIds = providers.map((p) => p.id).filter(isPiastrixProviderId)
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
      select: ["id", "provider_id", "created_at", "updated_at"],
      order: { updated_at: "ASC" },
      // Some of the oldest-checked may not be due yet (older sessions are checked less often).
      take: settings.batchSize * 4,
    }
  )) as unknown as SessionRow[]

  return candidates
    .filter((s) => {
      const age = now - new Date(s.created_at).getTime()
      return now - new Date(s.updated_at).getTime() >= checkIntervalMs(age)
    })
    .slice(0, settings.batchSize)
    .map((s) => s.id)
}
