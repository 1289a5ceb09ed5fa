import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { cancelPiastrixPayoutWorkflow } from "../../../../../../workflows/piastrix-payouts"
import type { AdminCancelPayoutType } from "../../../payout-validators"

/**
 * Cancels a payout never sent: its amount is available to the recipient again, the reason kept
 * (`cancelPiastrixPayoutWorkflow`).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCancelPayoutType>,
  res: MedusaResponse
) => {
  const { result: payout } = await cancelPiastrixPayoutWorkflow(req.scope).run({
    input: { id: req.params.id, reason: req.validatedBody.reason },
  })
  res.json({ payout })
}
