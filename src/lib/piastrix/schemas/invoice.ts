import { z } from "zod"
import {
  amountInput,
  currencyInput,
  description,
  email,
  languageMap,
  nonEmpty,
  redirectUrls,
  requestAmount,
  requestInt,
  shopOrderId,
  sign,
  wireDecimal,
  wireInt,
  wireString,
} from "./common"

/** `/invoice/*`: payments by any method other than the service's wallet. */

// ---- /invoice/try ----

export const invoiceTryInputSchema = z.object({
  amount: amountInput,
  currency: currencyInput,
  payway: nonEmpty,
  shop_order_id: shopOrderId,
  description: description.optional(),
})
export type InvoiceTryInput = z.input<typeof invoiceTryInputSchema>

export const invoiceTryRequestSchema = z.looseObject({
  shop_id: requestInt,
  amount: requestAmount,
  currency: requestInt,
  payway: z.string().min(1),
  shop_order_id: z.string().min(1).max(255),
  sign,
  description: z.string().max(255).optional(),
})
export type InvoiceTryRequest = z.infer<typeof invoiceTryRequestSchema>

/** One extra input field a payment direction needs from the payer. */
export const addOnFieldSchema = z.looseObject({
  example: wireString.nullish(),
  label: languageMap.nullish(),
  regex: z.string().nullish(),
  title: languageMap.nullish(),
})
export const addOnsConfigSchema = z.record(z.string(), addOnFieldSchema)

export const invoiceTryResultSchema = z.looseObject({
  add_ons_config: addOnsConfigSchema.nullish(),
  exch_fee: wireDecimal.nullish(),
  info: z.unknown().optional(),
  // Declared a number; production shows an {en, ru} text map. Either is kept as is.
  manual: z.unknown().optional(),
  payer_fee: wireDecimal.nullish(),
  payer_price: wireDecimal,
  paymethod_id: wireInt.nullish(),
  paymethod_name: z.string().nullish(),
  ps_currency: wireInt,
  warning: z.unknown().optional(),
})
export type InvoiceTryResult = z.infer<typeof invoiceTryResultSchema>

// ---- /invoice/create ----

export const invoiceCreateInputSchema = z.object({
  amount: amountInput,
  currency: currencyInput,
  payway: nonEmpty,
  shop_order_id: shopOrderId,
  // The reference requires it; the service's own SDKs never send it (docs/service-facts.md): sent when known.
  email: email.optional(),
  description: description.optional(),
  ...redirectUrls,
})
export type InvoiceCreateInput = z.input<typeof invoiceCreateInputSchema>

export const invoiceCreateRequestSchema = z.looseObject({
  shop_id: requestInt,
  amount: requestAmount,
  currency: requestInt,
  payway: z.string().min(1),
  shop_order_id: z.string().min(1).max(255),
  // Required by the reference, absent from its host-to-host examples: optional here so the sandbox takes both.
  email: z.string().optional(),
  sign,
  description: z.string().max(255).optional(),
  success_url: z.string().optional(),
  failed_url: z.string().optional(),
  callback_url: z.string().optional(),
  callback_rejected_url: z.string().optional(),
})
export type InvoiceCreateRequest = z.infer<typeof invoiceCreateRequestSchema>

export const invoiceCreateResultSchema = z.looseObject({
  id: wireInt,
  /** "GET" or "POST" for a redirect; a method code (e.g. for bank transfer, "OFFLINE") otherwise. */
  method: z.string(),
  /** Empty or absent when there is nothing to redirect to (bank transfer host-to-host). */
  url: z.string().nullish(),
  /** Fields to send to `url` with `method`; `session_id` for card host-to-host payways. */
  data: z
    .looseObject({
      session_id: wireString.optional(),
      language: z.string().nullish(),
      mdOrder: wireString.nullish(),
    })
    .nullish(),
})
export type InvoiceCreateResult = z.infer<typeof invoiceCreateResultSchema>

// ---- /invoice/check ----

export const invoiceCheckInputSchema = z.object({ shop_order_id: shopOrderId })
export type InvoiceCheckInput = z.input<typeof invoiceCheckInputSchema>

export const statusRequestSchema = z.looseObject({
  now: z.string().min(1),
  shop_id: requestInt,
  shop_order_id: z.string().min(1).max(255),
  sign,
})
export type InvoiceCheckRequest = z.infer<typeof statusRequestSchema>

/** `ps_data` arrives as an object; callbacks carry it JSON-encoded, so a string is decoded when it can be. */
const jsonObjectOrString = (value: unknown): unknown => {
  if (typeof value !== "string") {
    return value
  }
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** Payment-system data of a payment; for bank transfer it holds the requisites shown to the payer. */
export const invoicePsDataSchema = z.preprocess(
  jsonObjectOrString,
  z.looseObject({
    amount: wireDecimal.nullish(),
    suggested_amount: wireDecimal.nullish(),
    qr_data: z.string().nullish(),
    qr_caption: z.string().nullish(),
    bank: z.string().nullish(),
    card: wireString.nullish(),
    card_holder_name: z.string().nullish(),
    expired: wireString.nullish(),
    phone: wireString.nullish(),
    currency: wireString.nullish(),
    method: z.string().nullish(),
    url: z.string().nullish(),
    receipt_url: z.string().nullish(),
    receipt_status_url: z.string().nullish(),
    receipt_web: z.string().nullish(),
  })
)
export type InvoicePsData = z.infer<typeof invoicePsDataSchema>

export const invoiceCheckResultSchema = z.looseObject({
  client_price: wireDecimal.nullish(),
  created: z.string().nullish(),
  description: z.string().nullish(),
  is_unique: z.boolean().nullish(),
  payment_id: wireInt,
  payway: z.string().nullish(),
  processed: z.string().nullish(),
  ps_currency: wireInt.nullish(),
  ps_data: invoicePsDataSchema.nullish(),
  shop_amount: wireDecimal,
  shop_currency: wireInt,
  shop_id: wireInt.nullish(),
  shop_order_id: wireString,
  shop_original_amount: wireDecimal.nullish(),
  shop_refund: wireDecimal.nullish(),
  status: wireInt,
  updated: z.string().nullish(),
})
export type InvoiceCheckResult = z.infer<typeof invoiceCheckResultSchema>
