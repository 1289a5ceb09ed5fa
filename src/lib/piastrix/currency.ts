import * as iso4217 from "currency-codes"
import { PiastrixValidationError } from "./errors"

/** A currency as callers name it: ISO 4217 alpha ("RUB", "rub") or numeric (643, "643"). */
export type CurrencyRef = string | number

/** How the service and our amounts see a currency. */
export interface CurrencyInfo {
  /** Upper-case alpha code, e.g. "RUB". */
  alpha: string
  /** Numeric code the service uses on the wire, e.g. 643. */
  numeric: number
  /** Decimal digits of the currency's minor unit: 2 for RUB, 0 for JPY, 3 for KWD. */
  digits: number
}

/**
 * Overrides by alpha code. Either field may be given alone to correct the ISO table; a currency the ISO
 * table does not know needs both (e.g. `{ USDT: { numeric: 1001, digits: 2 } }` if the account manager
 * assigned such a code).
 */
export type CurrencyOverrides = Record<
  string,
  { numeric?: number; digits?: number }
>

const ALPHA = /^[A-Za-z]{3,8}$/
const NUMERIC = /^\d{1,4}$/

function checkOverrides(overrides: CurrencyOverrides): void {
  for (const [alpha, entry] of Object.entries(overrides)) {
    const field = `currencyOverrides.${alpha}`
    if (!ALPHA.test(alpha)) {
      throw new PiastrixValidationError(
        field,
        "the key must be an alphabetic currency code"
      )
    }
    const { numeric, digits } = entry
    if (
      numeric !== undefined &&
      !(Number.isSafeInteger(numeric) && numeric > 0)
    ) {
      throw new PiastrixValidationError(
        `${field}.numeric`,
        "must be a positive integer"
      )
    }
    if (
      digits !== undefined &&
      !(Number.isInteger(digits) && digits >= 0 && digits <= 8)
    ) {
      throw new PiastrixValidationError(
        `${field}.digits`,
        "must be an integer from 0 to 8"
      )
    }
  }
}

/** ISO 4217 (package `currency-codes`) with the caller's overrides on top. */
export class CurrencyTable {
  private readonly byAlpha = new Map<string, CurrencyInfo>()
  private readonly byNumeric = new Map<number, CurrencyInfo>()

  constructor(overrides: CurrencyOverrides = {}) {
    checkOverrides(overrides)
    for (const record of iso4217.data) {
      this.add({
        alpha: record.code,
        numeric: Number(record.number),
        digits: record.digits,
      })
    }
    for (const [key, entry] of Object.entries(overrides)) {
      const alpha = key.toUpperCase()
      const base = this.byAlpha.get(alpha)
      if (
        !base &&
        (entry.numeric === undefined || entry.digits === undefined)
      ) {
        throw new PiastrixValidationError(
          `currencyOverrides.${key}`,
          `${alpha} is not an ISO 4217 currency: give both numeric and digits`
        )
      }
      if (base) {
        this.byNumeric.delete(base.numeric)
      }
      this.add({
        alpha,
        numeric: entry.numeric ?? base!.numeric,
        digits: entry.digits ?? base!.digits,
      })
    }
  }

  private add(info: CurrencyInfo): void {
    this.byAlpha.set(info.alpha, info)
    this.byNumeric.set(info.numeric, info)
  }

  /** The currency for an alpha or numeric code; throws a validation error naming `field` when unknown. */
  resolve(ref: CurrencyRef, field = "currency"): CurrencyInfo {
    const found = this.find(ref)
    if (!found) {
      throw new PiastrixValidationError(
        field,
        `unknown currency ${JSON.stringify(ref)}`
      )
    }
    return found
  }

  /** Like `resolve`, but undefined for an unknown code. */
  find(ref: CurrencyRef): CurrencyInfo | undefined {
    if (typeof ref === "number") {
      return Number.isInteger(ref) ? this.byNumeric.get(ref) : undefined
    }
    if (typeof ref !== "string") {
      return undefined
    }
    const text = ref.trim()
    if (NUMERIC.test(text)) {
      return this.byNumeric.get(Number(text))
    }
    return ALPHA.test(text) ? this.byAlpha.get(text.toUpperCase()) : undefined
  }

  /** Alpha code for a numeric code of the wire (reverse lookup), or undefined. */
  alphaOf(numeric: number | string): string | undefined {
    const n = typeof numeric === "string" ? Number(numeric) : numeric
    return Number.isInteger(n) ? this.byNumeric.get(n)?.alpha : undefined
  }

  /** What staff read for a numeric code: its alpha code, else the code as it came. */
  codeOf(numeric: number | string): string {
    return this.alphaOf(numeric) ?? String(numeric)
  }
}

/** The ISO table without overrides, for callers that have none. */
export const defaultCurrencyTable = new CurrencyTable()
