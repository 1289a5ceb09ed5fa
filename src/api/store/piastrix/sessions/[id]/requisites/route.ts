import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { InvoicePsData } from "../../../../../../lib/piastrix"
import { checkInvoice } from "../../../helpers/payment-status"
import { piastrixOf } from "../../../helpers/piastrix-context"
import { loadPiastrixSession } from "../../../helpers/piastrix-session"
import { respondToServiceError } from "../../../helpers/service-error"

/** What the payer needs to make the transfer; the receipt API addresses stay on the server. */
const SHOWN = [
  "method",
  "amount",
  "suggested_amount",
  "currency",
  "card",
  "card_holder_name",
  "phone",
  "bank",
  "qr_data",
  "qr_caption",
  "url",
  "expired",
  "receipt_web",
] as const

type Requisites = Partial<Record<(typeof SHOWN)[number], string | null>>

function requisitesOf(
  psData: InvoicePsData | null | undefined
): Requisites | null {
  if (!psData || typeof psData !== "object") {
    return null
  }
  const shown: Requisites = {}
  for (const key of SHOWN) {
    const value = psData[key]
    shown[key] =
      value === undefined || value === null || value === ""
        ? null
        : String(value)
  }
  // Assigned once the service names where to send the money.
  const assigned =
    shown.card || shown.phone || shown.qr_data || shown.url || shown.bank
  return assigned ? shown : null
}

/**
 * GET /store/piastrix/sessions/:id/requisites
 * Where the payer of a bank-transfer session sends the money. The service assigns requisites a
 * little after the payment is created, so the storefront polls this; the status call goes through
 * the shared polling guard, so polling faster than every 10 s gets the last answer (`reused`).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const session = await loadPiastrixSession(req.scope, req.params.id, "id", [
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
      `requisites of session ${session.id}`
    )
  }
}
