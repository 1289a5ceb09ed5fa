import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { crumb } from "../../../components/breadcrumb"
import { NewPayout } from "../../../components/new-payout"
import { PayoutsTable } from "../../../components/payouts-table"

/**
 * Vendor payouts: every payout with its status and, when refused, the reason; approve, cancel and retry
 * where the status allows; *Create* opens a new payout for a recipient (quote, account check, confirm).
 */
const PiastrixPayoutsPage = () => {
  const { t } = useTranslation("piastrix")
  const [creating, setCreating] = useState(false)
  return (
    <div className="flex flex-col gap-y-3">
      <PayoutsTable
        actions={
          <Button
            size="small"
            variant="secondary"
            onClick={() => setCreating(true)}
          >
            {t("common.create")}
          </Button>
        }
      />
      <NewPayout open={creating} onOpenChange={setCreating} />
    </div>
  )
}

export const config = defineRouteConfig({
  label: "nav.payouts",
  translationNs: "piastrix",
})

export const handle = crumb("nav.payouts")

export default PiastrixPayoutsPage
