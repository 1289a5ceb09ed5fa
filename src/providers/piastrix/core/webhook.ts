import { BigNumber, MedusaError } from "@medusajs/framework/utils"
import type { ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import type { CallbackInput, CallbackVerifier } from "../../../lib/piastrix"
import type { ProviderContext } from "./context"

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = headers?.[name] ?? headers?.[name.toLowerCase()]
  return Array.isArray(value) ? String(value[0]) : typeof value === "string" ? value : undefined
}

function callbackInputOf(payload: ProviderWebhookPayload["payload"]): CallbackInput {
  const raw = payload.rawData as unknown
  if (raw !== undefined && raw !== null && (typeof raw === "string" || raw instanceof Uint8Array)) {
    return { body: raw, contentType: headerValue(payload.headers as Record<string, unknown>, "content-type") }
  }
  return { fields: (payload.data ?? {}) as Record<string, unknown> }
}

/**
 * For Medusa's own route `/hooks/payment/<id>`: a verified success becomes `captured` (Medusa then
 * runs `authorizePayment`, which asks the service and checks the amount), a rejection `failed`
 * (which core ignores: our own `/hooks/piastrix` route handles rejections). A notification that does
 * not verify throws, so core acts on nothing.
 */
export function piastrixWebhookAction(
  ctx: ProviderContext,
  verify: CallbackVerifier,
  payload: ProviderWebhookPayload["payload"]
): WebhookActionResult {
  const verification = verify(callbackInputOf(payload))
  if (!verification.ok) {
    ctx.logger.warn(`Piastrix: refused a notification on the payment webhook route: ${verification.reason}`)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Piastrix notification refused: ${verification.reason}`
    )
  }
  const n = verification.notification
  const data = { session_id: n.shop_order_id, amount: new BigNumber(n.shop_amount) }
  switch (n.outcome) {
    case "success":
      ctx.logger.info(`Piastrix: session ${n.shop_order_id}: success notification on the payment webhook route`)
      return { action: "captured", data }
    case "rejected":
      ctx.logger.info(`Piastrix: session ${n.shop_order_id}: rejection notification on the payment webhook route`)
      return { action: "failed", data }
    default:
      return { action: "not_supported" }
  }
}
