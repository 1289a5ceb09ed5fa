import BigNumber from "bignumber.js"
import { z } from "zod"
import type { AmountInput } from "../money"

/**
 * Building blocks shared by the schemas. Response schemas are lenient where the reference shows both
 * forms (numbers as strings and vice versa) and keep unknown fields; input schemas are strict and name
 * the field that is wrong.
 */

/** An amount as the service sends it (JSON number or string), kept as decimal text: never a float in our types. */
export const wireDecimal = z.preprocess(
  (value) =>
    typeof value === "number" && Number.isFinite(value)
      ? new BigNumber(value).toFixed()
      : value,
  z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal amount")
)

/** An integer the service may send as a number or a digit string (ids, currency codes, statuses). */
export const wireInt = z.preprocess(
  (value) =>
    typeof value === "string" && /^-?\d+$/.test(value.trim())
      ? Number(value)
      : value,
  z.number().int()
)

/** A string the service may send as a number (e.g. `shop_order_id: 123456` in its own examples). */
export const wireString = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z.string()
)

/** The envelope around every JSON answer except `/check_status` and the receipt endpoints. */
export const envelopeSchema = z.looseObject({
  result: z.boolean(),
  error_code: wireInt,
  message: z.string().nullish(),
  data: z.unknown(),
})
export type Envelope = z.infer<typeof envelopeSchema>

/** Envelope with a typed `data`, for the sandbox and for documentation. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  envelopeSchema.extend({ data: data.nullable() })

/** Language map of labels and titles (`en`, `ru`, `uk`). */
export const languageMap = z.record(z.string(), z.string().nullish())

// ---- input building blocks (what the client's methods accept) ----

/** An amount the caller passes; formatted and checked against the currency's digits by the client. */
export const amountInput = z.custom<AmountInput>(
  (value) =>
    typeof value === "string" ||
    typeof value === "number" ||
    (typeof value === "object" && value !== null),
  { message: "is required" }
)

/** A currency the caller passes: alpha ("RUB") or numeric (643). */
export const currencyInput = z.union(
  [z.string().min(1), z.number().int().positive()],
  {
    error: "must be an alpha (RUB) or numeric (643) currency code",
  }
)

const MAX_255 = "must be at most 255 characters"
export const shopOrderId = z
  .string()
  .min(1, "must not be empty")
  .max(255, MAX_255)
export const shopPaymentId = z
  .string()
  .min(1, "must not be empty")
  .max(255, MAX_255)
export const description = z.string().max(255, MAX_255)
export const nonEmpty = z.string().trim().min(1, "must not be empty")
export const email = z.email("must be a valid e-mail address")
export const url = z.url("must be an absolute URL")
export const positiveInt = z.number().int().positive()

/** The notification and return addresses every payment creation accepts, sent unsigned. */
export const redirectUrls = {
  success_url: url.optional(),
  failed_url: url.optional(),
  callback_url: url.optional(),
  callback_rejected_url: url.optional(),
}

// ---- wire request building blocks (what the service receives; the sandbox validates with these) ----

/** An amount in a request: the reference declares numbers, its examples send strings. */
export const requestAmount = wireDecimal
export const requestInt = wireInt
export const sign = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, "must be a SHA-256 hex digest")
