import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkInvoice, receiptTarget } from "../../../../../../lib/plugin"
import { piastrixOf } from "../../../helpers/piastrix-context"
import { loadPiastrixSession } from "../../../helpers/piastrix-session"
import { drain, readReceipt } from "../../../helpers/receipt-stream"
import { respondToServiceError } from "../../../helpers/service-error"
import {
  attemptLimits,
  respondTooManyAttempts,
} from "../../../helpers/too-many-attempts"

/**
 * POST /store/piastrix/sessions/:id/receipt (multipart/form-data, field `file`)
 * The payer's transfer receipt for a bank-transfer session. Its type is decided by content and its
 * size counted while it streams in; a wrong or oversized file is refused before anything is sent to
 * the service. Accepted receipts go to the receipt address the service named for this payment, at most
 * `limits.receiptsPerSession` in a window (429 with Retry-After past it).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const session = await loadPiastrixSession(req, req.params.id, "id", [
    "bank_transfer",
  ])
  const limits = attemptLimits(req.scope)
  // A full window is refused before up to 10 MB are read; only the take below decides.
  const early = await limits.peekAttempt("receiptsPerSession", session.id)
  if (!early.allowed) {
    drain(req)
    return respondTooManyAttempts(req.scope, res, "receiptsPerSession", early)
  }
  const read = await readReceipt(req)
  if (!read.ok) {
    res
      .status(read.status)
      .json({ type: "invalid_data", message: read.message })
    return
  }
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const piastrix = piastrixOf(req.scope)
    const { client } = piastrix
    const status = await checkInvoice(piastrix, session.id)
    const target = receiptTarget(status.value)
    if (!target) {
      res.status(409).json({
        type: "not_allowed",
        message:
          "id: the payment has no transfer requisites yet, so no receipt can be filed; try again later",
      })
      return
    }
    // Counted when a receipt is about to reach the service: a refused file or a payment without requisites
    // costs the payer nothing.
    const taken = await limits.takeAttempt("receiptsPerSession", session.id)
    if (!taken.allowed) {
      return respondTooManyAttempts(req.scope, res, "receiptsPerSession", taken)
    }
    // Buffer.concat always returns a buffer over a plain ArrayBuffer.
    await client.receiptUpload({
      ...target,
      file: read.bytes as Uint8Array<ArrayBuffer>,
    })
    logger.info(
      `Piastrix session ${session.id}: receipt (${read.type.mime}, ${read.bytes.length} bytes) filed`
    )
    res.status(202).json({
      session_id: session.id,
      accepted: true,
      type: read.type.mime,
      size: read.bytes.length,
    })
  } catch (error) {
    respondToServiceError(
      error,
      res,
      logger,
      `session ${session.id}: receipt upload`
    )
  }
}
