/**
 * `error_code` values of the envelope (docs/service-facts.md#errors). Only 1, 4, 7 and 2000 appear in the reference; the
 * rest come from a production integration's enum (docs/service-facts.md#errors). The service is free to send
 * others: treat this as a vocabulary, not a closed set.
 */
export const PiastrixErrorCode = {
  OK: 0,
  /** "Payway not found"; the reference also uses it for a bad signature on wallet endpoints. */
  PAYWAY_NOT_FOUND: 1,
  PAYWAY_NOT_USED: 2,
  PAYWAY_NOT_AVAILABLE: 3,
  AMOUNT_TOO_SMALL: 4,
  AMOUNT_TOO_LARGE: 5,
  /** `shop_order_id` / `shop_payment_id` already used: ask the status endpoint before anything else. */
  OPERATION_NOT_UNIQUE: 6,
  /** `/transfer/shop_payment_status`: the payout was never made, so it may be created again. */
  OPERATION_NOT_FOUND: 7,
  OPERATION_IS_PROCESSING: 8,
  INSUFFICIENT_BALANCE: 9,
  /** Bad parameters; a bad signature comes with this code and "sign" in the message. */
  INCORRECT_PARAMETERS: 10,
  SHOP_NOT_FOUND: 11,
  SHOP_NOT_ACTIVE: 12,
  ACCOUNT_NOT_FOUND: 13,
  INCORRECT_ACCOUNT_STATUS: 14,
  /** The shop's server IP is not registered in the shop settings: a configuration problem, not a payment one. */
  REQUEST_IP_DENIED: 15,
  INCORRECT_OPERATION_STATUS: 100,
  /** Generic failure; `/withdraw/status` and `/withdraw/shop_payment_status` use it for "payout not found". */
  OTHER: 2000,
} as const

export type PiastrixErrorCodeValue =
  (typeof PiastrixErrorCode)[keyof typeof PiastrixErrorCode]
