import { PiastrixErrorCode } from "../../src/lib/piastrix/error-codes"

/**
 * The envelope errors the sandbox answers with. The codes are the client's vocabulary
 * (src/lib/piastrix/error-codes.ts), re-exported here, so the two can never name a code differently. The reference wins
 * where it speaks: a bad signature on the wallet endpoints (`/bill/*`, `/transfer/*`) is code 1;
 * elsewhere it is 10 with "sign" in the message, as the service's sister platform answers.
 */
export { PiastrixErrorCode }

/** Raised by endpoint handlers; the server turns it into the envelope `{result: false, ...}`. */
export class EnvelopeError extends Error {
  constructor(
    readonly errorCode: number,
    message: string
  ) {
    super(message)
  }
}

/** The service's wording for a field that failed validation (pydantic style). */
export function incorrectParameter(
  field: string,
  problem: string
): EnvelopeError {
  return new EnvelopeError(
    PiastrixErrorCode.INCORRECT_PARAMETERS,
    `Incorrect values for parameters: ${field}="${problem}"`
  )
}

const WALLET_PREFIXES = ["/bill/", "/transfer/", "/shop_payment_status"]

export function badSignError(path: string): EnvelopeError {
  if (WALLET_PREFIXES.some((prefix) => path.startsWith(prefix))) {
    return new EnvelopeError(PiastrixErrorCode.PAYWAY_NOT_FOUND, "Invalid sign")
  }
  return incorrectParameter("sign", "Invalid sign")
}
