import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { payoutView } from "../../../../lib/payouts"
import { createPiastrixPayoutWorkflow } from "../../../../workflows/piastrix-payouts"
import { piastrixModule } from "../helpers"
import type {
  AdminCreatePayoutType,
  AdminPayoutsQueryType,
} from "../payout-validators"

/** Payouts, newest first, by recipient and status; accounts masked. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminPayoutsQueryType>,
  res: MedusaResponse
) => {
  const q = req.validatedQuery as AdminPayoutsQueryType
  const { payouts, count } = await piastrixModule(req).listPayouts(q)
  res.json({
    payouts: payouts.map(payoutView),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}

/**
 * Writes a payout (an amount, or all that is payable) ahead of sending it (`createPiastrixPayoutWorkflow`);
 * the send job sends it, or it waits for approval above the threshold (an option or the admin's setting).
 * Without an account key it could never be sent: 400 naming it.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreatePayoutType>,
  res: MedusaResponse
) => {
  const { result: payout } = await createPiastrixPayoutWorkflow(req.scope).run({
    input: {
      recipient_id: req.validatedBody.recipient_id,
      amount: req.validatedBody.amount,
    },
  })
  res.status(201).json({ payout })
}
