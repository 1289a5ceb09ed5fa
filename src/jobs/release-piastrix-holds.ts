import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { releaseDueHolds } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"
import { accrueLostFulfillments } from "../workflows/piastrix-payouts"

/**
 * Payouts: fulfillments whose accrual event was lost are accrued (the last 7 days), then held money whose
 * hold elapsed becomes available (lib/payouts).
 */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await accrueLostFulfillments(container, {
      accrueOn: ctx.options.payouts.accrueOn,
    })
    await releaseDueHolds(ctx.db)
  }
}

export const config = {
  name: "release-piastrix-holds",
  schedule: "*/15 * * * *",
}
