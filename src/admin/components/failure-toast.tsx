import { Text, toast } from "@medusajs/ui"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import { messageOf } from "../lib/api"
import { failureOf } from "../lib/failure"
import type { MessageContext } from "../../lib/plugin/messages"
import { Details } from "./details"
import { useMessageWords } from "./server-message"

/** Why an action or a read failed, in the reader's words (`failureOf`). */
export function useFailureReason() {
  const { t } = useTranslation("piastrix")
  const words = useMessageWords()
  return useCallback(
    (error: unknown, context: MessageContext = {}): string => {
      const failure = failureOf(error, context)
      return "message" in failure
        ? words(failure.message)
        : t(`failures.${failure.key}`)
    },
    [t, words]
  )
}

/**
 * A red toast for an action that did not go through: what failed as its title (`title`, in the reader's
 * language), why in a plain sentence, and the server's own message folded under Details for support.
 */
export function useFailureToast() {
  const reason = useFailureReason()
  return useCallback(
    (title: string, context?: MessageContext) => (error: unknown) => {
      toast.error(title, {
        description: (
          <div data-testid="piastrix-failure">
            <Text size="small">{reason(error, context)}</Text>
            <Details lines={[messageOf(error)]} />
          </div>
        ),
      })
    },
    [reason]
  )
}
