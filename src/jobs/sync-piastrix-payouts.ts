import type { MedusaContainer } from "@medusajs/framework/types"
import { syncPayoutsInFlight } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: payouts in flight are settled through their status, each at most once a minute (lib/payouts). */
export default async function job(container: MedusaContainer): Promise<void> {
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await syncPayoutsInFlight(ctx)
  }
}

export const config = { name: "sync-piastrix-payouts", schedule: "* * * * *" }
