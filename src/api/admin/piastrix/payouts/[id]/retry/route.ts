import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { retryPiastrixPayoutWorkflow } from "../../../../../../workflows/piastrix-payouts"

/**
 * Puts a payout that needed attention back in flight (`retryPiastrixPayoutWorkflow`): the sync job reads
 * its status by the same `shop_payment_id` and creates it again only when the service never made it, so
 * it cannot be paid twice.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const { result: payout } = await retryPiastrixPayoutWorkflow(req.scope).run({
    input: { id: req.params.id },
  })
  res.json({ payout })
}
