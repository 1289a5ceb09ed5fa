import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { messageContext } from "../../../../../../lib/payouts"
import { defaultCurrencyTable } from "../../../../../../lib/piastrix"
import { plainMessage } from "../../../../../../lib/plugin/messages"
import { piastrixModule } from "../../../helpers"
import { orderRefsOf, recipientOr404 } from "../../../payout-helpers"
import type { AdminLedgerQueryType } from "../../../payout-validators"

/**
 * A recipient's ledger entries, newest first, paged and filterable by date; an entry of an order (and a
 * hold's release, through the accrual it moves) carries the order as the admin names it
 * (`order: { id, display_id }`), an entry of a payout the payout's amount and date (`payout`), and its
 * reason's code for the admin to word (`reason_message`).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminLedgerQueryType>,
  res: MedusaResponse
) => {
  const piastrix = piastrixModule(req)
  const recipient = await recipientOr404(piastrix, req.params.id)
  const q = req.validatedQuery as AdminLedgerQueryType
  const { entries, count } = await piastrix.listLedgerEntries({
    ...q,
    recipient_id: recipient.id,
  })
  const orders = await orderRefsOf(
    req,
    entries.map((e) => e.for_order_id)
  )
  const context = messageContext(
    defaultCurrencyTable.codeOf(recipient.currency)
  )
  res.json({
    entries: entries.map(
      ({
        for_order_id,
        reason_code,
        payout_amount,
        payout_created_at,
        ...e
      }) => ({
        ...e,
        order: (for_order_id && orders.get(for_order_id)) || null,
        payout:
          e.payout_id && payout_amount !== null && payout_created_at !== null
            ? {
                id: e.payout_id,
                amount: payout_amount,
                created_at: payout_created_at,
              }
            : null,
        reason_message: plainMessage(e.reason, context, reason_code),
      })
    ),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}
