import type { MedusaContainer } from "@medusajs/framework/types"
import { createDuePayouts } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: one payout per due recipient, written before anything is sent (lib/payouts). */
export default async function job(container: MedusaContainer): Promise<void> {
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await createDuePayouts(ctx)
  }
}

export const config = { name: "create-piastrix-payouts", schedule: "5 * * * *" }
