import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { scheduledPayouts } from "../modules/piastrix/payout-context"

/** Payouts: one payout per due recipient, written before anything is sent (the module's service, over modules/piastrix/repositories/runs.ts). */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  await scheduledPayouts(container)?.createDuePayouts()
}

export const config = { name: "create-piastrix-payouts", schedule: "5 * * * *" }
