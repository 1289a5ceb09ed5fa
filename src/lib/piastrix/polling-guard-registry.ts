import { PollingGuard } from "./polling-guard"
import type { PollStore } from "./memory-poll-store"

/**
 * One polling guard per shop and service address in this process, shared by everything that asks
 * the service for a status (the payment provider, the plugin's routes and jobs): separate guards
 * would each allow a call and together break the service's limit. With the default in-memory store
 * each process is bounded separately; `makeStore` (used when the guard is first made) gives it a store
 * shared by every instance (the plugin passes its Postgres store).
 */
const REGISTRY = Symbol.for("medusa-payment-piastrix.polling-guards")

type Registry = Map<string, PollingGuard>

export function sharedPollingGuard(
  apiUrl: string,
  shopId: number,
  makeStore?: () => PollStore
): PollingGuard {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>
  const registry = (holder[REGISTRY] ??= new Map())
  const key = `${apiUrl.replace(/\/+$/, "")}|${shopId}`
  let guard = registry.get(key)
  if (!guard) {
    guard = new PollingGuard({ store: makeStore?.() })
    registry.set(key, guard)
  }
  return guard
}
