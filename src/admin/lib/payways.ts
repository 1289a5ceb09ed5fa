import { useCallback } from "react"
import { useTranslation } from "react-i18next"

/**
 * A direction (payway) as a person names it: "Bank card", "Faster Payments (SBP)", in the admin's language,
 * from the payway's stem (`h2h_card_rub` → `h2h_card`). A payway the plugin does not know keeps the
 * service's own name, or its code; the code itself stays where support reads it (Details, settings).
 */
export function usePaywayName() {
  const { t } = useTranslation("piastrix")
  return useCallback(
    (payway: string | null | undefined, serviceName?: string | null) => {
      if (!payway) {
        return serviceName ?? ""
      }
      // The currency's code ends it, by letters (card_rub) or by number (piastrix_transfer_643).
      const stem = payway.replace(/_(?:[a-z]{3}|\d{3})$/, "")
      return t(`payways.${stem}`, { defaultValue: serviceName || payway })
    },
    [t]
  )
}
