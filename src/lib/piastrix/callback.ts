import { z } from "zod"
import {
  DEFAULT_MAX_CALLBACK_BYTES,
  readCallbackBody,
  type CallbackFields,
  type CallbackInput,
} from "./callback-body"
import { signCallback, signaturesEqual } from "./sign"

export {
  DEFAULT_MAX_CALLBACK_BYTES,
  type CallbackFields,
  type CallbackInput,
} from "./callback-body"
export {
  PIASTRIX_SENDER_IPS,
  createSenderAllowlist,
  isAllowedSender,
  resolveSenderAddress,
  type SenderAllowlistOptions,
  type SenderHeaders,
} from "./callback-sender"

/**
 * Verifies a notification (callback) of the service: docs/service-facts.md#callbacks.
 * The signature covers every field except `sign` whose value is neither empty nor null, as the
 * exact text that was sent, so verification works on the raw values and only then builds the
 * typed notification. Over 300 lines: the strict forms of the signed fields stand beside the verifier
 * that relies on them (the request's body and its sender have files of their own).
 */

/*
 * Strict forms of the signed fields. The service signs the values joined with ":" and no keys, so a
 * signature alone does not fix where one field ends and the next begins: from one real notification,
 * `payment_id="100000003:piastrix_rub"` without `payway` signs the same, as does a date whose hour moved
 * into its neighbour. Every field that names the payment, its money or its time therefore has a form
 * without a free ":" (a date's colons sit at fixed places), so a shifted value fails its form and the
 * notification is refused, however well it is signed. Free text (description, payer_account, ps_data,
 * unknown fields) may hold colons: moving text between those changes nothing the plugin acts on.
 */
const decimalAmount = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "expected a decimal amount such as 10.00")
const numericCode = z.string().regex(/^\d+$/, "expected a whole number")
const currencyCode = z
  .string()
  .regex(/^\d{1,4}$/, "expected a numeric currency code such as 643")
/** `2021-05-21 03:32:29` as callbacks send it, ISO 8601, or RFC 5322 as the wallet endpoints answer. */
const SERVICE_DATE =
  /^(?:\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:?\d{2})?|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (?:GMT|UTC|[+-]\d{4}))$/
const serviceDate = z
  .string()
  .regex(SERVICE_DATE, "expected a date such as 2021-05-21 03:32:29")

/** Fields without which a notification cannot be matched to a payment, or told from another one. */
export const CALLBACK_REQUIRED_FIELDS = [
  "status",
  "shop_id",
  "shop_order_id",
  "shop_amount",
  "shop_currency",
  "payment_id",
] as const

export const piastrixNotificationSchema = z.object({
  /** `success` and `rejected` are the values seen; another lowercase word is kept as sent. */
  status: z
    .string()
    .regex(/^[a-z][a-z_]{0,31}$/, "expected a lowercase word such as success"),
  /** `status` reduced to what the plugin acts on; "other" means not paid, not known to be final. */
  outcome: z.enum(["success", "rejected", "other"]),
  shop_id: numericCode,
  /** Our Medusa payment session id, for payments this plugin started; never holds a ":". */
  shop_order_id: z
    .string()
    .max(255, "expected at most 255 characters")
    .regex(/^[^:]+$/, "expected an order id without ':'"),
  shop_amount: decimalAmount,
  shop_currency: currencyCode,
  /** What the shop is credited after fees. */
  shop_refund: decimalAmount.optional(),
  /** What the payer paid, in `ps_currency`. */
  client_price: decimalAmount.optional(),
  ps_currency: currencyCode.optional(),
  payway: z
    .string()
    .regex(
      /^[A-Za-z0-9_.,[\]-]{1,100}$/,
      "expected a payway name such as card_rub"
    )
    .optional(),
  /** The service's payment id: part of the notification's identity in the inbox. */
  payment_id: z
    .string()
    .regex(/^\d{1,20}$/, "expected the service's numeric id"),
  created: serviceDate.optional(),
  processed: serviceDate.optional(),
  payer_account: z.string().optional(),
  description: z.string().optional(),
  /** `ps_data` decoded when it holds a JSON object; null when the service sent null. */
  ps_data: z.record(z.string(), z.unknown()).nullable().optional(),
  /** `ps_data` exactly as received. */
  ps_data_raw: z.string().optional(),
  /** Every other non-null field, as sent. */
  fields: z.record(z.string(), z.string()),
  /** Every field except `sign`, exactly as verified: what an inbox should store. */
  raw: z.record(z.string(), z.string().nullable()),
})

export type PiastrixNotification = z.infer<typeof piastrixNotificationSchema>
export type CallbackOutcome = PiastrixNotification["outcome"]

/** Fields with a typed place in the notification; the rest go to `fields`. */
const TYPED_FIELDS = new Set([
  "status",
  "shop_id",
  "shop_order_id",
  "shop_amount",
  "shop_currency",
  "shop_refund",
  "client_price",
  "ps_currency",
  "payway",
  "payment_id",
  "created",
  "processed",
  "payer_account",
  "description",
  "ps_data",
])

export type CallbackFailure =
  | { ok: false; reason: "malformed_body"; detail: string }
  | { ok: false; reason: "missing_sign" }
  | { ok: false; reason: "bad_signature" }
  | { ok: false; reason: "missing_field"; field: string }
  | { ok: false; reason: "wrong_shop"; shopId: string }
  | { ok: false; reason: "invalid_field"; field: string; detail: string }

export type CallbackFailureReason = CallbackFailure["reason"]

export type CallbackVerification =
  { ok: true; notification: PiastrixNotification } | CallbackFailure

export interface CallbackVerifierOptions {
  /** The shop's secret key (the one requests are signed with). */
  secretKey: string
  /** The shop id this store is configured with; notifications for another shop are refused. */
  shopId: string | number
  /** Bodies above this size are refused unread. */
  maxBodyBytes?: number
}

export type CallbackVerifier = (input: CallbackInput) => CallbackVerification

const isPresent = (value: string | null | undefined): value is string =>
  value !== undefined && value !== null && value !== ""

function outcomeOf(status: string): CallbackOutcome {
  return status === "success" || status === "rejected" ? status : "other"
}

function decodePsData(
  text: string | null,
  nested: unknown,
  inlined: boolean
): Record<string, unknown> | null | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v)
  if (inlined) {
    return isObject(nested) ? nested : undefined
  }
  if (text === null || text === "null") {
    return null
  }
  if (text === "") {
    return undefined
  }
  const parsed: unknown = JSON.parse(text)
  // A JSON value that is not an object is kept raw only: a provider's odd ps_data must not cost a
  // verified payment its notification.
  return isObject(parsed) ? parsed : undefined
}

/** ps_data is JSON as the service encodes it; text that does not parse may be a neighbour's colons. */
function psDataIsJson(text: string | null | undefined): boolean {
  if (text === null || text === undefined || text === "") {
    return true
  }
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function buildNotification(
  fields: CallbackFields,
  nested: Record<string, unknown>
): Record<string, unknown> {
  const typed: Record<string, unknown> = {}
  const others: Record<string, string> = Object.create(null)
  const raw: Record<string, string | null> = Object.create(null)
  for (const [key, value] of Object.entries(fields)) {
    if (key === "sign") {
      continue
    }
    raw[key] = value
    if (!TYPED_FIELDS.has(key)) {
      if (value !== null) {
        others[key] = value
      }
    } else if (key !== "ps_data" && isPresent(value)) {
      typed[key] = value
    }
  }
  if ("ps_data" in fields) {
    const text = fields.ps_data
    typed.ps_data = decodePsData(text, nested.ps_data, "ps_data" in nested)
    if (text !== null) {
      typed.ps_data_raw = text
    }
  }
  return {
    ...typed,
    outcome: outcomeOf(fields.status ?? ""),
    fields: others,
    raw,
  }
}

/**
 * Builds a verifier for one shop. Throws only for a bad configuration (no secret, no shop id);
 * the verifier itself never throws, whatever the request holds.
 */
export function createCallbackVerifier(
  options: CallbackVerifierOptions
): CallbackVerifier {
  if (typeof options?.secretKey !== "string" || options.secretKey === "") {
    throw new TypeError("secretKey is required to verify Piastrix callbacks")
  }
  const shopId = String(options.shopId ?? "").trim()
  if (shopId === "") {
    throw new TypeError("shopId is required to verify Piastrix callbacks")
  }
  const { secretKey } = options
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_CALLBACK_BYTES

  const verify = (input: CallbackInput): CallbackVerification => {
    const body = readCallbackBody(input, maxBytes)
    if (!body.ok) {
      return { ok: false, reason: "malformed_body", detail: body.detail }
    }
    const { fields, nested } = body
    const received = fields.sign
    if (!isPresent(received)) {
      return { ok: false, reason: "missing_sign" }
    }
    if (!signaturesEqual(signCallback(fields, secretKey), received)) {
      return { ok: false, reason: "bad_signature" }
    }

    // Only authenticated content is looked at from here on.
    for (const field of CALLBACK_REQUIRED_FIELDS) {
      if (!isPresent(fields[field])) {
        return { ok: false, reason: "missing_field", field }
      }
    }
    if (fields.shop_id !== shopId) {
      return {
        ok: false,
        reason: "wrong_shop",
        shopId: fields.shop_id as string,
      }
    }
    if (!("ps_data" in nested) && !psDataIsJson(fields.ps_data)) {
      return {
        ok: false,
        reason: "invalid_field",
        field: "ps_data",
        detail: "expected JSON",
      }
    }
    const parsed = piastrixNotificationSchema.safeParse(
      buildNotification(fields, nested)
    )
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return {
        ok: false,
        reason: "invalid_field",
        field: String(issue?.path[0] ?? ""),
        detail: issue?.message ?? "invalid notification",
      }
    }
    return { ok: true, notification: parsed.data }
  }

  return (input) => {
    try {
      return verify(input)
    } catch {
      // Defence in depth for the "never throws" promise; no known input reaches this.
      return {
        ok: false,
        reason: "malformed_body",
        detail: "the notification could not be read",
      }
    }
  }
}

/** One-off verification; prefer `createCallbackVerifier` so the options are checked at boot. */
export function verifyCallback(
  input: CallbackInput,
  options: CallbackVerifierOptions
): CallbackVerification {
  return createCallbackVerifier(options)(input)
}
