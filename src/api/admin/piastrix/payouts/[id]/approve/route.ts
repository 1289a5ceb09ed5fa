import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { approvePayout } from "../../../../../../lib/payouts"
import { payoutOr404, payoutsOf } from "../../../helpers/payouts-context"

/** Lets a payout above the approval threshold be sent. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const ctx = payoutsOf(req)
  const payout = await payoutOr404(ctx, req.params.id)
  const approved = await approvePayout(ctx.db, payout.id)
  if (!approved) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `id: the payout is ${payout.status}; only awaiting_approval ones can be approved`)
  }
  res.json({ payout: approved })
}
