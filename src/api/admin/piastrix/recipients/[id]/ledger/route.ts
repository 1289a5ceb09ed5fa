import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { listEntries } from "../../../../../../lib/payouts"
import { payoutsOf, recipientOr404 } from "../../../payout-helpers"
import type { AdminLedgerQueryType } from "../../../payout-validators"

/** A recipient's ledger entries, newest first, paged and filterable by date. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminLedgerQueryType>,
  res: MedusaResponse
) => {
  const ctx = payoutsOf(req)
  const recipient = await recipientOr404(ctx, req.params.id)
  const q = req.validatedQuery as AdminLedgerQueryType
  const { entries, count } = await listEntries(ctx.db, {
    ...q,
    recipient_id: recipient.id,
  })
  res.json({ entries, count, limit: q.limit, offset: q.offset })
}
