import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderPayments } from "../../helpers"

/** The order's Piastrix payments in words (the order widget): kind, status, amounts, refunds, notifications. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  res.json({ payments: await orderPayments(req) })
}
