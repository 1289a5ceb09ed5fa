import type { PaymentKind } from "../lib/plugin/identity"
import type { NextAction, SessionState } from "../lib/plugin/session-data"

/**
 * What the plugin's store routes answer, as a storefront reads them. The routes declare their answers
 * with these types (`satisfies`), so the kit and the routes cannot drift apart.
 */

export type { NextAction, PaymentKind, SessionState }

/** A payment direction (payway) the cart can be paid with (`GET /store/piastrix/directions`). */
export type Direction = {
  payway: string
  kind: PaymentKind
  /** Name of the payment method the shop lists it under ("Bank card"). */
  name: string | null
  currency: number
  min_amount: string | null
  max_amount: string | null
  fee_config: Record<string, unknown> | null
  fee_part_config: Record<string, unknown> | null
  /** Extra fields the payer fills in (label, regex, example), or null. */
  add_ons_config: Record<string, unknown> | null
  /** The store's options name it as the kind's default. */
  is_default: boolean
}

export type DirectionsAnswer = {
  cart_id: string
  amount: string
  currency_code: string
  currency: number
  /** Per kind; a kind the cart cannot be paid with has an empty list (or is absent when `kind` was asked). */
  directions: Partial<Record<PaymentKind, Direction[]>>
}

/** The payer's price with a direction (`POST /store/piastrix/quote`). Amounts are decimal strings. */
export type Quote = {
  cart_id: string
  payway: string
  kind: PaymentKind
  amount: string
  currency_code: string
  currency: number
  payer_price: string
  payer_fee: string | null
  exch_fee: string | null
  ps_currency: number
  paymethod_name: string | null
  add_ons_config: Record<string, unknown> | null
}

/** The card form's token: the browser posts the card straight to `payform_url` (`POST /store/piastrix/card-form`). */
export type CardFormToken = {
  form_token: string
  payform_url: string
  session_id: string
}

/** Where a bank transfer goes, as the service names it (null where it names nothing). */
export type Requisites = Partial<
  Record<
    | "method"
    | "amount"
    | "suggested_amount"
    | "currency"
    | "card"
    | "card_holder_name"
    | "phone"
    | "bank"
    | "qr_data"
    | "qr_caption"
    | "url"
    | "expired"
    | "receipt_web",
    string | null
  >
>

/** `GET /store/piastrix/sessions/:id/requisites`: poll until `ready`, not before `next_check_at`. */
export type RequisitesAnswer = {
  session_id: string
  ready: boolean
  requisites: Requisites | null
  service_status: number | null
  reused: boolean
  checked_at: string
  next_check_at: string
}

/** `POST /store/piastrix/sessions/:id/receipt` (202). */
export type ReceiptAccepted = {
  session_id: string
  accepted: true
  type: string
  size: number
}

export type ReceiptReview = {
  id: string
  status: string
  comment: string | null
}

/** `GET /store/piastrix/sessions/:id/receipt-status`. */
export type ReceiptStatusAnswer = {
  session_id: string
  receipts: ReceiptReview[]
}

/** `GET /store/piastrix/sessions/:id/status[?cart_id=]`: from Medusa's records only, cheap to poll. */
export type SessionStatus = {
  session_id: string
  provider_id: string | null
  kind: PaymentKind | null
  status: string | null
  state: SessionState | "paid_without_order" | null
  failure: { reason: string; at: string } | null
  amount_mismatch: Record<string, unknown> | null
  order_placed: boolean
  /** Only with the session's own `cart_id` in the query. */
  order_id: string | null
  checked_at: string | null
  notice: string | null
}
