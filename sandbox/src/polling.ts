import { scanJsonObject } from "../../src/lib/piastrix/callback-json"
import type { SandboxContext } from "./context"
import type { PollViolation } from "./state"

/** The reference's polling limits: payment status once per 10 s, payout status once per minute. */
export const PAYMENT_POLL_LIMIT_MS = 10_000
export const PAYOUT_POLL_LIMIT_MS = 60_000

// A long-running sandbox (or a load test) must not grow without bound: keep the newest violations.
const MAX_VIOLATIONS = 1000

/** A status poll: what it asks about (`payment:<shop_order_id>`, `payout:<shop_payment_id>`) and its limit. */
export type Poll = { key: string; endpoint: string; limitMs: number }

const PAYMENT_STATUS = new Set(["/invoice/check", "/bill/shop_order_status"])
const PAYOUT_STATUS = new Set([
  "/withdraw/shop_payment_status",
  "/transfer/shop_payment_status",
  "/shop_payment_status",
])

const text = (
  value: { type: string; text: string | null } | undefined
): string | null =>
  value && (value.type === "string" || value.type === "number")
    ? value.text
    : null

/**
 * The poll a request to `path` makes, read from its body before anything else looks at it, so a
 * request counts whatever answers it: a fault, a refusal or the endpoint. A body that names nothing
 * to poll (not JSON, no id) is no poll.
 */
export function pollOf(
  ctx: SandboxContext,
  path: string,
  body: Buffer
): Poll | null {
  const isPayment = PAYMENT_STATUS.has(path)
  if (!isPayment && !PAYOUT_STATUS.has(path) && path !== "/withdraw/status") {
    return null
  }
  const scan = scanJsonObject(body.toString("utf8"))
  if (!scan.ok) {
    return null
  }
  // A repeated key takes its last value, as the endpoint reads it.
  const field = (key: string) =>
    text(scan.fields.filter((f) => f.key === key).pop())
  if (isPayment) {
    const order = field("shop_order_id")
    return order === null
      ? null
      : {
          key: `payment:${order}`,
          endpoint: path,
          limitMs: PAYMENT_POLL_LIMIT_MS,
        }
  }
  if (path === "/withdraw/status") {
    const id = field("withdraw_id")
    if (id === null) {
      return null
    }
    const payout = /^\d+$/.test(id)
      ? ctx.store.payoutById(Number(id))
      : undefined
    const key = payout ? `payout:${payout.shopPaymentId}` : `payout-id:${id}`
    return { key, endpoint: path, limitMs: PAYOUT_POLL_LIMIT_MS }
  }
  const payment = field("shop_payment_id")
  return payment === null
    ? null
    : {
        key: `payout:${payment}`,
        endpoint: path,
        limitMs: PAYOUT_POLL_LIMIT_MS,
      }
}

/** Counts a status poll and records it as a violation when it came too soon; returns the violation. */
export function recordPoll(
  ctx: SandboxContext,
  poll: Poll
): PollViolation | null {
  const data = ctx.store.data
  const now = ctx.clock.now()
  data.pollCounts[poll.key] = (data.pollCounts[poll.key] ?? 0) + 1
  const previous = data.pollLast[poll.key]
  data.pollLast[poll.key] = now
  if (previous === undefined || now - previous >= poll.limitMs) {
    return null
  }
  const violation: PollViolation = {
    key: poll.key,
    endpoint: poll.endpoint,
    at: new Date(now).toISOString(),
    sincePreviousMs: now - previous,
    limitMs: poll.limitMs,
    refused: ctx.config.fidelity.strictPolling,
  }
  data.pollViolations.push(violation)
  while (data.pollViolations.length > MAX_VIOLATIONS) {
    data.pollViolations.shift()
  }
  return violation
}

/** What strict polling answers a too-early poll: the envelope error of a refused call. */
export function tooEarlyMessage(violation: PollViolation): string {
  const what = violation.key.startsWith("payment") ? "a payment" : "a payout"
  return (
    `Too many requests: the status of ${what} may be asked once per ${violation.limitMs / 1000} s ` +
    `(${violation.sincePreviousMs} ms since the previous request)`
  )
}
