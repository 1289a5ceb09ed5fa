import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const failPiastrixPaymentSessionStepId = "fail-piastrix-payment-session"

/**
 * Lets the provider settle a session the service rejected: Medusa's authorization asks the provider,
 * which reads the verified rejection in the inbox and answers `error`; Medusa stores that status and
 * the provider's data (with the failure) and refuses the authorization, as expected here. The
 * service has no way back from a rejection, so there is nothing to compensate.
 */
export const failPiastrixPaymentSessionStep = createStep(
  failPiastrixPaymentSessionStepId,
  async (input: { session_id: string }, { container }) => {
    const paymentModule = container.resolve(Modules.PAYMENT)
    try {
      await paymentModule.authorizePaymentSession(input.session_id, {})
    } catch {
      // "was not authorized with the provider": the outcome a rejection should have; read it back below.
    }
    const [session] = await paymentModule.listPaymentSessions(
      { id: input.session_id },
      { select: ["id", "status"] }
    )
    return new StepResponse({ status: session?.status ?? "deleted" })
  }
)
