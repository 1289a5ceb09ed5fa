import type { SandboxContext } from "./context"

/** The reference's polling limits: payment status once per 10 s, payout status once per minute. */
export const PAYMENT_POLL_LIMIT_MS = 10_000
export const PAYOUT_POLL_LIMIT_MS = 60_000

// A long-running sandbox (or a load test) must not grow without bound: keep the newest violations.
const MAX_VIOLATIONS = 1000

/** Counts a status poll of `key` and records it as a violation when it came too soon. */
export function recordPoll(ctx: SandboxContext, key: string, endpoint: string, limitMs: number): void {
  const data = ctx.store.data
  const now = ctx.clock.now()
  data.pollCounts[key] = (data.pollCounts[key] ?? 0) + 1
  const previous = data.pollLast[key]
  data.pollLast[key] = now
  if (previous !== undefined && now - previous < limitMs) {
    data.pollViolations.push({
      key,
      endpoint,
      at: new Date(now).toISOString(),
      sincePreviousMs: now - previous,
      limitMs,
    })
    while (data.pollViolations.length > MAX_VIOLATIONS) {
      data.pollViolations.shift()
    }
  }
}
