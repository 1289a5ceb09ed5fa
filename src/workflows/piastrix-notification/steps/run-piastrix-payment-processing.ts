import type { BigNumberRawValue } from "@medusajs/framework/types"
import {
  completeCartWorkflowId,
  processPaymentWorkflow,
} from "@medusajs/medusa/core-flows"
import { MathBN, Modules, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { describeError, isLockContention } from "../../../lib/plugin"
import { findCartAndOrder } from "../utils/find-order"

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
}

/**
 * A cart of the session that has no order yet is completed first, as the storefront completes it:
 * Medusa places the order and authorizes the session last (the provider reads the verified notification
 * in the inbox and answers captured), so a completion that fails for a passing reason (another process
 * held the cart's lock, or its product's stock lock while other carts of it complete) has taken no
 * money and is retried. Medusa's payment processing captures first and completes the cart after,
 * outside the cart's lock: a completion failing then, its own or the storefront's, has Medusa refund
 * the captured payment (a wallet's money goes back to the payer) and no order is placed.
 * Undefined when there is no such cart; otherwise whether the order was placed, or the completion's
 * error and whether it passes by itself.
 */
async function completeCartFirst(
  container: Parameters<Parameters<typeof createStep>[1]>[1]["container"],
  sessionId: string
): Promise<
  { done: true } | { done: false; error: string; passing: boolean } | undefined
> {
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
  if (!cart_id || order) {
    return undefined
  }
  const { errors, transaction } = await container
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
    return { done: true }
  }
  const error = describeError(first.error)
  return { done: false, error, passing: isLockContention(error) }
}

/**
 * Places the order for a paid session (see `completeCartFirst`), then runs Medusa's own payment
 * processing, as its webhook route would: authorize, capture, and complete the cart when nothing did
 * yet. Both are idempotent, so resends and retries cannot make a second order or capture. A completion
 * that fails at all stops here, before Medusa's processing: that processing would capture, fail the
 * same completion, and hand the captured payment to Medusa's compensation, which refunds it (a wallet's
 * money goes back to the payer; other kinds refuse the refund and a replacement session carries the
 * payment, so the retry captured it a second time). Left uncaptured, the paid session stays the cart's,
 * and the retry once the cart is fixed completes it and captures once. Failures are returned, not
 * thrown: the caller records why.
 */
export const runPiastrixPaymentProcessingStep = createStep(
  runPiastrixPaymentProcessingStepId,
  async (
    input: { session_id: string; amount: BigNumberRawValue },
    { container }
  ) => {
    try {
      const completion = await completeCartFirst(container, input.session_id)
      if (completion && !completion.done) {
        return new StepResponse<PaymentProcessingRun>({
          ok: false,
          error: completion.error,
          refused: !completion.passing,
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
