import { createHash, timingSafeEqual } from "node:crypto"

/**
 * The service's signature rule (docs/service-facts.md#signature): the values of the signed fields, keys sorted by
 * code-unit order, joined with ":", immediately followed by the secret key, SHA-256, lowercase hex.
 *
 * This file is shared by the client and the sandbox; it must not import anything else of the client.
 */

/** Signed fields per endpoint, from the reference's Authentication table. */
export const SIGNED_FIELDS = {
  "/invoice/try": ["shop_id", "amount", "currency", "payway", "shop_order_id"],
  "/invoice/create": [
    "shop_id",
    "amount",
    "currency",
    "payway",
    "shop_order_id",
  ],
  "/invoice/check": ["now", "shop_id", "shop_order_id"],
  "/bill/create": [
    "payer_currency",
    "shop_amount",
    "shop_currency",
    "shop_id",
    "shop_order_id",
  ],
  "/bill/shop_order_status": ["now", "shop_id", "shop_order_id"],
  "/withdraw/try": [
    "shop_currency",
    "amount_type",
    "payway",
    "amount",
    "shop_id",
  ],
  "/check_account": ["account", "payway", "amount", "shop_id"],
  "/withdraw/create": [
    "account",
    "amount",
    "amount_type",
    "payway",
    "shop_currency",
    "shop_id",
    "shop_payment_id",
  ],
  "/withdraw/status": ["now", "shop_id", "withdraw_id"],
  "/withdraw/shop_payment_status": ["now", "shop_id", "shop_payment_id"],
  "/transfer/try": [
    "amount",
    "amount_type",
    "payee_currency",
    "shop_currency",
    "shop_id",
  ],
  "/transfer/create": [
    "amount",
    "amount_type",
    "payee_account",
    "payee_currency",
    "shop_currency",
    "shop_id",
    "shop_payment_id",
  ],
  // The reference names `shop_order_id` here but the request carries `shop_payment_id`; the SDKs sign the latter.
  "/transfer/shop_payment_status": ["now", "shop_id", "shop_payment_id"],
  "/shop_balance": ["now", "shop_id"],
  "/shop_input_config/shop": ["now", "shop_id"],
  "/shop_output_config/shop": ["now", "shop_id"],
} as const satisfies Record<string, readonly string[]>

export type SignedEndpoint = keyof typeof SIGNED_FIELDS

/**
 * The reference's Authentication table also lists `email` among the signed fields of these two endpoints,
 * while its text says email is left out, and no public SDK or production integration signs it
 * (docs/service-facts.md#signature). So by default it is sent and not signed; `signEmail` takes the table
 * literally (the client's and the plugin's `signEmail` option, the sandbox's `fidelity.signEmail` switch).
 */
export const EMAIL_SIGNED_BY_TABLE: readonly SignedEndpoint[] = [
  "/invoice/create",
  "/withdraw/create",
]

export type SignatureReading = { signEmail?: boolean }

/** The signed fields of `endpoint` under a reading of the reference. */
export function signedFieldsOf(
  endpoint: SignedEndpoint,
  { signEmail = false }: SignatureReading = {}
): readonly string[] {
  const keys: readonly string[] = SIGNED_FIELDS[endpoint]
  return signEmail && EMAIL_SIGNED_BY_TABLE.includes(endpoint)
    ? [...keys, "email"]
    : keys
}

/** A value that can be signed: the exact string that goes on the wire, or an integer. */
export type SignableValue = string | number

function signableString(key: string, value: unknown): string {
  if (typeof value === "string") {
    return value
  }
  // Integers render the same in every language; a float does not (`String(10.0)` is "10", Python says "10.0").
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    return String(value)
  }
  throw new TypeError(
    `cannot sign field "${key}": expected a string or an integer, got ${typeof value === "number" ? `the number ${value}` : typeof value}`
  )
}

/** Values of `sortedKeys`, in that order, joined with ":". */
function joinValues(
  fields: Record<string, unknown>,
  sortedKeys: readonly string[]
): string {
  let joined = ""
  for (let i = 0; i < sortedKeys.length; i++) {
    const key = sortedKeys[i]
    if (fields[key] === undefined || fields[key] === null) {
      throw new TypeError(`cannot sign: field "${key}" is missing`)
    }
    joined += (i ? ":" : "") + signableString(key, fields[key])
  }
  return joined
}

/** The string that is hashed, without the secret: values of `keys`, sorted by key, joined with ":". */
export function signString(
  fields: Record<string, unknown>,
  keys: readonly string[]
): string {
  return joinValues(fields, [...keys].sort())
}

export function sha256Sign(joined: string, secret: string): string {
  return createHash("sha256")
    .update(joined + secret, "utf8")
    .digest("hex")
}

/** Signs the listed fields of a request body. */
export function signFields(
  fields: Record<string, unknown>,
  keys: readonly string[],
  secret: string
): string {
  return sha256Sign(signString(fields, keys), secret)
}

/** Each endpoint's signed keys sorted, per reading: sorted once, not on every request. */
const sortedRequestKeys = new Map<string, readonly string[]>()

/** Signs a request to `endpoint` with the endpoint's signed field set (under `reading`). */
export function signRequest(
  endpoint: SignedEndpoint,
  fields: Record<string, unknown>,
  secret: string,
  reading: SignatureReading = {}
): string {
  const id = reading.signEmail ? `${endpoint} signEmail` : endpoint
  let keys = sortedRequestKeys.get(id)
  if (!keys) {
    keys = [...signedFieldsOf(endpoint, reading)].sort()
    sortedRequestKeys.set(id, keys)
  }
  return sha256Sign(joinValues(fields, keys), secret)
}

/**
 * The keys a callback signature covers: every field except `sign` whose value is neither empty nor
 * null (docs/service-facts.md#callbacks). "0" is kept (Python's rule, which the official SDK follows).
 */
export function callbackSignedKeys(
  fields: Record<string, string | null | undefined>
): string[] {
  return Object.keys(fields).filter(
    (key) =>
      key !== "sign" &&
      fields[key] !== undefined &&
      fields[key] !== null &&
      fields[key] !== ""
  )
}

/** Signs a notification the way the service does: every non-empty field except `sign`. */
export function signCallback(
  fields: Record<string, string | null | undefined>,
  secret: string
): string {
  return signFields(fields, callbackSignedKeys(fields), secret)
}

/** Constant-time comparison of two hex signatures, case-insensitive. */
export function signaturesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), "utf8")
  const b = Buffer.from(received.toLowerCase(), "utf8")
  if (a.length !== b.length) {
    // Compare against itself so a wrong length costs the same as a wrong value.
    timingSafeEqual(a, a)
    return false
  }
  return timingSafeEqual(a, b)
}
