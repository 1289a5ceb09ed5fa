import { z } from "zod"

/**
 * Faults a test injects through `/__sandbox/faults`. Request faults hit the service endpoints
 * (never the control API); callback faults change how notifications are sent.
 */
export const faultInputSchema = z.object({
  type: z.enum([
    "latency",
    "http_error",
    "reset",
    "drop_reply",
    "hold_reply",
    "duplicate_callbacks",
    "out_of_order_callbacks",
  ]),
  /** Endpoint path the fault applies to ("/invoice/create"); a trailing "*" matches a prefix; none = all. */
  path: z.string().nullable().default(null),
  /** latency: delay before the request is handled; hold_reply: after it is handled, before the reply. */
  ms: z.number().int().nonnegative().default(0),
  /** http_error: the status answered (a non-JSON body, as a failing proxy would). */
  status: z.number().int().min(400).max(599).default(500),
  /** How many requests (or notifications) the fault applies to; none = until cleared. */
  times: z.number().int().positive().nullable().default(null),
})

export type FaultInput = z.input<typeof faultInputSchema>
export type Fault = z.infer<typeof faultInputSchema> & {
  id: number
  remaining: number | null
  /** Requests (or notifications) it has applied to so far: a test shows its fault took effect. */
  fired: number
}

export type RequestFaultPlan = {
  latencyMs: number
  /** The request takes effect, then its reply waits this long (a caller can die meanwhile). */
  holdMs: number
  action: "http_error" | "reset" | "drop_reply" | null
  status: number
}

const REQUEST_TYPES = new Set([
  "latency",
  "http_error",
  "reset",
  "drop_reply",
  "hold_reply",
])

export class Faults {
  private rules: Fault[] = []
  /** Every fault added since the last reset, active or not, with how often it fired. */
  private added: Fault[] = []
  private nextId = 1

  add(input: FaultInput): Fault {
    const parsed = faultInputSchema.parse(input)
    const fault = {
      ...parsed,
      id: this.nextId++,
      remaining: parsed.times,
      fired: 0,
    }
    this.rules.push(fault)
    this.added.push(fault)
    return { ...fault }
  }

  list(): Fault[] {
    return this.rules.map((rule) => ({ ...rule }))
  }

  /** Every fault added since the last reset, worn off or removed too, each with `active` and `fired`. */
  history(): Array<Fault & { active: boolean }> {
    return this.added.map((fault) => ({
      ...fault,
      active: this.rules.includes(fault),
    }))
  }

  remove(id: number): boolean {
    const before = this.rules.length
    this.rules = this.rules.filter((rule) => rule.id !== id)
    return this.rules.length !== before
  }

  /** Removes every active fault; the history keeps them. */
  clear(): void {
    this.rules = []
  }

  /** Removes every fault and forgets the history. */
  reset(): void {
    this.rules = []
    this.added = []
  }

  /** What to do with a request to `path`; consumes one use of every matching fault. */
  forRequest(path: string): RequestFaultPlan {
    const plan: RequestFaultPlan = {
      latencyMs: 0,
      holdMs: 0,
      action: null,
      status: 500,
    }
    if (!this.rules.length) {
      return plan
    }
    for (const rule of this.rules) {
      if (!REQUEST_TYPES.has(rule.type) || !matches(rule.path, path)) {
        continue
      }
      if (rule.type === "latency") {
        plan.latencyMs += rule.ms
      } else if (rule.type === "hold_reply") {
        plan.holdMs += rule.ms
      } else if (!plan.action) {
        plan.action = rule.type as RequestFaultPlan["action"]
        plan.status = rule.status
      } else {
        continue
      }
      this.consume(rule)
    }
    return plan
  }

  /** True when a callback fault of `type` applies to the next notification (and consumes it). */
  takeCallbackFault(
    type: "duplicate_callbacks" | "out_of_order_callbacks"
  ): boolean {
    const rule = this.rules.find((r) => r.type === type)
    if (!rule) {
      return false
    }
    this.consume(rule)
    return true
  }

  private consume(rule: Fault): void {
    rule.fired++
    if (rule.remaining === null) {
      return
    }
    rule.remaining--
    if (rule.remaining <= 0) {
      this.rules = this.rules.filter((r) => r !== rule)
    }
  }
}

function matches(pattern: string | null, path: string): boolean {
  if (pattern === null) {
    return true
  }
  if (pattern.endsWith("*")) {
    return path.startsWith(pattern.slice(0, -1))
  }
  return pattern === path
}
