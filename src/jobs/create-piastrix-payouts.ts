import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { createDuePayouts } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: one payout per due recipient, written before anything is sent (lib/payouts). */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await createDuePayouts(ctx)
  }
}

export const config = { name: "create-piastrix-payouts", schedule: "5 * * * *" }
