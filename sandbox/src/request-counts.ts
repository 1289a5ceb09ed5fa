import { scanJsonObject } from "../../src/lib/piastrix/callback-json"
import type { SandboxContext } from "./context"
import type { RequestFaultPlan } from "./faults"
import type { EndpointRequests, RequestCount, RequestFaultType } from "./state"

/**
 * Every request that reaches a service endpoint, counted by path and by the ids its body names, before
 * anything answers it: a fault, a refusal or the endpoint. So a test can say how many creates the
 * service saw for one `shop_payment_id`, not only how many payouts it kept (ids are unique there).
 */

const ID_FIELDS = ["shop_order_id", "shop_payment_id"] as const

// Only JSON bodies of the signed endpoints name ids; a receipt upload (up to 10 MB) is never scanned.
const SCAN_LIMIT = 64 * 1024

const emptyCount = (): RequestCount => ({
  total: 0,
  handled: 0,
  unanswered: 0,
  refused: 0,
  faults: {},
})

/** The entry under `key`, made when missing; own keys only, so an id like `__proto__` is just an id. */
function entry<T>(map: Record<string, T>, key: string, make: () => T): T {
  if (!Object.prototype.hasOwnProperty.call(map, key)) {
    Object.defineProperty(map, key, {
      value: make(),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return map[key]
}

/** The ids a JSON body names (a repeated key takes its last value, as the endpoints read it). */
function idsOf(
  body: Buffer
): Partial<Record<(typeof ID_FIELDS)[number], string>> {
  if (body.length > SCAN_LIMIT) {
    return {}
  }
  const scan = scanJsonObject(body.toString("utf8"))
  if (!scan.ok) {
    return {}
  }
  const ids: Partial<Record<(typeof ID_FIELDS)[number], string>> = {}
  for (const field of scan.fields) {
    const name = ID_FIELDS.find((f) => f === field.key)
    if (name && (field.type === "string" || field.type === "number")) {
      ids[name] = field.text ?? ""
    }
  }
  return ids
}

/** One request being answered: each outcome is added to its endpoint's count and to each id's. */
export class CountedRequest {
  constructor(private readonly counts: RequestCount[]) {}

  private add(apply: (count: RequestCount) => void): void {
    this.counts.forEach(apply)
  }

  faultsHit(plan: RequestFaultPlan): void {
    const hit: RequestFaultType[] = []
    if (plan.latencyMs) {
      hit.push("latency")
    }
    if (plan.holdMs) {
      hit.push("hold_reply")
    }
    if (plan.action) {
      hit.push(plan.action)
    }
    this.add((count) => {
      for (const type of hit) {
        count.faults[type] = (count.faults[type] ?? 0) + 1
      }
    })
  }

  handled(): void {
    this.add((count) => count.handled++)
  }

  refused(): void {
    this.add((count) => count.refused++)
  }

  unanswered(): void {
    this.add((count) => count.unanswered++)
  }
}

/** Counts a request to `path` as it arrives; the caller reports how it was answered. */
export function countRequest(
  ctx: SandboxContext,
  path: string,
  body: Buffer
): CountedRequest {
  const endpoint = entry(ctx.store.data.requests, path, () => ({
    ...emptyCount(),
    shop_order_id: {},
    shop_payment_id: {},
  }))
  const counts: RequestCount[] = [endpoint]
  const ids = idsOf(body)
  for (const field of ID_FIELDS) {
    const id = ids[field]
    if (id !== undefined) {
      counts.push(entry(endpoint[field], id, emptyCount))
    }
  }
  counts.forEach((count) => count.total++)
  return new CountedRequest(counts)
}

/** Every endpoint's counts, and the sum of their totals. */
export function requestReport(ctx: SandboxContext): {
  total: number
  endpoints: Record<string, EndpointRequests>
} {
  const endpoints = ctx.store.data.requests
  const total = Object.values(endpoints).reduce((sum, e) => sum + e.total, 0)
  return { total, endpoints }
}
