import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { adjustBalance, LedgerError } from "../../../../../../lib/payouts"
import { payoutsOf, recipientOr404 } from "../../../payout-helpers"
import type { AdminCreateAdjustmentType } from "../../../payout-validators"

/** Corrects a recipient's available balance with a reason; a retried request with its key posts once. */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreateAdjustmentType>,
  res: MedusaResponse
) => {
  const ctx = payoutsOf(req)
  const recipient = await recipientOr404(ctx, req.params.id)
  const { amount, reason, idempotency_key } = req.validatedBody
  try {
    const posted = await adjustBalance(ctx.db, {
      key: `adjustment:${recipient.id}:${idempotency_key}`,
      recipient_id: recipient.id,
      amount,
      reason,
    })
    res
      .status(posted.created ? 201 : 200)
      .json({ transaction_id: posted.transaction_id, entries: posted.entries })
  } catch (error) {
    if (error instanceof LedgerError) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
    }
    throw error
  }
}
