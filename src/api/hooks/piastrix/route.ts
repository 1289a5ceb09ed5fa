import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import type { CallbackFailure, CallbackInput } from "../../../lib/piastrix"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"
import type PiastrixModuleService from "../../../modules/piastrix/service"
import type { NotificationRow } from "../../../modules/piastrix/types"
import { runNotificationProcessing } from "../../../workflows/piastrix-notification/run-notification-processing"

/** A resend of a row still unprocessed after this long means its first processing was lost. */
const STALE_AFTER_MS = 30_000

/** Short, safe reasons: they name the problem, never echo a value. */
function describeFailure(failure: CallbackFailure): string {
  switch (failure.reason) {
    case "malformed_body":
      return `malformed notification: ${failure.detail}`
    case "missing_sign":
      return "the notification is not signed"
    case "bad_signature":
      return "bad signature"
    case "missing_field":
      return `missing field ${failure.field}`
    case "wrong_shop":
      return "the notification is for another shop"
    case "invalid_field":
      return `invalid field ${failure.field}: ${failure.detail}`
  }
}

function callbackInput(req: MedusaRequest): CallbackInput {
  const raw = (req as MedusaRequest & { rawBody?: Buffer }).rawBody
  if (raw !== undefined) {
    // The exact bytes: a JSON number 1.00 must be verified as "1.00", not as the parsed 1.
    return { body: raw, contentType: req.headers["content-type"] ?? null }
  }
  return { fields: (req.body ?? {}) as Record<string, unknown> }
}

function needsProcessing(row: NotificationRow, duplicate: boolean): boolean {
  if (!duplicate) {
    return true
  }
  if (row.state !== "received" && row.state !== "failed") {
    return false
  }
  // The first delivery is probably still being processed; a resend long after means it was lost.
  return Date.now() - new Date(row.updated_at).getTime() > STALE_AFTER_MS
}

/**
 * Notifications (callbacks) of the service. The signature is the gate: a bad one gets 400 and
 * nothing is recorded. A valid notification is recorded in the inbox once, answered `OK` only after
 * the row is committed (anything else makes the service resend), then processed without making the
 * service wait. A row whose processing is lost (a crash) stays `received`; the reconcile job
 * processes it.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)

  if (!piastrix.isAllowedSender(req.socket?.remoteAddress, req.headers)) {
    logger.warn(`Piastrix callback refused: sender ${req.socket?.remoteAddress ?? "unknown"} is not allowed`)
    res.status(403).json({ type: "not_allowed", message: "sender not allowed" })
    return
  }

  const verification = piastrix.verifyCallback(callbackInput(req))
  if (!verification.ok) {
    const message = describeFailure(verification)
    logger.warn(`Piastrix callback refused: ${message}`)
    res.status(400).json({ type: "invalid_data", message })
    return
  }

  const { notification } = verification
  const { row, duplicate } = await piastrix.recordNotification(notification)
  res.status(200).type("text/plain").send("OK")

  logger.info(
    `Piastrix notification ${row.id} for ${notification.shop_order_id} (${notification.status})` +
      (duplicate ? `: resent, already ${row.state}` : ": recorded")
  )
  if (needsProcessing(row, duplicate)) {
    const container = req.scope
    setImmediate(() => {
      void runNotificationProcessing(container, row.id)
    })
  }
}
