import { MedusaError } from "@medusajs/framework/utils"
import {
  isAmountRefusal,
  isIpRefusal,
  isParameterRefusal,
  isPaywayRefusal,
  isSignatureRefusal,
  PiastrixApiError,
  PiastrixError,
  PiastrixValidationError,
} from "../../../lib/piastrix"

/**
 * A failure of the service at session start, as Medusa should show it: the storefront's mistakes as
 * INVALID_DATA (400) naming the field, the shop's configuration and the service's state as
 * UNEXPECTED_STATE with a message that says what to do. Messages never quote a signature.
 */
export function initiateError(error: unknown): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (error instanceof PiastrixValidationError) {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${error.field}: ${error.problem}`
    )
  }
  if (error instanceof PiastrixApiError) {
    if (isSignatureRefusal(error)) {
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "Piastrix refused the shop's signature: check the shopId and secretKey options, and signEmail if the service signs the payer's email"
      )
    }
    if (isPaywayRefusal(error)) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `payway: ${error.serviceMessage}`
      )
    }
    if (isAmountRefusal(error)) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `amount: ${error.serviceMessage}`
      )
    }
    if (isParameterRefusal(error)) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Piastrix refused the payment: ${error.serviceMessage}`
      )
    }
    if (isIpRefusal(error)) {
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "Piastrix refused this server's IP address: register it in the shop settings of Piastrix"
      )
    }
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Piastrix refused the payment (error ${error.errorCode}): ${error.serviceMessage}`
    )
  }
  if (error instanceof PiastrixError) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "Piastrix is not reachable at the moment; try starting the payment again shortly"
    )
  }
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    "The Piastrix payment could not be started"
  )
}
