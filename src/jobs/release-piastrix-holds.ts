import type { MedusaContainer } from "@medusajs/framework/types"
import { releaseDueHolds } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: held money whose hold elapsed becomes available (lib/payouts). */
export default async function job(container: MedusaContainer): Promise<void> {
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await releaseDueHolds(ctx.db)
  }
}

export const config = {
  name: "release-piastrix-holds",
  schedule: "*/15 * * * *",
}
