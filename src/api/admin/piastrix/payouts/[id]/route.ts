import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { withMaskedAccount } from "../../../../../lib/payouts"
import { payoutOr404, payoutsOf } from "../../payout-helpers"

/** A payout, its account masked. */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  res.json({
    payout: withMaskedAccount(await payoutOr404(payoutsOf(req), req.params.id)),
  })
}
