/**
 * Error codes the sandbox answers with (DESIGN.md 3.4; codes seen in production). The reference
 * wins where it speaks: a bad signature on the wallet endpoints (`/bill/*`, `/transfer/*`) is code 1;
 * elsewhere it is 10 with "sign" in the message, as the service's sister platform answers.
 */
export const ERROR = {
  PAYWAY_NOT_FOUND: 1,
  PAYWAY_NOT_AVAILABLE: 3,
  AMOUNT_TOO_SMALL: 4,
  AMOUNT_TOO_LARGE: 5,
  NOT_UNIQUE: 6,
  NOT_FOUND: 7,
  INSUFFICIENT_BALANCE: 9,
  INCORRECT_PARAMETERS: 10,
  SHOP_NOT_FOUND: 11,
  OTHER: 2000,
} as const

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
export function incorrectParameter(field: string, problem: string): EnvelopeError {
  return new EnvelopeError(ERROR.INCORRECT_PARAMETERS, `Incorrect values for parameters: ${field}="${problem}"`)
}

const WALLET_PREFIXES = ["/bill/", "/transfer/", "/shop_payment_status"]

export function badSignError(path: string): EnvelopeError {
  if (WALLET_PREFIXES.some((prefix) => path.startsWith(prefix))) {
    return new EnvelopeError(ERROR.PAYWAY_NOT_FOUND, "Invalid sign")
  }
  return incorrectParameter("sign", "Invalid sign")
}
