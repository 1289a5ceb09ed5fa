/** A Medusa amount (a number in the currency's unit) as the payer reads it. */
export function formatAmount(
  amount: number | string | null | undefined,
  currencyCode: string
) {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currencyCode,
  }).format(Number(amount ?? 0))
}
