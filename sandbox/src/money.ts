import BigNumber from "bignumber.js"
import { number as currencyByNumber } from "currency-codes"

/** Decimal arithmetic of the sandbox; amounts never pass through JS floats. */
export const Decimal = BigNumber.clone({ DECIMAL_PLACES: 20, ROUNDING_MODE: BigNumber.ROUND_HALF_UP })
export type Decimal = BigNumber

const digitsCache = new Map<number, number>()

export function currencyDigits(currency: number): number {
  let digits = digitsCache.get(currency)
  if (digits === undefined) {
    digits = currencyByNumber(String(currency).padStart(3, "0"))?.digits ?? 2
    digitsCache.set(currency, digits)
  }
  return digits
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
  return value.toFixed(currencyDigits(currency), BigNumber.ROUND_HALF_UP)
}

/** JSON number of a response ("Amounts are numbers"); exact for the currency's digits. */
export function jsonAmount(value: BigNumber, currency: number): number {
  return Number(formatAmount(value, currency))
}

/** `fix + amount * percent / 100`, rounded to the currency. */
export function feeOf(amount: BigNumber, fee: { fix: string; percent: string }, currency: number): BigNumber {
  return round(amount.times(fee.percent).div(100).plus(fee.fix), currency)
}

/** The amount `x` with `x + fee(x) = total`: what is left for the payee once the fee is taken. */
export function netOfFee(total: BigNumber, fee: { fix: string; percent: string }, currency: number): BigNumber {
  const factor = dec(1).plus(dec(fee.percent).div(100))
  return round(total.minus(fee.fix).div(factor), currency)
}
