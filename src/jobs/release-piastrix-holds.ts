import type { MedusaContainer } from "@medusajs/framework/types"
import { logJobTick, type JobTick } from "../lib/plugin/job-tick"
import { scheduledPayouts } from "../modules/piastrix/payout-context"
import { accrueLostFulfillments } from "../workflows/piastrix-payouts"

/**
 * Payouts: fulfillments whose accrual event was lost are accrued (the last 7 days), then held money whose
 * hold elapsed becomes available (the module's service).
 */
export default async function job(
  container: MedusaContainer,
  tick?: JobTick
): Promise<void> {
  logJobTick(container, config.name, tick)
  const piastrix = scheduledPayouts(container)
  if (piastrix) {
    await accrueLostFulfillments(container, {
      accrueOn: piastrix.getOptions().payouts.accrueOn,
    })
    await piastrix.releaseDueHolds()
  }
}

export const config = {
  name: "release-piastrix-holds",
  schedule: "*/15 * * * *",
}
