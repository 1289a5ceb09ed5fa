import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  createPayout,
  listPayouts,
  withMaskedAccount,
} from "../../../../lib/payouts"
import { payoutsOf, recipientOr404, requireAccountKey } from "../payout-helpers"
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
  const { payouts, count } = await listPayouts(payoutsOf(req).db, q)
  res.json({
    payouts: payouts.map(withMaskedAccount),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}

/**
 * Writes a payout (an amount, or all that is payable) ahead of sending it; the send job sends it, or it
 * waits for approval above the threshold (an option or the admin's setting). Without an account key it could
 * never be sent: 400 naming it.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreatePayoutType>,
  res: MedusaResponse
) => {
  const ctx = payoutsOf(req)
  requireAccountKey(ctx)
  const recipient = await recipientOr404(ctx, req.validatedBody.recipient_id)
  const result = await createPayout(ctx.db, {
    recipient_id: recipient.id,
    amount: req.validatedBody.amount,
    approval_threshold: (await ctx.effectiveOptions()).payouts
      .approvalThreshold,
  })
  if (!result.payout) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, result.reason)
  }
  res.status(201).json({ payout: withMaskedAccount(result.payout) })
}
