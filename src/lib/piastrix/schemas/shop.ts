import { z } from "zod"
import { requestInt, shopPaymentId, sign, wireDecimal, wireInt } from "./common"
import { addOnsConfigSchema } from "./invoice"
import { accountInfoConfigSchema } from "./withdraw"

/** Shop information: balance, payment and payout directions, service availability. */

export const shopBalanceInputSchema = z.object({
  shop_payment_id: shopPaymentId.optional(),
})
export type ShopBalanceInput = z.input<typeof shopBalanceInputSchema>

/** Body of `/shop_balance` and both configuration endpoints. */
export const shopRequestSchema = z.looseObject({
  now: z.string().min(1),
  shop_id: requestInt,
  sign,
  shop_payment_id: z.string().optional(),
})
export type ShopRequest = z.infer<typeof shopRequestSchema>

export const shopBalanceResultSchema = z.looseObject({
  shop_id: wireInt.nullish(),
  balances: z.array(
    z.looseObject({
      currency: wireInt,
      /** Available for payouts, excluding the rolling reserve. */
      available: wireDecimal,
      frozen: wireDecimal.nullish(),
      hold: wireDecimal.nullish(),
      rolling_reserve: wireDecimal.nullish(),
    })
  ),
})
export type ShopBalanceResult = z.infer<typeof shopBalanceResultSchema>

/** The scale of `percent` is not documented (0-1 or 0-100): it is kept as the decimal text sent. */
const feeConfigSchema = z.looseObject({
  fix: wireDecimal.nullish(),
  percent: wireDecimal.nullish(),
})

export const inputPaywaySchema = z.looseObject({
  add_ons_config: addOnsConfigSchema.nullish(),
  alias: z.string(),
  currency: wireInt,
  fee_config: feeConfigSchema.nullish(),
  fee_part_config: z
    .looseObject({
      fix_part: wireDecimal.nullish(),
      percent_part: wireDecimal.nullish(),
    })
    .nullish(),
  id: wireInt.nullish(),
  is_active: z.boolean().nullish(),
  max_amount: wireDecimal.nullish(),
  min_amount: wireDecimal.nullish(),
})
export type InputPayway = z.infer<typeof inputPaywaySchema>

export const outputPaywaySchema = z.looseObject({
  account_info_config: accountInfoConfigSchema.nullish(),
  alias: z.string(),
  currency: wireInt,
  fee_config: feeConfigSchema.nullish(),
  info_id: z.union([z.string(), z.number()]).nullish(),
  max_amount: wireDecimal.nullish(),
  min_amount: wireDecimal.nullish(),
})
export type OutputPayway = z.infer<typeof outputPaywaySchema>

export const inputMethodSchema = z.looseObject({
  id: wireInt.nullish(),
  name: z.string().nullish(),
  payways: z.array(inputPaywaySchema),
  rating: z.unknown().optional(),
  /** Marks a direction meant for wallet payments. */
  is_bill_config: z.boolean().nullish(),
})
export type InputMethod = z.infer<typeof inputMethodSchema>

export const outputMethodSchema = z.looseObject({
  id: wireInt.nullish(),
  name: z.string().nullish(),
  payways: z.array(outputPaywaySchema),
  rating: z.unknown().optional(),
  /** Marks a direction meant for wallet transfers. */
  is_transfer_config: z.boolean().nullish(),
})
export type OutputMethod = z.infer<typeof outputMethodSchema>

export const shopInputConfigResultSchema = z.array(inputMethodSchema)
export type ShopInputConfigResult = z.infer<typeof shopInputConfigResultSchema>

export const shopOutputConfigResultSchema = z.array(outputMethodSchema)
export type ShopOutputConfigResult = z.infer<
  typeof shopOutputConfigResultSchema
>

/** `GET /check_status`: no envelope. */
export const checkStatusResultSchema = z.looseObject({ status: z.string() })
export type CheckStatusResult = z.infer<typeof checkStatusResultSchema>
