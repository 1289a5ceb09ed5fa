import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { sendPendingPayouts } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: pending payouts are quoted, checked and created at the service (lib/payouts). */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await sendPendingPayouts(ctx)
  }
}

export const config = { name: "send-piastrix-payouts", schedule: "* * * * *" }
