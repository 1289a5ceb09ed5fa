import { z } from "zod"
import {
  amountInput,
  currencyInput,
  description,
  email,
  nonEmpty,
  positiveInt,
  requestAmount,
  requestInt,
  shopPaymentId,
  sign,
  wireDecimal,
  wireInt,
  wireString,
} from "./common"

/** `/withdraw/*` and `/check_account`: payouts to external payment systems. */

export const withdrawAmountTypeSchema = z.enum(["ps_amount", "shop_amount"])

/** Account fields a payout direction needs; extra ones besides `account` go in `account_details`. */
export const accountInfoConfigSchema = z.record(
  z.string(),
  z.looseObject({ regex: z.string().nullish(), title: z.unknown().optional() })
)

const amountCurrency = currencyInput.optional()

export const withdrawTryInputSchema = z.object({
  amount: amountInput,
  amount_type: withdrawAmountTypeSchema,
  payway: nonEmpty,
  shop_currency: currencyInput,
  /**
   * Currency whose digits format `amount`: with `ps_amount` it is the direction's currency, which only
   * the payway alias tells. Defaults to `shop_currency`. Not sent.
   */
  amount_currency: amountCurrency,
})
export type WithdrawTryInput = z.input<typeof withdrawTryInputSchema>

export const withdrawTryRequestSchema = z.looseObject({
  shop_currency: requestInt,
  amount_type: withdrawAmountTypeSchema,
  payway: z.string().min(1),
  amount: requestAmount,
  shop_id: requestInt,
  sign,
})
export type WithdrawTryRequest = z.infer<typeof withdrawTryRequestSchema>

export const withdrawTryResultSchema = z.looseObject({
  account_info_config: accountInfoConfigSchema.nullish(),
  payee_receive: wireDecimal,
  ps_currency: wireInt,
  shop_currency: wireInt,
  // The field list names `write_off_amount`, the example `shop_write_off`: accept both.
  shop_write_off: wireDecimal.nullish(),
  write_off_amount: wireDecimal.nullish(),
})
export type WithdrawTryResult = z.infer<typeof withdrawTryResultSchema>

export const accountDetailsSchema = z.record(z.string(), z.unknown())

export const checkAccountInputSchema = z.object({
  account: nonEmpty,
  account_details: accountDetailsSchema.optional(),
  payway: nonEmpty,
  amount: amountInput,
  /** The direction's currency, whose digits format `amount`. Not sent. */
  currency: currencyInput,
})
export type CheckAccountInput = z.input<typeof checkAccountInputSchema>

export const checkAccountRequestSchema = z.looseObject({
  account: z.string().min(1),
  account_details: accountDetailsSchema.optional(),
  payway: z.string().min(1),
  amount: requestAmount,
  shop_id: requestInt,
  sign,
})
export type CheckAccountRequest = z.infer<typeof checkAccountRequestSchema>

export const CHECK_ACCOUNT_PROVIDER_STATUS = {
  /** The provider answered and the check passed. */
  AVAILABLE: 1,
  /** Provider error: the result is unknown. */
  PROVIDER_ERROR: 2,
  /** The service could not process the request: the result is unknown. */
  PROCESSING_ERROR: 3,
} as const

export const checkAccountResultSchema = z.looseObject({
  /** May hold the account owner's personal data: never log it. */
  account_info: z.looseObject({ verified: z.unknown().optional() }).nullish(),
  provider_status: wireInt,
  /** Whether the account can be credited. */
  result: z.boolean(),
})
export type CheckAccountResult = z.infer<typeof checkAccountResultSchema>

export const withdrawCreateInputSchema = z.object({
  account: nonEmpty,
  amount: amountInput,
  amount_type: withdrawAmountTypeSchema,
  // The reference requires it; the service's own SDKs never send it (docs/service-facts.md): sent when known.
  email: email.optional(),
  payway: nonEmpty,
  shop_currency: currencyInput,
  shop_payment_id: shopPaymentId,
  account_details: accountDetailsSchema.optional(),
  description: description.optional(),
  amount_currency: amountCurrency,
})
export type WithdrawCreateInput = z.input<typeof withdrawCreateInputSchema>

export const withdrawCreateRequestSchema = z.looseObject({
  account: z.string().min(1),
  amount: requestAmount,
  amount_type: withdrawAmountTypeSchema,
  email: z.string().optional(),
  payway: z.string().min(1),
  shop_currency: requestInt,
  shop_id: requestInt,
  shop_payment_id: z.string().min(1),
  sign,
  account_details: accountDetailsSchema.optional(),
  description: z.string().max(255).optional(),
})
export type WithdrawCreateRequest = z.infer<typeof withdrawCreateRequestSchema>

/** The external payout record of `/withdraw/create` and both status endpoints. */
export const withdrawRecordSchema = z.looseObject({
  id: wireInt,
  /** Shop balance after creation; create response only. */
  balance: wireDecimal.nullish(),
  payee_receive: wireDecimal.nullish(),
  ps_currency: wireInt.nullish(),
  shop_currency: wireInt.nullish(),
  shop_payment_id: wireString,
  shop_write_off: wireDecimal.nullish(),
  /** See docs/service-facts.md#statuses: 5 success, 6 and 8 final failures, the rest pending. */
  status: wireInt,
  rejected_reason: z.string().nullish(),
})
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>

export const withdrawStatusInputSchema = z.object({ withdraw_id: positiveInt })
export type WithdrawStatusInput = z.input<typeof withdrawStatusInputSchema>

export const withdrawStatusRequestSchema = z.looseObject({
  now: z.string().min(1),
  shop_id: requestInt,
  withdraw_id: requestInt,
  sign,
})
export type WithdrawStatusRequest = z.infer<typeof withdrawStatusRequestSchema>

export const shopPaymentStatusInputSchema = z.object({
  shop_payment_id: shopPaymentId,
})
export type ShopPaymentStatusInput = z.input<
  typeof shopPaymentStatusInputSchema
>

/** Body of `/withdraw/shop_payment_status` and `/transfer/shop_payment_status`. */
export const shopPaymentStatusRequestSchema = z.looseObject({
  now: z.string().min(1),
  shop_id: requestInt,
  shop_payment_id: z.string().min(1),
  sign,
})
export type ShopPaymentStatusRequest = z.infer<
  typeof shopPaymentStatusRequestSchema
>
