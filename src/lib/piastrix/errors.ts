import { PiastrixErrorCode } from "./error-codes"

/**
 * What a failure of the client means for the caller's money:
 * - `PiastrixValidationError`: bad input, caught before any request; nothing was sent.
 * - `PiastrixApiError`: the service answered with an error envelope; nothing was changed.
 * - `PiastrixNetworkError`: a read failed after its retries; nothing was changed.
 * - `PiastrixResponseError`: the service answered something we cannot read (on a read).
 * - `PiastrixHttpError`: an endpoint without envelope (receipts, card form) answered with an HTTP error.
 * - `PollThrottledError` (polling-guard.ts): a status read not sent, because the service's polling window has
 *   not passed; nothing was asked.
 * - `PiastrixOutcomeUnknownError`: a call that creates something may or may not have done so. Resolve it
 *   through the status endpoint by `shop_order_id` / `shop_payment_id`; never by sending the create again.
 */
export class PiastrixError extends Error {
  /** Path of the endpoint, e.g. "/invoice/create"; undefined for input errors not tied to one call. */
  readonly endpoint?: string
  /** True only when a create may have taken effect without us knowing. */
  readonly outcomeUnknown: boolean = false

  constructor(message: string, endpoint?: string) {
    super(message)
    this.name = new.target.name
    this.endpoint = endpoint
  }
}

/** The service's message for a bad signature quotes the signed string; it may hold an account number. */
function redactServiceMessage(message: string): string {
  return message.replace(/(string to sign:\s*).*/is, "$1[redacted]")
}

const SIGNATURE_CODES = new Set<number>([
  PiastrixErrorCode.PAYWAY_NOT_FOUND,
  PiastrixErrorCode.INCORRECT_PARAMETERS,
])

export class PiastrixApiError extends PiastrixError {
  readonly endpoint: string
  readonly errorCode: number
  /** The service's message, with any quoted string-to-sign removed. */
  readonly serviceMessage: string
  readonly httpStatus: number
  /**
   * The service rejected our signature: wrong secret key or shop id, not a problem of this payment.
   * The reference says code 1, production shows code 10; both put "sign" in the message.
   */
  readonly isSignatureError: boolean

  constructor(args: {
    endpoint: string
    errorCode: number
    message: string
    httpStatus: number
  }) {
    const serviceMessage = redactServiceMessage(args.message)
    super(
      `${args.endpoint} failed with error_code ${args.errorCode}: ${serviceMessage}`,
      args.endpoint
    )
    this.endpoint = args.endpoint
    this.errorCode = args.errorCode
    this.serviceMessage = serviceMessage
    this.httpStatus = args.httpStatus
    this.isSignatureError =
      SIGNATURE_CODES.has(args.errorCode) &&
      /\bsign(ature)?\b/i.test(args.message)
  }
}

/** A network failure reduced to what is safe to log: never the request body (card data, sign). */
export interface TransportFailure {
  /** "timeout", "network" (connection refused/reset, DNS...) or "http" (a 5xx without envelope). */
  kind: "timeout" | "network" | "http"
  /** Node's error code such as ECONNRESET, when there is one; ETIMEDOUT for a timeout. */
  code?: string
  httpStatus?: number
  message: string
}

export class PiastrixOutcomeUnknownError extends PiastrixError {
  readonly endpoint: string
  readonly outcomeUnknown = true
  readonly cause: TransportFailure | PiastrixResponseError

  constructor(
    endpoint: string,
    cause: TransportFailure | PiastrixResponseError
  ) {
    super(
      `${endpoint}: outcome unknown (${cause.message}); ` +
        "check the status endpoint before creating it again",
      endpoint
    )
    this.endpoint = endpoint
    this.cause = cause
  }
}

export class PiastrixNetworkError extends PiastrixError {
  readonly endpoint: string
  readonly cause: TransportFailure
  readonly attempts: number

  constructor(endpoint: string, cause: TransportFailure, attempts: number) {
    const times = `${attempts} attempt${attempts === 1 ? "" : "s"}`
    super(`${endpoint}: ${cause.message} (after ${times})`, endpoint)
    this.endpoint = endpoint
    this.cause = cause
    this.attempts = attempts
  }
}

export class PiastrixValidationError extends PiastrixError {
  /** The offending field, as named on the wire or in the client options (e.g. "shop_order_id", "amount"). */
  readonly field: string
  /** What is wrong with it, e.g. "must be at most 255 characters". */
  readonly problem: string

  constructor(field: string, problem: string, endpoint?: string) {
    super(`${endpoint ? `${endpoint}: ` : ""}${field}: ${problem}`, endpoint)
    this.field = field
    this.problem = problem
  }

  /** The same error tied to the endpoint whose input it was found in. */
  at(endpoint: string): PiastrixValidationError {
    return this.endpoint
      ? this
      : new PiastrixValidationError(this.field, this.problem, endpoint)
  }
}

export class PiastrixResponseError extends PiastrixError {
  readonly endpoint: string
  readonly httpStatus: number
  /** Where the response departs from the schema (paths and messages only, never values). */
  readonly issues: string[]

  constructor(endpoint: string, httpStatus: number, issues: string[]) {
    super(
      `${endpoint}: unexpected response (HTTP ${httpStatus}): ${issues.join("; ")}`,
      endpoint
    )
    this.endpoint = endpoint
    this.httpStatus = httpStatus
    this.issues = issues
  }
}

/** An HTTP error of an endpoint that has no envelope; `detail` is the service's explanation when it gave one. */
export class PiastrixHttpError extends PiastrixError {
  readonly endpoint: string
  readonly httpStatus: number
  readonly detail?:
    string | Array<{ loc: Array<string | number>; msg: string; type: string }>

  constructor(
    endpoint: string,
    httpStatus: number,
    detail?:
      string | Array<{ loc: Array<string | number>; msg: string; type: string }>
  ) {
    const text =
      typeof detail === "string"
        ? detail
        : (detail?.map((d) => `${d.loc.join(".")}: ${d.msg}`).join("; ") ??
          "no detail")
    super(`${endpoint} failed with HTTP ${httpStatus}: ${text}`, endpoint)
    this.endpoint = endpoint
    this.httpStatus = httpStatus
    this.detail = detail
  }
}

/**
 * The vocabulary of the service's refusals: each predicate is the one place that knows which `error_code`
 * (and, where the service overloads a code, which endpoint or message) means that. Callers never compare
 * codes themselves (docs/service-facts.md#errors).
 */
const apiError = (error: unknown): PiastrixApiError | null =>
  error instanceof PiastrixApiError ? error : null
const refusedWith = (error: unknown, ...codes: number[]) => {
  const api = apiError(error)
  return !!api && !api.isSignatureError && codes.includes(api.errorCode)
}

/** The shop's signature was refused: its secret key or shop id (or the signEmail reading) is wrong. */
export const isSignatureRefusal = (error: unknown): boolean =>
  !!apiError(error)?.isSignatureError

/** `shop_order_id` / `shop_payment_id` is taken: the operation may exist; ask its status. */
export const isNotUnique = (error: unknown): boolean =>
  refusedWith(error, PiastrixErrorCode.OPERATION_NOT_UNIQUE)

/**
 * The service does not know the payment or payout asked about: 7, or 2000 on the withdraw status endpoints,
 * which the reference gives that meaning (elsewhere 2000 is a generic failure, strict polling's included).
 */
export const isNotFound = (error: unknown): boolean => {
  const api = apiError(error)
  if (!api) {
    return false
  }
  return (
    api.errorCode === PiastrixErrorCode.OPERATION_NOT_FOUND ||
    (api.errorCode === PiastrixErrorCode.OTHER &&
      /^\/withdraw\/(shop_payment_)?status$/.test(api.endpoint))
  )
}

export const isInsufficientBalance = (error: unknown): boolean =>
  refusedWith(error, PiastrixErrorCode.INSUFFICIENT_BALANCE)

/** The payway is unknown, not enabled for the shop, or unavailable now: the payer may choose another. */
export const isPaywayRefusal = (error: unknown): boolean =>
  refusedWith(
    error,
    PiastrixErrorCode.PAYWAY_NOT_FOUND,
    PiastrixErrorCode.PAYWAY_NOT_USED,
    PiastrixErrorCode.PAYWAY_NOT_AVAILABLE
  )

/** The amount is below or above the payway's limits. */
export const isAmountRefusal = (error: unknown): boolean =>
  refusedWith(
    error,
    PiastrixErrorCode.AMOUNT_TOO_SMALL,
    PiastrixErrorCode.AMOUNT_TOO_LARGE
  )

/** A parameter was refused (not the signature): the message names it. */
export const isParameterRefusal = (error: unknown): boolean =>
  refusedWith(error, PiastrixErrorCode.INCORRECT_PARAMETERS)

/** The request IP is not in the shop's settings at the service: configuration, not this payment. */
export const isIpRefusal = (error: unknown): boolean =>
  refusedWith(error, PiastrixErrorCode.REQUEST_IP_DENIED)

/**
 * A refusal about the shop or the moment, not the operation itself (balance, an operation still processing,
 * the shop unknown, inactive or calling from another IP, its signature): the same request may pass later.
 */
export const isPassingRefusal = (error: unknown): boolean =>
  isSignatureRefusal(error) ||
  refusedWith(
    error,
    PiastrixErrorCode.INSUFFICIENT_BALANCE,
    PiastrixErrorCode.OPERATION_IS_PROCESSING,
    PiastrixErrorCode.SHOP_NOT_FOUND,
    PiastrixErrorCode.SHOP_NOT_ACTIVE,
    PiastrixErrorCode.REQUEST_IP_DENIED
  )
