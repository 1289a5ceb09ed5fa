import BigNumber from "bignumber.js"
import {
  CurrencyInfo,
  CurrencyRef,
  CurrencyTable,
  defaultCurrencyTable,
} from "./currency"
import { PiastrixValidationError } from "./errors"

/** Medusa's raw amount: `{ value: "10.000000000000000000", precision: 20 }`. */
export interface RawAmount {
  value: string | number
  precision?: number
}

/**
 * What a caller may pass as an amount:
 * - a decimal string ("10", "10.50") or a finite number (10.5);
 * - a bignumber.js `BigNumber`;
 * - Medusa's raw amount `{ value, precision? }`, or an object carrying one in `raw` (Medusa's `BigNumber`);
 * - an object whose `toString()` gives the decimal text, or that has a numeric `numeric`.
 * Text is preferred over `numeric` wherever both exist, so no float ever decides the digits.
 */
export type AmountInput =
  | string
  | number
  | BigNumber
  | RawAmount
  | { raw: RawAmount }
  | { numeric: number }
  | { toString(): string }

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

function fromText(text: string): BigNumber | undefined {
  const trimmed = text.trim()
  return DECIMAL.test(trimmed) ? new BigNumber(trimmed) : undefined
}

function isRawAmount(value: object): value is RawAmount {
  const v = (value as RawAmount).value
  return typeof v === "string" || typeof v === "number"
}

/** The exact decimal value of an amount input, or undefined when it is not a finite decimal. */
export function parseAmount(
  amount: AmountInput | null | undefined
): BigNumber | undefined {
  let result: BigNumber | undefined
  if (typeof amount === "string") {
    result = fromText(amount)
  } else if (typeof amount === "number") {
    // String(n) is the shortest text that reads back as n: 12.34 stays "12.34", no binary noise.
    result = Number.isFinite(amount) ? new BigNumber(amount) : undefined
  } else if (BigNumber.isBigNumber(amount)) {
    result = new BigNumber(amount)
  } else if (amount !== null && typeof amount === "object") {
    const withRaw = (amount as { raw?: unknown }).raw
    if (withRaw && typeof withRaw === "object" && isRawAmount(withRaw)) {
      result = parseAmount(withRaw.value)
    } else if (isRawAmount(amount)) {
      result = parseAmount(amount.value)
    } else if (amount.toString !== Object.prototype.toString) {
      result = fromText(amount.toString())
    } else if (typeof (amount as { numeric?: unknown }).numeric === "number") {
      result = parseAmount((amount as { numeric: number }).numeric)
    }
  }
  return result?.isFinite() ? result : undefined
}

function infoOf(
  currency: CurrencyRef | CurrencyInfo,
  options: MoneyOptions
): CurrencyInfo {
  if (typeof currency === "object") {
    return currency
  }
  const table: CurrencyTable = options.currencies ?? defaultCurrencyTable
  return table.resolve(currency, options.currencyField ?? "currency")
}

export interface MoneyOptions {
  /** Currency table with the caller's overrides; the plain ISO table by default. */
  currencies?: CurrencyTable
  /** Field name used in validation errors; "amount" by default. */
  field?: string
  /** Field name used when the currency is unknown; "currency" by default. */
  currencyField?: string
}

/**
 * The wire text of an amount: exactly the currency's digits, rounding half up
 * ("10" RUB -> "10.00", "5" JPY -> "5", "1.2345" KWD -> "1.235"). Use it for amounts the plugin computed;
 * use `toWireAmountStrict` for amounts a caller asked to charge or pay.
 */
export function toWireAmount(
  amount: AmountInput,
  currency: CurrencyRef | CurrencyInfo,
  options: MoneyOptions = {}
): string {
  const field = options.field ?? "amount"
  const digits = infoOf(currency, options).digits
  const value = parseAmount(amount)
  if (!value) {
    throw new PiastrixValidationError(field, "must be a finite decimal number")
  }
  return value.toFixed(digits, BigNumber.ROUND_HALF_UP)
}

/**
 * Like `toWireAmount`, but for what a caller asked to charge or pay out: the amount must be positive and
 * have no more digits than the currency has (trailing zeros do not count), so nothing is rounded silently.
 */
export function toWireAmountStrict(
  amount: AmountInput,
  currency: CurrencyRef | CurrencyInfo,
  options: MoneyOptions = {}
): string {
  const field = options.field ?? "amount"
  const info = infoOf(currency, options)
  const value = parseAmount(amount)
  if (!value) {
    throw new PiastrixValidationError(field, "must be a finite decimal number")
  }
  if (!value.isGreaterThan(0)) {
    throw new PiastrixValidationError(field, "must be greater than zero")
  }
  if ((value.decimalPlaces() ?? 0) > info.digits) {
    throw new PiastrixValidationError(
      field,
      `${value.toFixed()} has more decimal digits than ${info.alpha} allows (${info.digits})`
    )
  }
  return value.toFixed(info.digits)
}

/**
 * An amount as the service sent it (JSON number or string: 12.34, "12.34", "10") as an exact decimal.
 * Throws a validation error naming `field` when it is not a decimal.
 */
export function parseWireAmount(
  value: string | number,
  field = "amount"
): BigNumber {
  const parsed = parseAmount(value)
  if (!parsed) {
    throw new PiastrixValidationError(field, "is not a decimal amount")
  }
  return parsed
}

/**
 * The wire amount as a decimal string with at least the currency's digits ("10" RUB -> "10.00").
 * Extra digits the service sent are kept, not rounded: a received amount is a fact to compare, not to fix.
 */
export function fromWireAmount(
  value: string | number,
  currency: CurrencyRef | CurrencyInfo,
  options: MoneyOptions = {}
): string {
  const parsed = parseWireAmount(value, options.field)
  const digits = infoOf(currency, options).digits
  return parsed.toFixed(Math.max(digits, parsed.decimalPlaces() ?? 0))
}
