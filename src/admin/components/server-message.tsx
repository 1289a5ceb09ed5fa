import { Text } from "@medusajs/ui"
import { useCallback, useState } from "react"
import { useTranslation } from "react-i18next"
import type { PlainMessage } from "../lib/api"
import { useAmounts } from "../lib/amounts"
import { Details } from "./details"

/**
 * A server's reason or note in the reader's words: its code (`messages.<code>` in the admin's texts) with
 * its params, amounts formatted with their currency, a nested reason worded too. The raw text is for
 * support only (`ServerMessage` folds it into Details).
 */
export function useMessageWords() {
  const { t } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const words = useCallback(
    (message: PlainMessage): string =>
      t(
        `messages.${message.code}`,
        Object.fromEntries(
          Object.entries(message.params).map(([name, value]) => [
            name,
            typeof value === "string"
              ? value
              : "code" in value
                ? words(value)
                : amount(value.amount, value.currency),
          ])
        )
      ),
    [t, amount]
  )
  return words
}

/** A server's reason: the plain sentence, and the raw text it came from folded in Details. */
export const ServerMessage = ({
  message,
  raw,
  className,
}: {
  message: PlainMessage | null
  raw: string | null
  className?: string
}) => {
  const words = useMessageWords()
  if (!message || !raw) {
    return null
  }
  return (
    <div className={className}>
      <Text size="xsmall">{words(message)}</Text>
      <Details lines={[raw]} />
    </div>
  )
}

/**
 * A table row's reason as Medusa's lists show text: each sentence on one line, cut with "…" (the whole sentence
 * on hover), and the row's `details` for support; opening them shows the sentences whole. The cell takes the
 * width its column is given (at least 12rem) and never widens the table.
 */
export const RowReason = ({
  sentences,
  details,
}: {
  sentences: (string | null | undefined)[]
  details: (string | null | undefined)[]
}) => {
  const [open, setOpen] = useState(false)
  return (
    <div className="min-w-[12rem]">
      <div className="w-0 min-w-full">
        {sentences
          .filter((s): s is string => Boolean(s))
          .map((sentence) => (
            <Text
              key={sentence}
              size="small"
              leading="compact"
              title={sentence}
              className={open ? "whitespace-normal break-words" : "truncate"}
            >
              {sentence}
            </Text>
          ))}
        <Details lines={details} onToggle={setOpen} />
      </div>
    </div>
  )
}
