"use client"
import { useMemo } from "react"
import {
  resolveTexts,
  type PiastrixLocale,
  type PiastrixTexts,
  type TextOverrides,
} from "./texts"

/** Props every component takes: the language and any texts to change. */
export type TextProps = { locale?: PiastrixLocale; texts?: TextOverrides }

export function useTexts({ locale, texts }: TextProps): PiastrixTexts {
  return useMemo(() => resolveTexts(locale, texts), [locale, texts])
}

/** An error announced to screen readers as it appears; the store's own words follow the sentence. */
export function ErrorText({
  text,
  detail,
}: {
  text: string
  detail?: string | null
}) {
  return (
    <p role="alert" className="piastrix-error">
      {detail ? `${text} ${detail}` : text}
    </p>
  )
}

/** The message of a failed call, when it carries one (js-sdk's FetchError does). */
export function detailOf(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" && message ? message : null
}
