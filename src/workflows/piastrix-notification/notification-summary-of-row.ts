import type { NotificationRow } from "../../modules/piastrix/types"
import type { UnsignedNotificationSummary } from "../../providers/piastrix/notification-summary"

function outcomeOf(status: string): UnsignedNotificationSummary["outcome"] {
  return status === "success" || status === "rejected" ? status : "other"
}

const isoOf = (value: Date | string): string => new Date(value).toISOString()

/**
 * The summary `authorizePayment` trusts, built from an inbox row. A row exists only for a verified
 * notification, and `received_at` is the row's creation time, so sealing the same row twice gives
 * the same summary (processing again changes nothing).
 */
export function notificationSummaryOfRow(row: NotificationRow): UnsignedNotificationSummary {
  const fields = row.fields ?? {}
  return {
    status: row.status,
    outcome: outcomeOf(row.status),
    shop_order_id: row.shop_order_id,
    shop_amount: row.shop_amount ?? fields.shop_amount ?? "",
    shop_currency: row.shop_currency === null ? (fields.shop_currency ?? "") : String(row.shop_currency),
    payment_id: row.payment_id ?? null,
    payer_account: fields.payer_account || null,
    received_at: isoOf(row.created_at),
  }
}
