import "server-only"
import type { PiastrixLocale } from "medusa-payment-piastrix/storefront/react"
import { headers } from "next/headers"

/**
 * The language of the kit's components: the first one the payer's browser asks for, when the kit speaks it
 * (English and Russian), else English. The example's own pages stay English: a store translates its own.
 */
export async function payerLocale(): Promise<PiastrixLocale> {
  const first = ((await headers()).get("accept-language") ?? "")
    .split(",")[0]
    .trim()
    .toLowerCase()
  return first.startsWith("ru") ? "ru" : "en"
}
