import type { SandboxContext } from "./context"
import { dec, feeOf, formatAmount } from "./money"
import { checkLimits, convert } from "./payways"
import type { InputPayway } from "./shop-config"

export type InputQuote = {
  psCurrency: number
  /** Amount in the payway currency before the payer's commission. */
  psAmount: string
  payerFee: string
  payerPrice: string
  shopRefund: string
}

/**
 * Prices an incoming payment of `amount` (shop currency) through `payway`: limits are checked in
 * the payway currency; the payer's commission is added to what they pay, the shop's is taken from
 * what the shop gets.
 */
export function quoteInput(
  ctx: SandboxContext,
  payway: InputPayway,
  amount: string,
  currency: number
): InputQuote {
  const psAmount = convert(ctx, amount, currency, payway.currency)
  checkLimits(payway, psAmount)
  const payerFee = feeOf(dec(psAmount), payway.payerFee, payway.currency)
  return {
    psCurrency: payway.currency,
    psAmount,
    payerFee: formatAmount(payerFee, payway.currency),
    payerPrice: formatAmount(payerFee.plus(psAmount), payway.currency),
    shopRefund: shopRefundOf(ctx, payway, amount, currency),
  }
}

/** What the shop is credited for `amount` received: the shop commission taken. */
export function shopRefundOf(
  ctx: SandboxContext,
  payway: InputPayway,
  amount: string,
  currency: number
): string {
  const fixInShopCurrency = convert(
    ctx,
    payway.fee.fix,
    payway.currency,
    currency
  )
  const fee = feeOf(
    dec(amount),
    { fix: fixInShopCurrency, percent: payway.fee.percent },
    currency
  )
  return formatAmount(dec(amount).minus(fee), currency)
}
