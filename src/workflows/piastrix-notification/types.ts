import type { BigNumberRawValue } from "@medusajs/framework/types"
import type { NotificationState } from "../../modules/piastrix/repositories/inbox"

/** A Piastrix payment session as the notification processing needs it. */
export type TargetSession = {
  id: string
  provider_id: string
  status: string
  /** The session's amount as Medusa stores it (`raw_amount`): never a float. */
  amount: BigNumberRawValue
  currency_code: string
  payment_collection_id: string
  data: Record<string, unknown>
}

/** The session a notification is about, and the cart and order around it. */
export type PaymentTarget = {
  session: TargetSession | null
  /** Whether this store opened the payment (another store may share the Piastrix shop). */
  own_payment: boolean
  /** Whether the inbox holds a verified success for the same order: it outweighs any rejection. */
  paid_notification: boolean
  /** Whether some of the payment went back to the payer, or may have (the refund register). */
  refunded: boolean
  cart_id: string | null
  order: { id: string; metadata: Record<string, unknown> | null } | null
}

/** What processing a notification will do, decided from the row and its target. */
export type NotificationPlan = {
  action: "capture" | "fail" | "settle"
  /** For `settle`: the row's final state and why. */
  state: NotificationState | null
  reason: string | null
}

/** The row's final state and why. */
export type Settlement = { state: NotificationState; reason: string | null }
