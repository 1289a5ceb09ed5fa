import { z } from "zod"
import {
  amountInput,
  currencyInput,
  description,
  nonEmpty,
  positiveInt,
  redirectUrls,
  requestAmount,
  requestInt,
  shopOrderId,
  sign,
  wireDecimal,
  wireInt,
  wireString,
} from "./common"

/** `/bill/*`: payments with the service's wallet. */

export const billCreateInputSchema = z.object({
  shop_amount: amountInput,
  shop_currency: currencyInput,
  /** The currency the payer pays in; the shop currency when absent. */
  payer_currency: currencyInput.optional(),
  shop_order_id: shopOrderId,
  description: description.optional(),
  payer_account: nonEmpty.optional(),
  /** Minutes until the bill expires; the service's default is 43200. */
  lifetime: positiveInt.optional(),
  /** A wallet direction; the reference's redirect example sends one. */
  payway: nonEmpty.optional(),
  ...redirectUrls,
})
export type BillCreateInput = z.input<typeof billCreateInputSchema>

export const billCreateRequestSchema = z.looseObject({
  payer_currency: requestInt,
  shop_amount: requestAmount,
  shop_currency: requestInt,
  shop_id: requestInt,
  shop_order_id: z.string().min(1).max(255),
  sign,
  description: z.string().max(255).optional(),
  payer_account: z.string().optional(),
  lifetime: requestInt.optional(),
  payway: z.string().optional(),
  success_url: z.string().optional(),
  failed_url: z.string().optional(),
  callback_url: z.string().optional(),
  callback_rejected_url: z.string().optional(),
})
export type BillCreateRequest = z.infer<typeof billCreateRequestSchema>

export const billCreateResultSchema = z.looseObject({
  /** RFC 5322 date. */
  created: z.string().nullish(),
  id: wireInt,
  lifetime: wireInt.nullish(),
  payer_account: wireString.nullish(),
  payer_currency: wireInt.nullish(),
  payer_price: wireDecimal.nullish(),
  shop_amount: wireDecimal,
  shop_currency: wireInt,
  shop_id: wireInt.nullish(),
  shop_order_id: wireString,
  shop_refund: wireDecimal.nullish(),
  url: z.string(),
})
export type BillCreateResult = z.infer<typeof billCreateResultSchema>

export const billStatusInputSchema = z.object({ shop_order_id: shopOrderId })
export type BillStatusInput = z.input<typeof billStatusInputSchema>

export const billStatusRequestSchema = z.looseObject({
  now: z.string().min(1),
  shop_id: requestInt,
  shop_order_id: z.string().min(1).max(255),
  sign,
})
export type BillStatusRequest = z.infer<typeof billStatusRequestSchema>

export const billStatusResultSchema = z.looseObject({
  client_price: wireDecimal.nullish(),
  created: z.string().nullish(),
  description: z.string().nullish(),
  is_unique: z.boolean().nullish(),
  payment_id: wireInt,
  payway: z.string().nullish(),
  processed: z.string().nullish(),
  ps_currency: wireInt.nullish(),
  ps_data: z.looseObject({ ps_payer_account: wireString.nullish() }).nullish(),
  shop_amount: wireDecimal,
  shop_currency: wireInt,
  shop_id: wireInt.nullish(),
  shop_order_id: wireString,
  shop_refund: wireDecimal.nullish(),
  status: wireInt,
})
export type BillStatusResult = z.infer<typeof billStatusResultSchema>
