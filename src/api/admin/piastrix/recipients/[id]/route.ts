import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { recipientView } from "../../../../../lib/payouts"
import { updatePiastrixRecipientWorkflow } from "../../../../../workflows/piastrix-payouts"
import { piastrixModule } from "../../helpers"
import { recipientOr404 } from "../../payout-helpers"
import type { AdminUpdateRecipientType } from "../../payout-validators"

/** A recipient (account masked) with its currency's code and its balance per ledger account (sums of the entries). */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const piastrix = piastrixModule(req)
  const recipient = await recipientOr404(piastrix, req.params.id)
  res.json({
    recipient: recipientView(recipient),
    currency_code: piastrix.getClient().currencies.codeOf(recipient.currency),
    balances: await piastrix.recipientBalances(
      recipient.id,
      recipient.currency
    ),
  })
}

/**
 * Changes a recipient, or suspends it with `state: "suspended"` (`updatePiastrixRecipientWorkflow`); a changed
 * withdraw account is checked again.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminUpdateRecipientType>,
  res: MedusaResponse
) => {
  const { result: recipient } = await updatePiastrixRecipientWorkflow(
    req.scope
  ).run({ input: { id: req.params.id, changes: req.validatedBody } })
  res.json({ recipient })
}
