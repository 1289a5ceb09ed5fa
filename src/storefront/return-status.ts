import { errorStatus } from "./sdk"
import type { SessionStatus } from "./types"

/**
 * The return page's rule (docs/storefront.md): poll the session's status, never the cart's completion
 * (each failed completion uses up an order number). The callback places the order; the page completes
 * the cart itself only once, when the payment is paid and no order exists yet, or when no callback has
 * reached the store after a while (completing then asks the service through Medusa's authorization).
 */

const FAILED = new Set(["failed", "expired", "canceled", "amount_mismatch"])

export type ReturnStep =
  /** The order exists; `order_id` when the status was asked with the session's cart. */
  | { type: "order"; order_id: string | null; paid: boolean }
  /** Paid for a cart that changed meanwhile: the store has the money and takes it from here. */
  | { type: "paid_without_order" }
  | { type: "failed"; reason: string | null; state: string | null }
  /** Complete the cart now (once), then poll again. */
  | { type: "complete_cart" }
  | { type: "wait"; ms: number }
  /** The store knows no payment under this id (404, several times). */
  | { type: "not_found" }

export type ReturnContext = {
  /** Since the return page started polling. */
  waitedMs: number
  /** The page already completed the cart once. */
  completionTried: boolean
  /** The page holds the session's cart (it may complete it). */
  hasCart: boolean
  /** The payer came back through the failed address. */
  cameBackFailed?: boolean
  /** A payment for an order that exists already (an order edit's outstanding amount): wait for `paid`. */
  forOrder?: boolean
  /** Complete the cart after this long without a callback (default 8 s). */
  completeAfterMs?: number
  /** Take a failed return for a failure after this long without a payment (default 10 s). */
  failAfterMs?: number
}

/** What the return page does next, given the session's status. Pure: the poller and the tests use it. */
export function decideReturnStep(
  status: SessionStatus,
  ctx: ReturnContext
): ReturnStep {
  const paid = status.state === "paid"
  if (status.state === "paid_without_order") {
    return { type: "paid_without_order" }
  }
  if (ctx.forOrder ? paid : status.order_id || status.order_placed) {
    return { type: "order", order_id: status.order_id, paid }
  }
  if (status.state && FAILED.has(status.state)) {
    return {
      type: "failed",
      reason: status.failure?.reason?.trim() || null,
      state: status.state,
    }
  }
  if (ctx.cameBackFailed && ctx.waitedMs > (ctx.failAfterMs ?? 10_000)) {
    return { type: "failed", reason: null, state: status.state }
  }
  if (
    !ctx.forOrder &&
    !ctx.cameBackFailed &&
    ctx.hasCart &&
    !ctx.completionTried &&
    (paid || ctx.waitedMs > (ctx.completeAfterMs ?? 8_000))
  ) {
    return { type: "complete_cart" }
  }
  return { type: "wait", ms: ctx.waitedMs > 120_000 ? 10_000 : 2_000 }
}

export type FinalStep = Exclude<ReturnStep, { type: "wait" | "complete_cart" }>

export type PollOptions = Omit<
  ReturnContext,
  "waitedMs" | "completionTried" | "hasCart"
> & {
  /** Places the order; given only where the page holds the cart. */
  completeCart?: () => Promise<unknown>
  /** Every step as it is decided (a page shows "checking…" on `wait`). */
  onStep?: (step: ReturnStep) => void
  signal?: AbortSignal
  /** Stop with the last step after this long (default: never). */
  timeoutMs?: number
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener("abort", () => {
      clearTimeout(timer)
      resolve()
    })
  })

/**
 * Polls `readStatus` (for example `() => sessionStatus(sdk, id, { cartId })`) by `decideReturnStep`
 * until the payment has an outcome, and resolves with it. A store that does not answer is asked again
 * after 5 s; an id it does not know, three times in a row, ends in `not_found`.
 */
export async function pollPaymentStatus(
  readStatus: () => Promise<SessionStatus>,
  options: PollOptions = {}
): Promise<FinalStep | null> {
  const startedAt = Date.now()
  let completionTried = false
  let notFound = 0
  for (;;) {
    if (options.signal?.aborted) {
      return null
    }
    const waitedMs = Date.now() - startedAt
    let step: ReturnStep
    try {
      step = decideReturnStep(await readStatus(), {
        ...options,
        waitedMs,
        completionTried,
        hasCart: !!options.completeCart,
      })
      notFound = 0
    } catch (error) {
      notFound = errorStatus(error) === 404 ? notFound + 1 : 0
      step = notFound >= 3 ? { type: "not_found" } : { type: "wait", ms: 5_000 }
    }
    options.onStep?.(step)
    if (step.type === "complete_cart") {
      completionTried = true
      // A refused completion is not the outcome: the status says what happened.
      await options.completeCart!().catch(() => null)
      continue
    }
    if (step.type !== "wait") {
      return step
    }
    if (options.timeoutMs !== undefined && waitedMs > options.timeoutMs) {
      return null
    }
    await pause(step.ms, options.signal)
  }
}
