import { useMemo } from "react"
import { useTranslation } from "react-i18next"

/**
 * Amounts as a person reads them: with their currency and in the reader's language ("1 000 443,25 ₽" on a
 * Russian page, "RUB 1,000,443.25" on an English one). The API sends amounts as decimal strings with the
 * currency's digits; they are formatted as those exact decimals (Intl reads a numeric string without
 * going through a float), never as JavaScript numbers.
 */

const formats = new Map<string, Intl.NumberFormat>()

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key)
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/** `Intl.NumberFormat` for an ISO 4217 code, or null for a code Intl does not know (a currency override like USDT). */
function currencyFormat(
  locale: string,
  code: string
): Intl.NumberFormat | null {
  if (!/^[A-Za-z]{3}$/.test(code)) {
    return null
  }
  try {
    return cached(
      `${locale}|${code}`,
      () =>
        new Intl.NumberFormat(locale, {
          style: "currency",
          currency: code.toUpperCase(),
        })
    )
  } catch {
    return null
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/

/** Formats the exact decimal `value` (Intl's string input, not a float). */
function exact(format: Intl.NumberFormat, value: string): string {
  return (format.format as unknown as (v: string) => string)(value)
}

/** A plain number in the reader's language, keeping the digits it has ("2.5" → "2,5"). */
export function formatNumber(
  value: string | number | null | undefined,
  locale: string
): string {
  if (value === null || value === undefined || value === "") {
    return "—"
  }
  const text = String(value)
  if (!DECIMAL.test(text)) {
    return text
  }
  const digits = text.split(".")[1]?.length ?? 0
  const format = cached(
    `${locale}|${digits}`,
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
  )
  return exact(format, text)
}

/**
 * An amount with its currency, e.g. `formatAmount("1000443.25", "RUB", "ru")` → "1 000 443,25 ₽".
 * A missing amount is "—"; a currency Intl does not know keeps the amount's own digits and its code.
 */
export function formatAmount(
  value: string | number | null | undefined,
  currency: string | null | undefined,
  locale: string
): string {
  if (value === null || value === undefined || value === "") {
    return "—"
  }
  const text = String(value)
  if (!DECIMAL.test(text)) {
    return currency ? `${text} ${currency}` : text
  }
  const format = currency ? currencyFormat(locale, currency) : null
  if (format) {
    return exact(format, text)
  }
  const number = formatNumber(text, locale)
  return currency ? `${number} ${currency.toUpperCase()}` : number
}

/**
 * An amount as typed in the reader's way ("1 250,50", "-10,00", "1,250.50") as the API's decimal ("1250.50"):
 * spaces dropped, a comma as the decimal point when no point is there, grouping commas dropped otherwise.
 * Text that is no decimal is kept as typed, for the server to refuse by name.
 */
export function decimalOf(typed: string): string {
  const compact = typed.trim().replace(/[\s\u00a0\u202f]/g, "")
  const decimal = compact.includes(".")
    ? compact.replace(/,/g, "")
    : compact.replace(",", ".")
  return DECIMAL.test(decimal) ? decimal : typed.trim()
}

/** `amount(value, currency)` and `number(value)` in the admin's language. */
export function useAmounts() {
  const { i18n } = useTranslation("piastrix")
  const locale = i18n.language || "en"
  return useMemo(
    () => ({
      amount: (
        value: string | number | null | undefined,
        currency: string | null | undefined
      ) => formatAmount(value, currency, locale),
      number: (value: string | number | null | undefined) =>
        formatNumber(value, locale),
    }),
    [locale]
  )
}
