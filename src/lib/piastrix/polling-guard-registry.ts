import { PollingGuard } from "./polling-guard"

/**
 * One polling guard per shop and service address in this process, shared by everything that asks
 * the service for a status (the payment provider, the plugin's routes and jobs): separate guards
 * would each allow a call and together break the service's limit. In-process only: with several
 * Medusa instances each one is bounded separately (see PollStore for a shared store).
 */
const REGISTRY = Symbol.for("medusa-payment-piastrix.polling-guards")

type Registry = Map<string, PollingGuard>

export function sharedPollingGuard(apiUrl: string, shopId: number): PollingGuard {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>
  const registry = (holder[REGISTRY] ??= new Map())
  const key = `${apiUrl.replace(/\/+$/, "")}|${shopId}`
  let guard = registry.get(key)
  if (!guard) {
    guard = new PollingGuard()
    registry.set(key, guard)
  }
  return guard
}
