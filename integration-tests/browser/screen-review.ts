/**
 * The screenshot review's rules: what a store owner or a payer must not read on a page of the plugin (its admin
 * pages, its card on Medusa's order page, the demo storefront), outside the Details disclosures that keep ids
 * and raw messages for support. Pure functions of the text a page shows (`chromium.ts` reads it from the page
 * at every screenshot), so their edges are unit-tested in screen-review.spec.ts.
 */

export type Language = "en" | "ru"

export type Finding = {
  rule: "raw id" | "error class" | "unformatted amount" | "English"
  text: string
}

/** Internal ids: Medusa's (sessions, orders, payments, carts) and the plugin's own (pxpo_, pxrcp_, ...). */
const RAW_ID =
  /\b(?:payses|pay|paycol|order|cart|cus|pxpo|pxrcp|pxntf|pxpay|pxled|pxref|pxrf)_[0-9A-Za-z]+/g

/** An exception's class or a socket's error code, as a developer reads them ("PiastrixNetworkError", "Error: …"). */
const ERROR_CLASS =
  /\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\bError:|\bE(?:CONNREFUSED|CONNRESET|TIMEDOUT|NOTFOUND|PIPE|AI_AGAIN)\b/g

/** A currency beside an amount, as Intl writes it: a code before or after, or a sign. */
const CURRENCY = String.raw`(?:[A-Z]{3}|[$€₽£¥]|грн\.?)`

/**
 * Amounts not formatted for the reader. On every page: a decimal with two places and no currency beside it
 * ("135.00", "1000443.25"), and a dotted decimal of 1000 or more without grouping even with one ("RUB 10000.00").
 * On a Russian page every dotted decimal (Russian writes "250,00 ₽") and a comma decimal with two places and no
 * currency. Not amounts: dates ("27.11.2026", "11/27/2026"), times ("12:00:58"), versions ("2.21.2"),
 * percentages ("1.5 %"), display numbers ("#1004").
 */
function amountRules(language: Language): RegExp[] {
  const alone = (decimal: string) =>
    new RegExp(
      String.raw`(?<!\d|\d[.,]|#|${CURRENCY}\s?)${decimal}(?!\d|[.,]\d|\s?%|\s?${CURRENCY})`,
      "g"
    )
  const rules = [
    alone(String.raw`\d+\.\d{2}`),
    new RegExp(String.raw`(?<![\d.,])\d{4,}\.\d{1,2}(?![\d.])`, "g"),
  ]
  if (language === "ru") {
    rules.push(
      new RegExp(String.raw`(?<![\d.,])\d+\.\d{1,2}(?![\d.])`, "g"),
      alone(String.raw`\d+,\d{2}`)
    )
  }
  return rules
}

/**
 * Latin words a Russian page may show: names of the plugin, of Medusa and of payment brands, currency codes and
 * abbreviations Russian writes in Latin letters.
 */
const LATIN_ALLOWED = new Set(
  [
    "Piastrix",
    "Medusa",
    "RUB",
    "USD",
    "EUR",
    "UAH",
    "USDT",
    "BTC",
    "ETH",
    "KZT",
    "QIWI",
    "Visa",
    "Mastercard",
    "MIR",
    "QR",
    "ID",
    "UTC",
    "CSV",
    "API",
    "URL",
    "PNG",
    "JPEG",
    "PDF",
    "H2H",
    "IBAN",
    "SWIFT",
    "CVV",
    "E-mail",
    "WebP",
    "HEIF",
  ].map((w) => w.toLowerCase())
)

/** Every currency code Intl knows (PLN, KZT, ...): a code, not a word. */
const CURRENCY_CODES = new Set(
  // ES2022's, which the project's TypeScript lib does not declare.
  (
    Intl as unknown as { supportedValuesOf(key: "currency"): string[] }
  ).supportedValuesOf("currency")
)

/**
 * Brands of more than one word that Russian writes in Latin letters, and Medusa UI's own untranslated words
 * (its password field's screen-reader label).
 */
const LATIN_PHRASES = ["3-D Secure", "Show password", "Hide password"]

/**
 * Latin-letter words on a Russian page outside `LATIN_ALLOWED` and the test's own `names` (a vendor, a product,
 * a bank's name in the sandbox). E-mail and web addresses, and codes (a payway such as `card_rub`, a masked
 * card number, an option such as `backendUrl`, a file such as medusa-config.ts) are not words.
 */
function englishWords(text: string, names: string[]): string[] {
  let rest = text
  for (const name of [...LATIN_PHRASES, ...names]) {
    rest = rest.split(name).join(" ")
  }
  rest = rest
    .replace(/\S+@\S+/g, " ")
    .replace(/\bhttps?:\/\/\S+/g, " ")
    .replace(/\S*(?:[_\d•]|[a-z][A-Z]|[A-Za-z]\.[A-Za-z])\S*/g, " ")
  // A Latin run inside a Russian word (ЮMoney) is part of that word.
  const latin =
    /(?<![A-Za-zА-Яа-яЁё])[A-Za-z](?:[A-Za-z'’-]*[A-Za-z])?(?![A-Za-zА-Яа-яЁё])/g
  return (rest.match(latin) ?? []).filter(
    (word) =>
      !LATIN_ALLOWED.has(word.toLowerCase()) && !CURRENCY_CODES.has(word)
  )
}

/**
 * Everything `text` (the visible text of the plugin's part of a page) breaks, each finding once. `words`: the
 * same text less its codes and key names (`<code>`, `<kbd>`), read for English; `names`: see `englishWords`.
 */
export function reviewText(
  text: string,
  language: Language,
  { names = [], words = text }: { names?: string[]; words?: string } = {}
): Finding[] {
  const findings: Finding[] = []
  const add = (rule: Finding["rule"], matches: Iterable<string>) => {
    for (const match of new Set(matches)) {
      findings.push({ rule, text: match })
    }
  }
  add("raw id", text.match(RAW_ID) ?? [])
  add("error class", text.match(ERROR_CLASS) ?? [])
  // A web address's digits (a host, a port) are not amounts, nor its path words.
  const withoutAddresses = (s: string) => s.replace(/\bhttps?:\/\/\S+/g, " ")
  add(
    "unformatted amount",
    amountRules(language).flatMap(
      (rule) => withoutAddresses(text).match(rule) ?? []
    )
  )
  if (language === "ru") {
    add("English", englishWords(withoutAddresses(words), names))
  }
  return findings
}

/** One line per finding, with the line of text it is in, for a failure message. */
export function describeFindings(text: string, findings: Finding[]): string {
  const lines = text.split("\n")
  return findings
    .map(({ rule, text: match }) => {
      const line = lines.find((l) => l.includes(match))?.trim() ?? ""
      return `${rule} "${match}" in: ${line.slice(0, 160)}`
    })
    .join("\n  ")
}
