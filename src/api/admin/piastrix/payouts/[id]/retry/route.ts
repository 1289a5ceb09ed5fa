import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { retryPayout } from "../../../../../../lib/payouts"
import { changePayout } from "../../../payout-helpers"

/**
 * Puts a payout that needed attention back in flight: the sync job reads its status by the same
 * `shop_payment_id` and creates it again only when the service never made it, so it cannot be paid twice.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const payout = await changePayout(
    req,
    (ctx, p) => retryPayout(ctx.db, p.id),
    "needs_attention payouts can be retried"
  )
  res.json({ payout })
}
