import { usePrompt } from "@medusajs/ui"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"

/**
 * Medusa's confirmation before money moves (`usePrompt`, as the dashboard's order payment section asks
 * before a capture): a title, what will happen with its amount, and the button that does it. Resolves true
 * when the person confirmed.
 */
export function useConfirm() {
  const prompt = usePrompt()
  const { t } = useTranslation("piastrix")
  return useCallback(
    ({
      title,
      description,
      confirmText,
      danger = false,
    }: {
      title: string
      description: string
      confirmText: string
      danger?: boolean
    }) =>
      prompt({
        title,
        description,
        confirmText,
        cancelText: t("common.cancel"),
        variant: danger ? "danger" : "confirmation",
      }),
    [prompt, t]
  )
}
