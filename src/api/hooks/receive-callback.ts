import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import {
  DEFAULT_MAX_CALLBACK_BYTES,
  type CallbackFailure,
  type CallbackInput,
} from "../../lib/piastrix"
import { describeError } from "../../lib/plugin"
import { announceNotification } from "../../modules/piastrix/repositories/inbox"
import { PIASTRIX_MODULE } from "../../modules/piastrix"
import { processingDrain } from "../../workflows/piastrix-notification/utils/processing-drain"
import type PiastrixModuleService from "../../modules/piastrix/service"

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

type RawRequest = MedusaRequest & { rawBody?: Buffer; _body?: boolean }

/**
 * The exact bytes the service signed (a JSON number 1.00 must be verified as "1.00", not as the parsed
 * 1). Medusa's body parsers keep them for a JSON or form body; a body without a Content-Type passes
 * every parser unread, so it is read here, up to the verifier's limit (one byte more tells it is over).
 */
async function callbackInput(req: RawRequest): Promise<CallbackInput> {
  const contentType = req.headers["content-type"] ?? null
  if (req.rawBody !== undefined) {
    return { body: req.rawBody, contentType }
  }
  if (!req._body && req.readable) {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
      chunks.push(bytes)
      size += bytes.length
      if (size > DEFAULT_MAX_CALLBACK_BYTES) {
        break
      }
    }
    return { body: Buffer.concat(chunks), contentType }
  }
  return { fields: (req.body ?? {}) as Record<string, unknown> }
}

/**
 * Notifications (callbacks) of the service. The signature is the gate: a bad one gets 400 and
 * nothing is recorded. A valid notification is recorded in the inbox once, answered `OK` only after
 * the row is committed (anything else makes the service resend), and announced on the event bus;
 * the subscriber processes it wherever Medusa runs subscribers (the worker, in server/worker mode).
 * A resend of a row that still needs work is announced again: the row's claim keeps processing to
 * one instance at a time. A row whose event is lost stays `received`; the reconcile job processes it.
 *
 * It answers `/hooks/piastrix` and, for the plugin's providers, Medusa's own `/hooks/payment/<id>`
 * (payment-route-guard.ts), so both addresses verify, record and answer alike.
 */
export async function receivePiastrixCallback(
  req: MedusaRequest,
  res: MedusaResponse
) {
  // Processing in this process waits while callbacks come (processing-drain.ts).
  processingDrain.noteCallback(res)
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)

  if (!piastrix.isAllowedSender(req.socket?.remoteAddress, req.headers)) {
    logger.warn(
      `Piastrix callback: refused, sender ${req.socket?.remoteAddress ?? "unknown"} is not allowed`
    )
    res.status(403).json({ type: "not_allowed", message: "sender not allowed" })
    return
  }

  const verification = piastrix.verifyCallback(await callbackInput(req))
  if (!verification.ok) {
    const message = describeFailure(verification)
    logger.warn(`Piastrix callback: refused: ${message}`)
    res.status(400).json({ type: "invalid_data", message })
    return
  }

  const { notification } = verification
  const { row, duplicate, conflict } =
    await piastrix.recordNotification(notification)
  res.status(200).type("text/plain").send("OK")

  const line = `Piastrix notification ${row.id} for ${notification.shop_order_id} (${notification.status})`
  if (conflict) {
    logger.warn(
      `${line}: resent with different fields; the first delivery stands`
    )
  } else {
    logger.info(
      duplicate ? `${line}: resent, already ${row.state}` : `${line}: recorded`
    )
  }
  try {
    await announceNotification(req.scope.resolve(Modules.EVENT_BUS), row)
  } catch (error) {
    // The row is committed and answered: the reconcile job processes a row whose event was lost.
    logger.warn(
      `${line}: not announced (${describeError(error)}); the reconcile job will process it`
    )
  }
}
