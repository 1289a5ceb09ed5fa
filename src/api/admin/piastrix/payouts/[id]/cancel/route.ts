import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { markReturned } from "../../../../../../lib/payouts"
import { changePayout } from "../../../payout-helpers"
import type { AdminCancelPayoutType } from "../../../payout-validators"

/** Cancels a payout never sent: its amount is available to the recipient again, the reason kept. */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCancelPayoutType>,
  res: MedusaResponse
) => {
  const payout = await changePayout(
    req,
    (ctx, p) =>
      markReturned(ctx.db, p, {
        status: "canceled",
        reason: req.validatedBody.reason,
      }),
    "awaiting_approval and pending payouts can be canceled (a sent one is settled by the service)"
  )
  res.json({ payout })
}
