import BigNumber from "bignumber.js"
import { defaultCurrencyTable } from "../../src/lib/piastrix/currency"
import { toWireAmount } from "../../src/lib/piastrix/money"

/**
 * The sandbox's side of money: fees and conversions, which only the service computes. Currency digits
 * and the wire text of an amount come from the client (src/lib/piastrix), so both format alike.
 */

/** Decimal arithmetic of the sandbox; amounts never pass through JS floats. */
export const Decimal = BigNumber.clone({
  DECIMAL_PLACES: 20,
  ROUNDING_MODE: BigNumber.ROUND_HALF_UP,
})
export type Decimal = BigNumber

/** Digits of a numeric currency code; one the ISO table lacks gets 2, like most of the service's. */
export function currencyDigits(currency: number): number {
  return defaultCurrencyTable.find(currency)?.digits ?? 2
}

export function dec(value: string | number | BigNumber): BigNumber {
  return new Decimal(value)
}

/** Rounds to the currency's digits. */
export function round(value: BigNumber, currency: number): BigNumber {
  return value.decimalPlaces(currencyDigits(currency), BigNumber.ROUND_HALF_UP)
}

/** Wire text with the currency's digits, as callbacks carry it ("1.00"). */
export function formatAmount(value: BigNumber, currency: number): string {
  return toWireAmount(value, {
    alpha: String(currency),
    numeric: currency,
    digits: currencyDigits(currency),
  })
}

/** JSON number of a response ("Amounts are numbers"); exact for the currency's digits. */
export function jsonAmount(value: BigNumber, currency: number): number {
  return Number(formatAmount(value, currency))
}

/** `fix + amount * percent / 100`, rounded to the currency. */
export function feeOf(
  amount: BigNumber,
  fee: { fix: string; percent: string },
  currency: number
): BigNumber {
  return round(amount.times(fee.percent).div(100).plus(fee.fix), currency)
}

/** The amount `x` with `x + fee(x) = total`: what is left for the payee once the fee is taken. */
export function netOfFee(
  total: BigNumber,
  fee: { fix: string; percent: string },
  currency: number
): BigNumber {
  const factor = dec(1).plus(dec(fee.percent).div(100))
  return round(total.minus(fee.fix).div(factor), currency)
}
