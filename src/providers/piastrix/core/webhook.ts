import { BigNumber } from "@medusajs/framework/utils"
import type {
  ProviderWebhookPayload,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type { CallbackInput, CallbackVerifier } from "../../../lib/piastrix"
import { describeError } from "../../../lib/plugin"
import {
  recordNotification,
  type RecordedNotification,
} from "../../../modules/piastrix/repositories/inbox"
import type { ProviderContext } from "./context"

function headerValue(
  headers: Record<string, unknown> | undefined,
  name: string
): string | undefined {
  const value = headers?.[name] ?? headers?.[name.toLowerCase()]
  return Array.isArray(value)
    ? String(value[0])
    : typeof value === "string"
      ? value
      : undefined
}

function callbackInputOf(
  payload: ProviderWebhookPayload["payload"]
): CallbackInput {
  const raw = payload.rawData as unknown
  if (
    raw !== undefined &&
    raw !== null &&
    (typeof raw === "string" || raw instanceof Uint8Array)
  ) {
    return {
      body: raw,
      contentType: headerValue(
        payload.headers as Record<string, unknown>,
        "content-type"
      ),
    }
  }
  return { fields: (payload.data ?? {}) as Record<string, unknown> }
}

/** Where a verified notification goes: the inbox, and the event its subscriber processes. */
export type NotificationSink = (
  notification: Parameters<typeof recordNotification>[1]
) => Promise<RecordedNotification>

/**
 * For Medusa's own route `/hooks/payment/<id>`. The plugin's middleware (api/hooks/payment-route-guard.ts)
 * answers that route for these providers before Medusa queues anything, so this runs only when someone
 * hands Medusa's payment module a payload directly. A notification that verifies goes through the same
 * inbox as one posted to `/hooks/piastrix` (recorded once, announced to the same subscriber), so
 * `authorizePayment` finds it there. A success becomes `captured` (Medusa then runs its payment
 * processing, which our subscriber may already have done: both are idempotent), a rejection `failed`
 * (which core ignores; the subscriber handles it). One that does not verify is `not_supported`, with
 * one log line: a throw would make Medusa's event bus keep the job, with its body, and retry it.
 */
export async function piastrixWebhookAction(
  ctx: ProviderContext,
  verify: CallbackVerifier,
  record: NotificationSink,
  payload: ProviderWebhookPayload["payload"]
): Promise<WebhookActionResult> {
  const verification = verify(callbackInputOf(payload))
  if (!verification.ok) {
    ctx.logger.warn(
      `Piastrix webhook: refused a notification on the payment webhook route: ${verification.reason}`
    )
    return { action: "not_supported" }
  }
  const n = verification.notification
  try {
    const { row, duplicate } = await record(n)
    ctx.logger.info(
      `Piastrix notification ${row.id} for ${n.shop_order_id} (${n.status}) on the payment webhook route: ${duplicate ? "resent" : "recorded"}`
    )
  } catch (error) {
    // Core goes on with the status endpoint, which captures only what the service corroborates.
    ctx.logger.warn(
      `Piastrix session ${n.shop_order_id}: the notification could not be recorded: ${describeError(error)}`
    )
  }
  const data = {
    session_id: n.shop_order_id,
    amount: new BigNumber(n.shop_amount),
  }
  switch (n.outcome) {
    case "success":
      return { action: "captured", data }
    case "rejected":
      return { action: "failed", data }
    default:
      return { action: "not_supported" }
  }
}
