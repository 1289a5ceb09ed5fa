import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { scheduledPayouts } from "../modules/piastrix/payout-context"

/** Payouts: pending payouts are quoted, checked and created at the service (the module's service, over modules/piastrix/repositories/runs.ts). */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  await scheduledPayouts(container)?.sendPendingPayouts()
}

export const config = { name: "send-piastrix-payouts", schedule: "* * * * *" }
