import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { adjustPiastrixBalanceWorkflow } from "../../../../../../workflows/piastrix-payouts"
import type { AdminCreateAdjustmentType } from "../../../payout-validators"

/**
 * Corrects a recipient's available balance with a reason (`adjustPiastrixBalanceWorkflow`); a retried
 * request with its key posts once, answered 200 instead of 201.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreateAdjustmentType>,
  res: MedusaResponse
) => {
  const { result: posted } = await adjustPiastrixBalanceWorkflow(req.scope).run(
    { input: { recipient_id: req.params.id, ...req.validatedBody } }
  )
  res
    .status(posted.created ? 201 : 200)
    .json({ transaction_id: posted.transaction_id, entries: posted.entries })
}
