import type { SandboxContext } from "./context"
import { EnvelopeError, PiastrixErrorCode } from "./envelope-error"
import { dec, formatAmount, round } from "./money"
import type { InputPayway, OutputPayway } from "./shop-config"

export function inputPayway(ctx: SandboxContext, alias: string): InputPayway {
  const payway = ctx.config.inputPayways.find((p) => p.alias === alias)
  if (!payway) {
    throw new EnvelopeError(
      PiastrixErrorCode.PAYWAY_NOT_FOUND,
      `Payway (alias = ${alias}) is not found`
    )
  }
  if (!payway.active) {
    throw new EnvelopeError(
      PiastrixErrorCode.PAYWAY_NOT_AVAILABLE,
      `Payway (alias = ${alias}) is not available for shop`
    )
  }
  return payway
}

export function outputPayway(ctx: SandboxContext, alias: string): OutputPayway {
  const payway = ctx.config.outputPayways.find((p) => p.alias === alias)
  if (!payway) {
    throw new EnvelopeError(
      PiastrixErrorCode.PAYWAY_NOT_FOUND,
      `Payway (alias = ${alias}) is not found`
    )
  }
  return payway
}

/** The wallet payway of a currency, for `/bill/create` requests that name none. */
export function walletPayway(
  ctx: SandboxContext,
  currency: number
): InputPayway {
  const payway = ctx.config.inputPayways.find(
    (p) => p.kind === "wallet" && p.currency === currency
  )
  if (!payway) {
    throw new EnvelopeError(
      PiastrixErrorCode.PAYWAY_NOT_FOUND,
      `Payway for currency ${currency} is not found`
    )
  }
  return inputPayway(ctx, payway.alias)
}

/** Converts between currencies with the configured rates. */
export function convert(
  ctx: SandboxContext,
  amount: string,
  from: number,
  to: number
): string {
  if (from === to) {
    return amount
  }
  const rateFrom = ctx.config.rates[String(from)]
  const rateTo = ctx.config.rates[String(to)]
  if (!rateFrom || !rateTo) {
    throw new EnvelopeError(
      16,
      `Currency exchange ${from} -> ${to} is not available`
    )
  }
  return formatAmount(round(dec(amount).times(rateFrom).div(rateTo), to), to)
}

/** Errors 4 and 5: the amount (in the payway currency) against the payway's limits. */
export function checkLimits(
  payway: { min: string; max: string; currency: number },
  amount: string
): void {
  if (dec(amount).lt(payway.min)) {
    throw new EnvelopeError(
      PiastrixErrorCode.AMOUNT_TOO_SMALL,
      `Amount is too small, min: ${formatAmount(dec(payway.min), payway.currency)}`
    )
  }
  if (dec(amount).gt(payway.max)) {
    throw new EnvelopeError(
      PiastrixErrorCode.AMOUNT_TOO_LARGE,
      `Amount is too large, max: ${formatAmount(dec(payway.max), payway.currency)}`
    )
  }
}
