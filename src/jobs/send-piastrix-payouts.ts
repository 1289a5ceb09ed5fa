import type { MedusaContainer } from "@medusajs/framework/types"
import { scheduledPayouts } from "../modules/piastrix/payout-context"

/** Payouts: pending payouts are quoted, checked and created at the service (the module's service, over modules/piastrix/repositories/runs.ts). */
export default async function job(container: MedusaContainer): Promise<void> {
  await scheduledPayouts(container)?.sendPendingPayouts()
}

export const config = { name: "send-piastrix-payouts", schedule: "* * * * *" }
