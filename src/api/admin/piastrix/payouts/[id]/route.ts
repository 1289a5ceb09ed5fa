import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { payoutOr404, payoutsOf } from "../../payout-helpers"

export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  res.json({ payout: await payoutOr404(payoutsOf(req), req.params.id) })
}
