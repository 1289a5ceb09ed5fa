import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { piastrixModule } from "../../../helpers"
import { orderPayments } from "../../helpers"

/**
 * The order's Piastrix payments in words (the order widget): kind, status, amounts, refunds, notifications;
 * and on a marketplace order each vendor's share with its state and payout.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const payments = await orderPayments(req)
  res.json({
    payments,
    vendors: await piastrixModule(req).orderVendorShares(req.params.id),
  })
}
