import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaResponse } from "@medusajs/framework/http"
import {
  isAmountRefusal,
  isPaywayRefusal,
  PiastrixApiError,
  PiastrixError,
  PiastrixValidationError,
  PollThrottledError,
} from "../../../../lib/piastrix"

/** The body of a 502: the service failed or refused; the storefront may retry or offer another way. */
export type ServiceErrorBody = {
  type: "payment_service_error"
  message: string
  retry_after_ms?: number
}

/**
 * Answers an error of a call to the service: a refusal the payer can fix (amount, payway) becomes
 * Medusa's 400 naming the field; everything else about the service is a 502 with a short message,
 * never a 500. Errors that are not the service's are thrown on to Medusa's error handler. `context`
 * names the thing and the call, as log lines do: `session <id>: card form`.
 */
export function respondToServiceError(
  error: unknown,
  res: MedusaResponse,
  logger: Logger,
  context: string
): void {
  if (error instanceof PollThrottledError) {
    // The last status call failed moments ago and the service may not be asked again yet.
    res.setHeader("Retry-After", String(Math.ceil(error.retryAfterMs / 1000)))
    sendBadGateway(
      res,
      "The payment service did not answer; try again shortly",
      error.retryAfterMs
    )
    return
  }
  if (!(error instanceof PiastrixError)) {
    throw error
  }
  if (error instanceof PiastrixValidationError) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${error.field}: ${error.problem}`
    )
  }
  if (error instanceof PiastrixApiError && isAmountRefusal(error)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `amount: ${error.serviceMessage}`
    )
  }
  if (error instanceof PiastrixApiError && isPaywayRefusal(error)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `payway: ${error.serviceMessage}`
    )
  }
  // The error's message names the endpoint and code only; the service's own text was redacted by the client.
  logger.warn(`Piastrix ${context} failed: ${error.message}`)
  if (error instanceof PiastrixApiError) {
    // A bad signature is the store's configuration, not the payer's business: the log says which.
    sendBadGateway(
      res,
      `The payment service refused the request (error_code ${error.errorCode})`
    )
    return
  }
  sendBadGateway(
    res,
    "The payment service could not be reached or answered unexpectedly"
  )
}

function sendBadGateway(
  res: MedusaResponse,
  message: string,
  retryAfterMs?: number
): void {
  const body: ServiceErrorBody = { type: "payment_service_error", message }
  if (retryAfterMs !== undefined) {
    body.retry_after_ms = retryAfterMs
  }
  res.status(502).json(body)
}
