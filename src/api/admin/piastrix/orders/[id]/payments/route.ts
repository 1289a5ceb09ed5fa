import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { orderVendorShares } from "../../../../../../lib/payouts"
import type { SqlConnection } from "../../../../../../lib/plugin"
import { orderPayments } from "../../helpers"

/**
 * The order's Piastrix payments in words (the order widget): kind, status, amounts, refunds, notifications;
 * and on a marketplace order each vendor's share with its state and payout.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const payments = await orderPayments(req)
  const db = req.scope.resolve<SqlConnection>(
    ContainerRegistrationKeys.PG_CONNECTION
  )
  res.json({ payments, vendors: await orderVendorShares(db, req.params.id) })
}
