import type { BigNumberRawValue } from "@medusajs/framework/types"
import {
  completeCartWorkflowId,
  processPaymentWorkflow,
} from "@medusajs/medusa/core-flows"
import { MathBN, Modules, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { describeError, isLockContention } from "../../../lib/plugin"
import { capturesMissingOn, earlierCaptureOf } from "../utils/earlier-capture"
import { findCartAndOrder } from "../utils/find-order"
import { paymentCaptured } from "../utils/order-capture"

export const runPiastrixPaymentProcessingStepId =
  "run-piastrix-payment-processing"

/**
 * `refused`: the cart's completion failed for a reason that does not pass by itself (stock ran out, a
 * shipping method missing, the amount differs), and Medusa's processing was not run: nothing was captured.
 */
export type PaymentProcessingRun = {
  ok: boolean
  error: string | null
  refused?: boolean
  /**
   * The order this run placed from the cart and whose payment was captured by then (the provider answers
   * `authorized`, and the order's subscriber captures right after it, order-capture.ts), or the cart's order
   * recording the capture an earlier, failed completion made of the payment this session carries: nothing
   * is left for Medusa's payment processing, and the outcome needs no reading back. Absent otherwise.
   */
  placed_captured_order?: string
}

/** The cart the session pays for and whether it has an order, when the caller already read them. */
export type KnownCart = { cart_id: string | null; has_order: boolean }

type StepContainer = Parameters<
  Parameters<typeof createStep>[1]
>[1]["container"]

/**
 * A cart of the session that has no order yet is completed first, as the storefront completes it:
 * Medusa places the order and authorizes the session last (the provider reads the verified notification
 * in the inbox and answers authorized; the capture follows the order), so a completion that fails for a
 * passing reason (another process held the cart's lock, or its product's stock lock while other carts of
 * it complete) has taken no money and is retried. Medusa's payment processing captures first and completes the cart after,
 * outside the cart's lock: a completion failing then, its own or the storefront's, places no order and
 * hands the captured payment to Medusa's compensation (whose refund the provider refuses: refund.ts).
 * Undefined when there is no such cart; otherwise whether the order was placed (its id), or the
 * completion's error and whether it passes by itself. `known` spares reading the cart and its order
 * again (the notification's processing read them); a storefront completion in between is Medusa's
 * completion's own business (it takes the cart's lock and finds the order).
 */
async function completeCartFirst(
  container: StepContainer,
  sessionId: string,
  known: KnownCart | undefined
): Promise<
  | { done: true; order_id: string }
  | { done: false; error: string; passing: boolean }
  | undefined
> {
  const cart = known ?? (await cartOfSession(container, sessionId))
  if (!cart?.cart_id || cart.has_order) {
    return undefined
  }
  const cart_id = cart.cart_id
  const { errors, transaction, result } = await container
    .resolve(Modules.WORKFLOW_ENGINE)
    .run(completeCartWorkflowId, {
      input: { id: cart_id },
      throwOnError: false,
    })
  if (!transaction.hasFinished()) {
    // What Medusa's route answers 409 to: another completion of the cart is still running.
    return {
      done: false,
      error: `another completion of the cart ${cart_id} is running`,
      passing: true,
    }
  }
  const first = errors?.[0]
  if (!first) {
    return { done: true, order_id: (result as { id: string }).id }
  }
  const error = describeError(first.error)
  return { done: false, error, passing: isLockContention(error) }
}

async function cartOfSession(
  container: StepContainer,
  sessionId: string
): Promise<KnownCart | undefined> {
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { id: sessionId },
      { select: ["id", "payment_collection_id"] }
    )
  if (!session) {
    return undefined
  }
  const { cart_id, order } = await findCartAndOrder(
    container,
    session.payment_collection_id
  )
  return { cart_id, has_order: !!order }
}

/**
 * The order of a session carrying a payment Medusa captured on the payment of the session it replaced (a
 * completion that failed after capturing, see `authorizePiastrixPayment` in providers/piastrix/core/authorize-carried.ts),
 * with that capture recorded on it as Medusa records a completion's capture (an order transaction), once.
 * Undefined for any other session, or while the cart has no order: the carried payment is captured once, by
 * the first attempt, and never again.
 */
async function orderWithEarlierCapture(
  container: StepContainer,
  sessionId: string,
  placedOrderId: string | undefined
): Promise<string | undefined> {
  const earlier = await earlierCaptureOf(container, sessionId)
  const orderId =
    earlier &&
    (placedOrderId ??
      (await findCartAndOrder(container, earlier.payment_collection_id)).order
        ?.id)
  if (!earlier || !orderId) {
    return undefined
  }
  const missing = await capturesMissingOn(container, orderId, earlier)
  if (missing.length) {
    await container.resolve(Modules.ORDER).addOrderTransactions(
      missing.map((c) => ({
        order_id: orderId,
        amount: c.raw_amount,
        currency_code: earlier.currency_code,
        reference: "capture",
        reference_id: c.id,
      }))
    )
  }
  return orderId
}

/**
 * Places the order for a paid session (see `completeCartFirst`), then runs Medusa's own payment
 * processing, as its webhook route would: authorize, capture, and complete the cart when nothing did
 * yet. Both are idempotent, so resends and retries cannot make a second order or capture. A completion
 * that placed the order and captured its payment leaves Medusa's processing nothing to do (it would
 * read the payment, find it captured and announce the capture again), so it is not run. A completion
 * that fails at all stops here, before Medusa's processing: that processing would capture, fail the
 * same completion, and hand the captured payment to Medusa's compensation, which replaces the paid
 * session with one carrying the payment. Left uncaptured, the paid session stays the cart's, and the
 * retry once the cart is fixed completes it and captures once. A completion that failed after capturing
 * (a later step of it) left such a carrying session: its order records that capture
 * (`orderWithEarlierCapture`), and nothing is captured again. Failures are returned, not thrown: the
 * caller records why.
 */
export const runPiastrixPaymentProcessingStep = createStep(
  runPiastrixPaymentProcessingStepId,
  async (
    input: { session_id: string; amount: BigNumberRawValue; known?: KnownCart },
    { container }
  ) => {
    try {
      const completion = await completeCartFirst(
        container,
        input.session_id,
        input.known
      )
      if (completion && !completion.done) {
        return new StepResponse<PaymentProcessingRun>({
          ok: false,
          error: completion.error,
          refused: !completion.passing,
        })
      }
      if (
        completion?.done &&
        (await paymentCaptured(container, input.session_id))
      ) {
        return new StepResponse<PaymentProcessingRun>({
          ok: true,
          error: null,
          placed_captured_order: completion.order_id,
        })
      }
      // A carried payment captured by an earlier, failed completion: its order records that capture, and
      // Medusa's processing (a second capture) is not run.
      const capturedBefore = await orderWithEarlierCapture(
        container,
        input.session_id,
        completion?.done ? completion.order_id : undefined
      )
      if (capturedBefore) {
        return new StepResponse<PaymentProcessingRun>({
          ok: true,
          error: null,
          placed_captured_order: capturedBefore,
        })
      }
      const { errors } = await processPaymentWorkflow(container).run({
        input: {
          action: PaymentActions.SUCCESSFUL,
          data: {
            session_id: input.session_id,
            amount: MathBN.convert(input.amount).toFixed(),
          },
        },
        throwOnError: false,
      })
      const first = errors?.[0]
      return new StepResponse<PaymentProcessingRun>(
        first
          ? { ok: false, error: describeError(first.error) }
          : { ok: true, error: null }
      )
    } catch (error) {
      return new StepResponse<PaymentProcessingRun>({
        ok: false,
        error: describeError(error),
      })
    }
  }
)
