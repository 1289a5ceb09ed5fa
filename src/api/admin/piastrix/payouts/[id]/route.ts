import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { payoutView } from "../../../../../lib/payouts"
import { payoutOr404, payoutsOf } from "../../payout-helpers"

/** A payout, its account masked. */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  res.json({
    payout: payoutView(await payoutOr404(payoutsOf(req), req.params.id)),
  })
}
