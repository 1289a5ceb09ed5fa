import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { approvePiastrixPayoutWorkflow } from "../../../../../../workflows/piastrix-payouts"

/** Lets a payout above the approval threshold be sent (`approvePiastrixPayoutWorkflow`). */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const { result: payout } = await approvePiastrixPayoutWorkflow(req.scope).run(
    { input: { id: req.params.id } }
  )
  res.json({ payout })
}
