import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { approvePayout } from "../../../../../../lib/payouts"
import { changePayout } from "../../../payout-helpers"

/** Lets a payout above the approval threshold be sent. */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const payout = await changePayout(
    req,
    (ctx, p) => approvePayout(ctx.db, p.id),
    "awaiting_approval payouts can be approved"
  )
  res.json({ payout })
}
