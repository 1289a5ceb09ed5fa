import type { BigNumberRawValue } from "@medusajs/framework/types"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { MathBN, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { describeError } from "../../../lib/plugin"

export const runPiastrixPaymentProcessingStepId =
  "run-piastrix-payment-processing"

export type PaymentProcessingRun = { ok: boolean; error: string | null }

/**
 * Runs Medusa's own payment processing for a paid session, as its webhook route would: authorize
 * (the provider reads the verified notification in the inbox), capture, and complete the cart when the
 * storefront did not. Medusa's cart lock serialises it with the storefront's completion, and it is
 * idempotent, so resends and retries cannot make a second order or capture. Its failures (an amount
 * mismatch makes the provider answer `error`) are returned, not thrown: the caller records why.
 */
export const runPiastrixPaymentProcessingStep = createStep(
  runPiastrixPaymentProcessingStepId,
  async (
    input: { session_id: string; amount: BigNumberRawValue },
    { container }
  ) => {
    try {
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
