import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { scheduledPayouts } from "../modules/piastrix/payout-context"

/** Payouts: payouts in flight are settled through their status, each at most once a minute, every due one in batches (the module's service, over modules/piastrix/repositories/runs.ts). */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  await scheduledPayouts(container)?.syncAllDuePayouts()
}

export const config = { name: "sync-piastrix-payouts", schedule: "* * * * *" }
