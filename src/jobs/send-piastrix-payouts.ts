import type { MedusaContainer } from "@medusajs/framework/types"
import { sendPendingPayouts } from "../lib/payouts"
import { scheduledPayoutContext } from "../modules/piastrix/payout-context"

/** Payouts: pending payouts are quoted, checked and created at the service (lib/payouts). */
export default async function job(container: MedusaContainer): Promise<void> {
  const ctx = scheduledPayoutContext(container)
  if (ctx) {
    await sendPendingPayouts(ctx)
  }
}

export const config = { name: "send-piastrix-payouts", schedule: "* * * * *" }
