import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { payoutView } from "../../../../../lib/payouts"
import { piastrixModule } from "../../helpers"
import { payoutOr404 } from "../../payout-helpers"

/** A payout, its account masked. */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  res.json({
    payout: payoutView(await payoutOr404(piastrixModule(req), req.params.id)),
  })
}
