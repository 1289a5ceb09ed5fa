import "server-only"
import type { PiastrixLocale } from "medusa-payment-piastrix/storefront/react"
import { headers } from "next/headers"
import { storeTexts, type StoreTexts } from "./texts"

/**
 * The payer's language: the first one their browser asks for, when the kit speaks it (English and
 * Russian), else English. The kit's components and the example's own pages (src/lib/texts.ts) both speak it.
 */
export async function payerLocale(): Promise<PiastrixLocale> {
  const first = ((await headers()).get("accept-language") ?? "")
    .split(",")[0]
    .trim()
    .toLowerCase()
  return first.startsWith("ru") ? "ru" : "en"
}

/** The payer's language with the example's words in it. */
export async function payerTexts(): Promise<{
  locale: PiastrixLocale
  t: StoreTexts
}> {
  const locale = await payerLocale()
  return { locale, t: storeTexts[locale] }
}
