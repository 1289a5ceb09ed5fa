import { randomUUID } from "node:crypto"
import { EnvelopeError, PiastrixErrorCode } from "../envelope-error"
import { unsignedEndpoint } from "../signed-endpoint"

/** `/h2h_data`: the card form token of a card host-to-host payment. No signature. */
export const h2hData = unsignedEndpoint((fields, { ctx }) => {
  const sessionId = fields.text("session_id", 255)
  const payment = ctx.store.paymentBySession(sessionId)
  if (!payment) {
    throw new EnvelopeError(
      PiastrixErrorCode.OPERATION_NOT_FOUND,
      `Session '${sessionId}' is not found`
    )
  }
  if (payment.phase !== "created" && payment.phase !== "processing") {
    throw new EnvelopeError(100, `Payment is already ${payment.phase}`)
  }
  payment.formToken = randomUUID()
  ctx.changed()
  return {
    form_token: payment.formToken,
    payform_url: `${ctx.baseUrl()}/payform`,
  }
})
