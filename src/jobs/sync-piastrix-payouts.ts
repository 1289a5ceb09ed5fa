import type { MedusaContainer } from "@medusajs/framework/types"
import { syncAllDuePayouts } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: payouts in flight are settled through their status, each at most once a minute, every due one in batches (lib/payouts). */
export default async function job(container: MedusaContainer): Promise<void> {
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await syncAllDuePayouts(ctx)
  }
}

export const config = { name: "sync-piastrix-payouts", schedule: "* * * * *" }
