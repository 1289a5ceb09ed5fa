import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  receiptViewsOf,
  checkInvoice,
  receiptTarget,
} from "../../../../../../lib/plugin"
import { piastrixOf } from "../../../helpers/piastrix-context"
import { loadPiastrixSession } from "../../../helpers/piastrix-session"
import { respondToServiceError } from "../../../helpers/service-error"

/**
 * GET /store/piastrix/sessions/:id/receipt-status
 * The receipts filed for a bank-transfer session and their review states (pending, succeeded,
 * rejected, with support's comment).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const session = await loadPiastrixSession(req, req.params.id, "id", [
    "bank_transfer",
  ])
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const piastrix = piastrixOf(req.scope)
    const { client } = piastrix
    const status = await checkInvoice(piastrix, session.id)
    const target = receiptTarget(status.value)
    // No requisites yet means no receipt could have been filed.
    const receipts = target ? await client.receiptStatus(target) : []
    res.json({
      session_id: session.id,
      receipts: receiptViewsOf(receipts),
    })
  } catch (error) {
    respondToServiceError(
      error,
      res,
      logger,
      `session ${session.id}: receipt status`
    )
  }
}
