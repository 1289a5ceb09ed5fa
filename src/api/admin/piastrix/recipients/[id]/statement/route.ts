import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { recipientStatement } from "../../../../../../lib/payouts"
import { payoutsOf, recipientOr404 } from "../../../payout-helpers"
import type { AdminStatementQueryType } from "../../../payout-validators"

/** A recipient's statement for a period as a CSV download (lib/payouts/statement.ts). */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminStatementQueryType>,
  res: MedusaResponse
) => {
  const ctx = payoutsOf(req)
  const recipient = await recipientOr404(ctx, req.params.id)
  const range = req.validatedQuery as AdminStatementQueryType
  const csv = await recipientStatement(ctx.db, recipient, range)
  const day = (iso?: string) => (iso ? iso.slice(0, 10) : null)
  const period = [day(range.created_after), day(range.created_before)]
    .map((d) => d ?? "all")
    .join("_")
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="piastrix-statement-${recipient.id}-${period}.csv"`
  )
  res.send(csv)
}
