/** A Medusa amount (a number in the currency's unit) as the payer reads it, in their locale. */
export function formatAmount(
  amount: number | string | null | undefined,
  currencyCode: string,
  numberLocale: string
) {
  return new Intl.NumberFormat(numberLocale, {
    style: "currency",
    currency: currencyCode,
  }).format(Number(amount ?? 0))
}

/** A country by its ISO code, named in the payer's language (Medusa's names are English). */
export function countryName(iso2: string, numberLocale: string) {
  return (
    new Intl.DisplayNames([numberLocale], { type: "region" }).of(
      iso2.toUpperCase()
    ) ?? iso2.toUpperCase()
  )
}

/** A currency by its code, named in the payer's language (a region's name is the store's, in English). */
export function currencyName(code: string, numberLocale: string) {
  return (
    new Intl.DisplayNames([numberLocale], { type: "currency" }).of(
      code.toUpperCase()
    ) ?? code.toUpperCase()
  )
}
