import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { cancelPayout } from "../../../../../../lib/payouts"
import { payoutOr404, payoutsOf } from "../../../helpers/payouts-context"
import type { AdminCancelPayoutType } from "../../../validators"

/** Cancels a payout never sent: its amount is available to the recipient again, the reason kept. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminCancelPayoutType>, res: MedusaResponse) => {
  const ctx = payoutsOf(req)
  const payout = await payoutOr404(ctx, req.params.id)
  const canceled = await cancelPayout(ctx.db, payout.id, req.validatedBody.reason)
  if (!canceled) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `id: the payout is ${payout.status}; only awaiting_approval and pending payouts can be canceled (a sent one is settled by the service)`
    )
  }
  res.json({ payout: canceled })
}
