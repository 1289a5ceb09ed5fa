import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { syncPayoutsInFlight } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: payouts in flight are settled through their status, each at most once a minute (lib/payouts). */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await syncPayoutsInFlight(ctx)
  }
}

export const config = { name: "sync-piastrix-payouts", schedule: "* * * * *" }
