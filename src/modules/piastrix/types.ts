/** States of an inbox row; see models/notification.ts. */
export type NotificationState = "received" | "processed" | "ignored" | "needs_attention" | "failed"

/** An inbox row as the module's generated methods return it. */
export type NotificationRow = {
  id: string
  dedupe_key: string
  shop_order_id: string
  payment_id: string | null
  status: string
  shop_amount: string | null
  shop_currency: number | null
  fields: Record<string, string | null>
  state: NotificationState
  attempts: number
  last_error: string | null
  processed_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}
