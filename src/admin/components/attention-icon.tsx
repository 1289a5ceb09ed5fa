import { CreditCard } from "@medusajs/icons"
import { useTranslation } from "react-i18next"
import { useAttentionCount } from "../lib/api"

/**
 * The Piastrix menu item's icon, and the navigation's count of notifications that need a person: while
 * there are some, the icon's square shows their number in red (Medusa's route config takes an icon
 * component and a fixed label, so the icon is where a count can go).
 */
export const AttentionIcon = () => {
  const { t } = useTranslation("piastrix")
  const { data } = useAttentionCount()
  const count = data?.needs_attention ?? 0
  if (!count) {
    return <CreditCard />
  }
  return (
    <span
      className="bg-ui-tag-red-icon text-ui-fg-on-color flex items-center justify-center"
      style={{
        width: 15,
        height: 15,
        fontSize: 9,
        fontWeight: 600,
        lineHeight: 1,
      }}
      data-testid="piastrix-attention-count"
      title={t("inbox.attentionCount", { count })}
      aria-label={t("inbox.attentionCount", { count })}
    >
      {count > 99 ? "99" : count}
    </span>
  )
}
