import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isLockContention } from "../../../lib/plugin"
import { messageText } from "../../../lib/plugin/messages"
import { findCartAndOrder } from "../utils/find-order"
import type { Settlement } from "../types"
import type { PaymentProcessingRun } from "./run-piastrix-payment-processing"

export const checkPiastrixCaptureOutcomeStepId =
  "check-piastrix-capture-outcome"

type AmountMismatch = {
  expected_amount?: unknown
  expected_currency?: unknown
  received_amount?: unknown
  received_currency?: unknown
}

function describeMismatch(mismatch: AmountMismatch): string {
  return messageText("inbox.amount_mismatch", {
    expected: String(mismatch.expected_amount),
    expected_currency: String(mismatch.expected_currency),
    received: String(mismatch.received_amount),
    received_currency: String(mismatch.received_currency),
  })
}

/**
 * Medusa's payment processing reports success even when it did nothing, so the outcome is read
 * back: a captured payment (and, for a cart, its order) means processed. Money that arrived but
 * cannot become an order (an amount mismatch, a cart that refused to complete, left uncaptured, a
 * session Medusa deleted) needs a person, with Medusa's own error as the reason; anything else is a
 * failed attempt, retried.
 * A run whose completion placed the order and found its payment captured has read that back itself.
 */
export const checkPiastrixCaptureOutcomeStep = createStep(
  checkPiastrixCaptureOutcomeStepId,
  async (
    input: { session_id: string; run: PaymentProcessingRun },
    { container }
  ) => {
    if (input.run.placed_captured_order) {
      // The run placed the cart's order and found its payment captured: read back already.
      return new StepResponse<Settlement>({ state: "processed", reason: null })
    }
    const paymentModule = container.resolve(Modules.PAYMENT)
    const [session] = await paymentModule.listPaymentSessions(
      { id: input.session_id },
      { select: ["id", "status", "data", "payment_collection_id"] }
    )
    if (!session) {
      // Medusa's compensation of a failed completion can delete the session: its error is the cause.
      return new StepResponse<Settlement>({
        state: "needs_attention",
        reason: messageText("inbox.no_order_placed", {
          detail:
            input.run.error ??
            "the payment session disappeared while it was processed",
        }),
      })
    }
    const payments = await paymentModule.listPayments(
      { payment_session_id: session.id },
      { relations: ["captures"] }
    )
    const captured = payments.some(
      (p) => !!p.captured_at || (p.captures?.length ?? 0) > 0
    )
    const data = (session.data ?? {}) as Record<string, unknown>

    if (!captured) {
      const mismatch = data.amount_mismatch as AmountMismatch | null | undefined
      if (mismatch) {
        // Retrying cannot change what the payer paid: a person decides (refund, or accept it).
        return new StepResponse<Settlement>({
          state: "needs_attention",
          reason: describeMismatch(mismatch),
        })
      }
      if (input.run.refused) {
        // The cart refused to become an order (stock ran out, the cart changed) and nothing was captured:
        // the money waits in the inbox for a person to fix the cart and retry, or refund. Never left to a
        // retry counter.
        return new StepResponse<Settlement>({
          state: "needs_attention",
          reason: messageText("inbox.no_order_placed", {
            detail: String(input.run.error),
          }),
        })
      }
      return new StepResponse<Settlement>({
        state: "failed",
        reason: messageText("inbox.not_captured", {
          detail:
            input.run.error ??
            `the session is ${session.status} after processing`,
        }),
      })
    }

    const { cart_id, order } = await findCartAndOrder(
      container,
      session.payment_collection_id
    )
    if (cart_id && !order && isLockContention(input.run.error)) {
      // Captured, and a completion then met a lock it needed: the cart's (the storefront completing it, or an
      // instance that died holding it until the lock expires) or its product's stock (other carts of the same
      // product completing at once). Rare since the cart is completed before capturing (a completion that
      // gives up first takes nothing, see run-piastrix-payment-processing.ts): the payment was captured
      // before this attempt. Medusa's compensation of the failed completion replaces the paid session with
      // one carrying the payment (its refund refused, providers/piastrix/core/refund.ts), so the retry
      // completes the cart with it and the order records the capture already made.
      return new StepResponse<Settlement>({
        state: "failed",
        reason: messageText("inbox.cart_locked", {
          cart: cart_id,
          detail: String(input.run.error),
        }),
      })
    }
    if (cart_id && !order) {
      // Captured before this attempt (the processing captures only after the cart completed), and the
      // cart now refuses to become an order: a person fixes the cart and retries, or refunds.
      return new StepResponse<Settlement>({
        state: "needs_attention",
        reason: messageText("inbox.cart_not_completed", {
          cart: cart_id,
          detail: input.run.error ?? "no order was created",
        }),
      })
    }
    return new StepResponse<Settlement>({ state: "processed", reason: null })
  }
)
