import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { requisitesOf, checkInvoice } from "../../../../../../lib/plugin"
import { piastrixOf } from "../../../helpers/piastrix-context"
import { loadPiastrixSession } from "../../../helpers/piastrix-session"
import { respondToServiceError } from "../../../helpers/service-error"

/**
 * GET /store/piastrix/sessions/:id/requisites
 * Where the payer of a bank-transfer session sends the money. The service assigns requisites a
 * little after the payment is created, so the storefront polls this; the status call goes through
 * the shared polling guard, so polling faster than every 10 s gets the last answer (`reused`).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const session = await loadPiastrixSession(req, req.params.id, "id", [
    "bank_transfer",
  ])
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const piastrix = piastrixOf(req.scope)
    const status = await checkInvoice(piastrix, session.id)
    const requisites = requisitesOf(status.value.ps_data)
    res.json({
      session_id: session.id,
      ready: requisites !== null,
      requisites,
      service_status: status.value.status,
      reused: status.reused,
      checked_at: new Date(status.fetchedAt).toISOString(),
      next_check_at: new Date(status.nextAllowedAt).toISOString(),
    })
  } catch (error) {
    respondToServiceError(
      error,
      res,
      logger,
      `session ${session.id}: requisites`
    )
  }
}
