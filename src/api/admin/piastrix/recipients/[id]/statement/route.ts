import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { statementFileName } from "../../../../../../modules/piastrix/repositories/statement"
import { piastrixModule } from "../../../helpers"
import { orderRefsOf, recipientOr404 } from "../../../payout-helpers"
import type { AdminStatementQueryType } from "../../../payout-validators"

/**
 * A recipient's statement for a period as a CSV download (modules/piastrix/repositories/statement.ts), in the reader's time
 * zone and language (`tz`, `lang`), named after the recipient and the period.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminStatementQueryType>,
  res: MedusaResponse
) => {
  const piastrix = piastrixModule(req)
  const recipient = await recipientOr404(piastrix, req.params.id)
  const { tz, lang, ...range } = req.validatedQuery as AdminStatementQueryType
  const csv = await piastrix.recipientStatement(recipient, range, {
    language: lang,
    timeZone: tz,
    orderNumbers: async (ids) =>
      new Map(
        [...(await orderRefsOf(req, ids)).values()].map((o) => [
          o.id,
          o.display_id,
        ])
      ),
  })
  const file = statementFileName(recipient.name, range)
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${file.ascii}"; filename*=UTF-8''${encodeURIComponent(file.utf8)}`
  )
  res.send(csv)
}
