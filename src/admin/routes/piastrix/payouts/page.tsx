import { defineRouteConfig } from "@medusajs/admin-sdk"
import { useTranslation } from "react-i18next"
import { NewPayout } from "../../../components/new-payout"
import { PayoutsTable } from "../../../components/payouts-table"
import { Section } from "../../../components/states"

/**
 * Vendor payouts: a new payout for a recipient (quote, account check, confirm), and every payout with its
 * status and, when refused, the reason; approve, cancel and retry where the status allows.
 */
const PiastrixPayoutsPage = () => {
  const { t } = useTranslation("piastrix")
  return (
    <div className="flex flex-col gap-y-3">
      <Section title={t("payouts.new")}>
        <NewPayout />
      </Section>
      <Section title={t("payouts.title")}>
        <PayoutsTable />
      </Section>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "nav.payouts",
  translationNs: "piastrix",
})

export default PiastrixPayoutsPage
