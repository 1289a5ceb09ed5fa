import { defineRouteConfig } from "@medusajs/admin-sdk"
import { useState } from "react"
import { crumb } from "../../../components/breadcrumb"
import { CreateButton } from "../../../components/create-modal"
import { NewPayout } from "../../../components/new-payout"
import { PayoutsTable } from "../../../components/payouts-table"

/**
 * Vendor payouts: every payout with its status and, when refused, the reason; approve, cancel and retry
 * where the status allows; *Create* opens a new payout for a recipient (quote, account check, confirm).
 */
const PiastrixPayoutsPage = () => {
  const [creating, setCreating] = useState(false)
  return (
    <div className="flex flex-col gap-y-3">
      <PayoutsTable
        actions={<CreateButton onClick={() => setCreating(true)} />}
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
