import type { InferTypeOf } from "@medusajs/framework/types"
import type { PaymentKind } from "../lib/plugin/identity"
import type { SessionState } from "../lib/plugin/session-data"
import type {
  MessageAmount,
  PlainMessage,
  StoredMessage,
} from "../lib/plugin/messages"
import type { PiastrixNotification } from "../modules/piastrix/models/notification"
import type { PiastrixPayout } from "../modules/piastrix/models/payout"
import type { PiastrixRecipient } from "../modules/piastrix/models/recipient"

export type { PlainMessage } from "../lib/plugin/messages"

/**
 * What the plugin's admin API (src/api/admin/piastrix) answers, in one file that the server code shaping
 * the answers and the admin (src/admin) both import. The admin's bundle must stay free of server code, so
 * this file imports types only, and only from files that are themselves pure (zod schemas, the module's
 * models: no database). Row types the server also reads from its tables (inbox rows, payouts, recipients)
 * are derived here from the models (`InferTypeOf`), with what their SQL reads otherwise than the model
 * types it: amounts (numeric) as decimal strings, json columns with their shape, and times as `Date` on
 * the server and ISO text once sent. Over 300 lines:
 * every answer of the admin API in one file, one section per admin page, so the contract reads in one place.
 */

// Settings → Piastrix

/** An option as medusa-config.ts gives it (`optionsView`): secrets masked, and where its value comes from. */
export type OptionView = {
  key: string
  /** The value in force (a secret appears as MASKED; absent optional options as null). */
  value: unknown
  /** `configuration`: set in medusa-config.ts; `default`: the plugin's default (or unset). */
  source: "configuration" | "default"
}

/** An operational setting the admin may change (`settingsView`); `K` is the server's setting key union. */
export type SettingView<K extends string = string> = {
  key: K
  value: unknown
  /** Where the value in force comes from. */
  source: "configuration" | "admin" | "default"
  /** Set in medusa-config.ts: not editable here. */
  locked: boolean
}

/** GET /admin/piastrix/settings */
export type SettingsResponse = {
  options: OptionView[]
  settings: SettingView[]
  callback_url: string | null
  provider_ids: string[]
}

/**
 * `accepted` and `refused` are the service's answer to a signed call; `not_checked` means it gave none
 * (unreachable, timed out, answered garbage), so nothing is known of the credentials. The admin words
 * each state; `detail` keeps the technical reason for a "details" disclosure.
 */
export type CredentialsState = "accepted" | "refused" | "not_checked"

/** POST /admin/piastrix/connection-test */
export type ConnectionReport = {
  service: { available: boolean; message: string; detail: string | null }
  credentials: {
    state: CredentialsState
    message: string
    error_code: number | null
    detail: string | null
  }
}

/** GET /admin/piastrix/balances: one row per currency of the shop's balance. */
export type BalanceRow = {
  currency: string
  available: string
  hold: string | null
  frozen: string | null
  rolling_reserve: string | null
}

/** GET /admin/piastrix/directions: one payment or payout direction of the shop. */
export type DirectionRow = {
  method: string | null
  payway: string
  currency: string
  /** The currency as the service and the plugin's API name it (643). */
  currency_numeric: number
  fee_fix: string | null
  fee_percent: string | null
  min_amount: string | null
  max_amount: string | null
  /** Payment directions: wallet payments (`is_bill_config`); payout directions: wallet transfers. */
  wallet: boolean
  /** Payout directions: the account format the payway expects (a regex), when the service gives one. */
  account_format: string | null
}

// The notification inbox

/** An inbox row as the model types it (`piastrix_notification`). */
type NotificationModel = InferTypeOf<typeof PiastrixNotification>

export type NotificationState = NotificationModel["state"]

/** An inbox row as the admin's listing shows it: the server keeps the signed fields and its claims. */
export type InboxNotification = Pick<
  NotificationModel,
  | "id"
  | "shop_order_id"
  | "payment_id"
  | "status"
  | "shop_amount"
  | "shop_currency"
  | "state"
  | "attempts"
  | "last_error"
  | "resolution_note"
  | "resolved_by"
> & {
  /** The code and params of `last_error` and of the note, stored with them; null for older rows. */
  last_error_code: StoredMessage | null
  processed_at: Date | string | null
  resolution_note_code: StoredMessage | null
  resolved_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

/**
 * Where an inbox row comes from. notification: a notification of the service (Retry, Resolve, Refund act on
 * it); payment: a payment found paid by a status read that could not become an order; refund: a refund that
 * did not go through, with no refund recorded in Medusa (modules/piastrix/repositories/inbox-attention.ts).
 * The last two are settled outside the inbox and then marked resolved.
 */
export type InboxSource = "notification" | "payment" | "refund"

/** A page of the inbox for the admin: rows that need a person first, then the newest. */
export type InboxPage = {
  notifications: (InboxNotification & {
    /** Money without an order that can go back to the payer from the inbox (inbox-refund.ts). */
    refundable: boolean
    source: InboxSource
    /**
     * A payment found paid another amount or currency than asked (`shop_amount`): what the service reports
     * paid, its currency by numeric code; null otherwise.
     */
    paid_amount: string | null
    paid_currency: number | null
  })[]
  count: number
  needs_attention: number
}

/** An order as the admin names it: `#12`, linking to `/app/orders/<id>`. */
export type OrderRef = { id: string; display_id: number }

export type InboxRowOrder = {
  /** The order the payment became; null while it has none (or the payment is another integration's). */
  order: OrderRef | null
  /** The payer's e-mail: the order's, else the cart's. Piastrix's notification carries none. */
  email: string | null
}

/**
 * An inbox row as `GET /admin/piastrix/notifications` answers it, its amount's currency also by code, and its
 * reason and resolution note as codes the admin words (`plainMessage`; the raw texts stay beside them).
 */
export type InboxRowView = Omit<
  InboxPage["notifications"][number],
  "last_error_code" | "resolution_note_code" | "paid_amount" | "paid_currency"
> &
  InboxRowOrder & {
    shop_currency_code: string | null
    /**
     * Money paid another amount or currency than asked (a payment the status read found so, or a notification
     * whose amount did not match its session): what was paid and what was asked; null otherwise.
     */
    paid_not_as_asked: { paid: MessageAmount; asked: MessageAmount } | null
    last_error_message: PlainMessage | null
    /** Retry can end otherwise: not for money already sent back, a session gone, another amount paid. */
    retryable: boolean
    /** Null for a note a person typed (shown as written) as for no note. */
    resolution_note_message: PlainMessage | null
  }

// An order's Piastrix payments (the order widget)

/**
 * An order's Piastrix payment as the order widget shows it: the kind in words, the service's payment id
 * and status, amounts, the payer's account masked, refunds and the notification timeline.
 */
export type OrderPaymentView = {
  session_id: string
  /** The id the service knows the payment by (the session's own, or the one it carries). */
  shop_order_id: string
  kind: PaymentKind
  kind_label: string
  payway: string | null
  /** The service's payment id, once it named one. */
  payment_id: string | null
  state: SessionState | "unknown"
  /** The last status code the service reported, as a number. */
  service_status: number | null
  /** What the last status read said that the plugin did not act on, for a person to see. */
  notice: string | null
  failure: string | null
  amount: string
  currency_code: string
  payer_account: string | null
  captured: boolean
  /** Whether this store still waits for the service about this payment (a status check can help). */
  open_at_service: boolean
  refunds: Array<{
    refund_id: string | null
    amount: string
    mode: "transfer" | "manual"
    /** sent / manual_required (recorded on the session), or the register's state while a transfer is open. */
    state: string
    transfer_id: string | null
    at: string | null
    reason: string | null
  }>
  notifications: Array<{
    id: string
    status: string
    state: NotificationState
    received_at: string
    processed_at: string | null
    attempts: number
    last_error: string | null
  }>
}

/**
 * What a bank transfer's payer needs to make the transfer, from the service's `ps_data`: shown to the payer
 * by the store's requisites route and to staff by the order widget. The receipt API addresses stay on the
 * server.
 */
export const SHOWN_REQUISITES = [
  "method",
  "amount",
  "suggested_amount",
  "currency",
  "card",
  "card_holder_name",
  "phone",
  "bank",
  "qr_data",
  "qr_caption",
  "url",
  "expired",
  "receipt_web",
] as const

export type Requisites = Partial<
  Record<(typeof SHOWN_REQUISITES)[number], string | null>
>

/** A receipt filed for a bank transfer and its review at the service (support's comment when it has one). */
export type ReceiptView = {
  id: string
  status: string
  comment: string | null
}

/** A bank transfer as staff see it: where the money goes and the receipts filed, with their review. */
export type BankTransferView = {
  requisites: Requisites | null
  receipts: ReceiptView[]
  /** When the service's record was read (the guard may have given its last answer: `reused`). */
  checked_at: string | null
  reused: boolean
}

// Payouts

/** A recipient and a payout as the models type them (`piastrix_recipient`, `piastrix_payout`). */
type RecipientModel = InferTypeOf<typeof PiastrixRecipient>
type PayoutModel = InferTypeOf<typeof PiastrixPayout>

export type PayoutRail = RecipientModel["rail"]
export type PayoutSchedule = RecipientModel["schedule"]

/**
 * A recipient as the payout code reads it: money as decimal strings, the account and its details as stored
 * (encrypted: `accounts.ts` opens them for the service, `withMaskedAccount` shapes them for the admin).
 */
export type Recipient = Pick<
  RecipientModel,
  | "id"
  | "name"
  | "email"
  | "rail"
  | "payway"
  | "account"
  | "account_masked"
  | "account_details"
  | "currency"
  | "hold_days"
  | "schedule"
  | "state"
> & {
  commission_percent: string
  commission_fixed: string
  minimum_payout: string
}

export type PayoutStatus = PayoutModel["status"]

/** A payout as its SQL reads it; the account and its details are the recipient's, encrypted, as they were when it was written. */
export type Payout = Pick<
  PayoutModel,
  | "id"
  | "recipient_id"
  | "currency"
  | "rail"
  | "payway"
  | "account"
  | "account_masked"
  | "account_details"
  | "shop_payment_id"
  | "status"
  | "rejected_reason"
  | "last_error"
  | "service_id"
  | "attempts"
> & {
  amount: string
  fee: string | null
  /** The code and params of each text above, stored with it; null for rows written before the codes. */
  rejected_reason_code: StoredMessage | null
  last_error_code: StoredMessage | null
  sent_at: Date | string | null
  next_poll_at: Date | string | null
  created_at: Date | string
}

/**
 * A recipient or payout as the admin API answers it (`withMaskedAccount`): the account masked, the details
 * by name only, the masked copy left out, and the currency also by its code ("RUB"), for showing amounts.
 */
export type AdminAccountView<T extends Recipient | Payout> = Omit<
  T,
  "account_masked" | "account_details"
> & {
  account_details: Record<string, string> | null
  currency_code: string
}
export type RecipientView = AdminAccountView<Recipient>

/**
 * A payout as the admin API answers it (`payoutView`): amounts with the currency's digits, what the payee
 * received (the amount less the service's fee, when both are in the payout's currency), and its reasons as
 * codes the admin words, the raw texts beside them.
 */
export type PayoutView = Omit<
  AdminAccountView<Payout>,
  "rejected_reason_code" | "last_error_code"
> & {
  payee_receives: string | null
  rejected_reason_message: PlainMessage | null
  last_error_message: PlainMessage | null
}

/**
 * Each vendor's share of an order as the order widget shows it: one row per accrual (a fulfilled line), its
 * state in the ledger, and the recipient's first payout made after the share was released. A payout pays a
 * recipient's balance, not named shares, so that payout is the one the share became payable for.
 */
export type VendorShare = {
  recipient_id: string
  name: string
  currency: number
  /** The currency's code, for showing amounts ("RUB"). */
  currency_code: string
  line_item_id: string | null
  fulfillment_id: string | null
  share: string
  /** What cancels and returns took back of the share so far (all of it: state "reversed"). */
  reversed: string
  accrued_at: Date | string
  state: "held" | "released" | "reversed"
  /** While held: when the hold ends (the recipient's hold days after the accrual). */
  hold_until: Date | string | null
  released_at: Date | string | null
  payout: {
    id: string
    status: PayoutStatus
    amount: string
    created_at: Date | string
  } | null
}

/** What POST /admin/piastrix/payouts/quote answers: nothing is written. */
export type PayoutQuote = {
  recipient_id: string
  rail: PayoutRail
  payway: string | null
  /** Masked by the server. */
  account: string | null
  currency_code: string
  amount: string
  fee: string | null
  payee_receives: string
  payee_currency_code: string
  awaits_approval: boolean
  account_check: AccountCheck | null
}

/** The service's `/check_account` for a withdraw account: `unknown` when it could not say. */
export type AccountCheck = {
  result: "ok" | "refused" | "unknown"
  reason: string | null
  reason_message: PlainMessage | null
}

/** GET /admin/piastrix/recipients/:id */
export type RecipientDetail = {
  recipient: RecipientView
  /** "RUB" */
  currency_code: string
  balances: Partial<Record<string, string>>
}

/** An entry of GET /admin/piastrix/recipients/:id/ledger (the server's row, `LedgerEntry`, has more). */
export type LedgerEntryView = {
  id: string
  transaction_id: string
  account: string
  amount: string
  kind: string
  reason: string | null
  /** The plugin's own reason as a code the admin words; `other` for a reason a person typed (an adjustment). */
  reason_message: PlainMessage | null
  order_id: string | null
  /** The order as the admin names it, when the entry is an order's and Medusa still has it. */
  order: OrderRef | null
  payout_id: string | null
  /** The payout as a person names it (its amount and when it was created), when the entry is a payout's. */
  payout: { id: string; amount: string; created_at: string } | null
  created_at: string
}
