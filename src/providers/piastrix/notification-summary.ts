import { createHmac } from "node:crypto"
import { z } from "zod"
import { signaturesEqual } from "../../lib/piastrix/sign"

/**
 * What a verified callback tells `authorizePayment`. The callback route verifies the service's
 * signature, then hands this summary to the provider through `paymentModule.updatePaymentSession`.
 * Session data is public and, at session creation, partly written by the storefront, so the summary
 * carries our own HMAC (keyed with the shop's secret): the provider trusts a summary only when the
 * mac verifies, never because it is present.
 */
export const notificationSummarySchema = z.object({
  status: z.string(),
  outcome: z.enum(["success", "rejected", "other"]),
  shop_order_id: z.string(),
  shop_amount: z.string(),
  shop_currency: z.string(),
  payment_id: z.string().nullable(),
  payer_account: z.string().nullable(),
  received_at: z.string(),
  mac: z.string(),
})

export type NotificationSummary = z.infer<typeof notificationSummarySchema>
export type UnsignedNotificationSummary = Omit<NotificationSummary, "mac">

const MAC_FIELDS = [
  "status",
  "outcome",
  "shop_order_id",
  "shop_amount",
  "shop_currency",
  "payment_id",
  "payer_account",
  "received_at",
] as const

function macOf(summary: UnsignedNotificationSummary, secretKey: string): string {
  const canonical = JSON.stringify(MAC_FIELDS.map((field) => summary[field]))
  return createHmac("sha256", secretKey).update(`piastrix-notification:${canonical}`).digest("hex")
}

export function sealNotificationSummary(
  summary: UnsignedNotificationSummary,
  secretKey: string
): NotificationSummary {
  return { ...summary, mac: macOf(summary, secretKey) }
}

/** The summary when it is well-formed and its mac verifies; otherwise null. */
export function openNotificationSummary(value: unknown, secretKey: string): NotificationSummary | null {
  const parsed = notificationSummarySchema.safeParse(value)
  if (!parsed.success) {
    return null
  }
  const { mac, ...rest } = parsed.data
  return signaturesEqual(macOf(rest, secretKey), mac) ? parsed.data : null
}
