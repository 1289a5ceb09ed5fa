import { z } from "zod"
import {
  amountInput,
  currencyInput,
  languageMap,
  nonEmpty,
  requestAmount,
  requestInt,
  shopPaymentId,
  sign,
  wireDecimal,
  wireInt,
  wireString,
} from "./common"

/** `/transfer/*`: payouts to a wallet of the service. */

/** `receive_amount`: the amount credited to the wallet; `writeoff_amount`: the amount debited from the shop. */
export const transferAmountTypeSchema = z.enum([
  "receive_amount",
  "writeoff_amount",
])

export const transferTryInputSchema = z.object({
  amount: amountInput,
  amount_type: transferAmountTypeSchema,
  payee_currency: currencyInput,
  shop_currency: currencyInput,
})
export type TransferTryInput = z.input<typeof transferTryInputSchema>

export const transferTryRequestSchema = z.looseObject({
  amount: requestAmount,
  amount_type: transferAmountTypeSchema,
  payee_currency: requestInt,
  shop_currency: requestInt,
  shop_id: requestInt,
  sign,
})
export type TransferTryRequest = z.infer<typeof transferTryRequestSchema>

export const transferTryResultSchema = z.looseObject({
  account_info_config: z
    .looseObject({
      payee_account: z
        .looseObject({
          comment: languageMap.nullish(),
          label: languageMap.nullish(),
          example: wireString.nullish(),
          regex: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
  info: z.unknown().optional(),
  payee_amount: wireDecimal,
  payee_currency: wireInt,
  shop_currency: wireInt,
  write_off_amount: wireDecimal,
})
export type TransferTryResult = z.infer<typeof transferTryResultSchema>

export const transferCreateInputSchema = transferTryInputSchema.extend({
  /** Wallet number or e-mail of the recipient. */
  payee_account: nonEmpty,
  shop_payment_id: shopPaymentId,
})
export type TransferCreateInput = z.input<typeof transferCreateInputSchema>

export const transferCreateRequestSchema = transferTryRequestSchema.extend({
  payee_account: z.string().min(1),
  shop_payment_id: z.string().min(1),
})
export type TransferCreateRequest = z.infer<typeof transferCreateRequestSchema>

/** No status: a record with `id` means the payout was made. */
export const transferCreateResultSchema = z.looseObject({
  balance: wireDecimal.nullish(),
  id: wireInt,
  payee_account: wireString.nullish(),
  payee_amount: wireDecimal.nullish(),
  payee_currency: wireInt.nullish(),
  shop: wireInt.nullish(),
  shop_currency: wireInt.nullish(),
  write_off_amount: wireDecimal.nullish(),
})
export type TransferCreateResult = z.infer<typeof transferCreateResultSchema>

export const transferStatusResultSchema = z.looseObject({
  id: wireInt,
  payee_currency: wireInt.nullish(),
  receive_amount: wireDecimal.nullish(),
  shop_currency: wireInt.nullish(),
  shop_payment_id: wireString,
  write_off_amount: wireDecimal.nullish(),
})
export type TransferStatusResult = z.infer<typeof transferStatusResultSchema>
