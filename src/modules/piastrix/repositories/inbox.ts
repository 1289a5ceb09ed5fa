import { createHash } from "node:crypto"
import { generateEntityId } from "@medusajs/framework/utils"
import type { InferTypeOf } from "@medusajs/framework/types"
import type { PiastrixNotification as PiastrixNotificationModel } from "../models/notification"
import type { PiastrixNotification } from "../../../lib/piastrix"
import { walletSessionExists } from "../../../lib/plugin/medusa-tables"
import { isPaymentSessionId } from "../../../lib/plugin/identity"
import {
  messageText,
  storedMessageJson,
  type MessageCode,
} from "../../../lib/plugin/messages"
import { REFUND_REGISTER_TABLE } from "./refund-register"
import { ATTENTION_ROWS } from "./inbox-attention"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import type {
  InboxNotification,
  InboxPage,
  InboxSource,
  NotificationState,
} from "../../../types/admin-responses"
import { NOTIFICATION_TABLE } from "./tables"

export type {
  InboxPage,
  NotificationState,
} from "../../../types/admin-responses"

/**
 * The notification inbox, as SQL on the store's database. Its rows are written only for
 * notifications whose signature verified, so a row is the plugin's proof that the service said
 * something: the callback route records through here, and the payment provider (whose container
 * holds the database connection but not the plugin's module) reads the verdicts here. Times come
 * from the database's clock, never the app's, so instances with skewed clocks agree on what is stale.
 * The table itself is the plugin module's model (`modules/piastrix/models/notification.ts`).
 * Over 300 lines: every statement on the inbox table (record, verdicts, claim, settle, reopen, resolve, the
 * admin's page) and the predicates they share about refunded money sit together, so a row's life reads
 * in one file.
 */

export { NOTIFICATION_TABLE }

/** Emitted with `{ id }` once a verified notification is recorded; a subscriber processes it. */
export const NOTIFICATION_RECEIVED_EVENT = "piastrix.notification.received"

/** An inbox row: what the admin's listing shows of it, and the signed fields and the claim that stay here. */
export type NotificationRow = InboxNotification &
  Pick<InferTypeOf<typeof PiastrixNotificationModel>, "dedupe_key"> & {
    fields: Record<string, string | null>
    claimed_until: Date | string | null
  }

/**
 * What makes two notifications the same event: the shop, the order, the service's payment and the
 * status. A resend with any other field changed is the same event (a conflict to log, not a second
 * processing); a rejection after a success, or a second payment of one order, is a new event.
 */
export function notificationDedupeKey(n: {
  shop_id: string
  shop_order_id: string
  payment_id?: string | null
  status: string
}): string {
  const identity = JSON.stringify([
    n.shop_id,
    n.shop_order_id,
    n.payment_id ?? null,
    n.status,
  ])
  return createHash("sha256").update(identity).digest("hex")
}

export type RecordedNotification = {
  row: NotificationRow
  /** A resend of an event already in the inbox. */
  duplicate: boolean
  /** A resend whose fields differ from the recorded ones (logged; the first one stands). */
  conflict: boolean
}

function sameFields(
  a: Record<string, string | null>,
  b: Record<string, string | null>
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].every((key) => (a[key] ?? null) === (b[key] ?? null))
}

/**
 * Stores a verified notification once. The unique `dedupe_key` decides, so concurrent deliveries
 * (several instances included) make one row; the others read it. Resolves after the commit.
 * A notification whose order number is not a payment session id is another integration's: this store
 * opened no payment under it (it sends session ids, and a replacement session carries the paid one's id),
 * so it can pay for nothing here and is recorded `ignored` at once, with the reason processing would give
 * (`inbox.not_a_session`), and is not announced: a burst of them costs the insert and nothing more.
 */
export async function recordNotification(
  db: SqlConnection,
  notification: PiastrixNotification
): Promise<RecordedNotification> {
  const id = generateEntityId(undefined, "pxntf")
  const dedupeKey = notificationDedupeKey(notification)
  const foreign = !isPaymentSessionId(notification.shop_order_id)
  const reason = foreign ? messageText("inbox.not_a_session") : null
  const inserted = await db.raw(
    `insert into ${NOTIFICATION_TABLE}
       (id, dedupe_key, shop_order_id, payment_id, status, shop_amount, shop_currency, fields,
        state, last_error, last_error_code, processed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb, ${foreign ? "now()" : "null"})
     on conflict (dedupe_key) where deleted_at is null do nothing
     returning *`,
    [
      id,
      dedupeKey,
      notification.shop_order_id,
      notification.payment_id ?? null,
      notification.status,
      notification.shop_amount,
      Number(notification.shop_currency),
      JSON.stringify(notification.raw),
      foreign ? "ignored" : "received",
      reason,
      storedMessageJson(reason),
    ]
  )
  if (inserted.rows[0]) {
    return { row: inserted.rows[0], duplicate: false, conflict: false }
  }
  const existing = await db.raw(
    `select * from ${NOTIFICATION_TABLE} where dedupe_key = ? and deleted_at is null`,
    [dedupeKey]
  )
  const row: NotificationRow = existing.rows[0]
  return {
    row,
    duplicate: true,
    conflict: !sameFields(row.fields ?? {}, notification.raw),
  }
}

const INBOX_REFUND_PREFIX = "inbox_"
/** The refund id of the money a notification brought, refunded from the inbox (modules/piastrix/repositories/inbox-refund.ts). */
export const inboxRefundIdOf = (notificationId: string) =>
  `${INBOX_REFUND_PREFIX}${notificationId}`

/**
 * SQL: some of the payment `shopOrderId` (an SQL expression) went back to the payer, or may have: a refund
 * transfer in the register that the service did not refuse and that was not dropped unsent (from the inbox,
 * or a Medusa refund such as a failed cart completion's compensation). Such money never becomes an order.
 * `exceptRefundId` (an SQL expression) leaves one refund out: the inbox's own, when asking whether another
 * refund already sent the money back.
 */
export const refundedPayment = (shopOrderId: string, exceptRefundId?: string) =>
  `exists (select 1 from ${REFUND_REGISTER_TABLE} rf
            where rf.shop_order_id = ${shopOrderId} and rf.deleted_at is null and rf.state not in ('refused', 'void')${
              exceptRefundId ? ` and rf.refund_id <> ${exceptRefundId}` : ""
            })`

/** Whether some of the payment `shopOrderId` went back to the payer, or may have (`refundedPayment`). */
export async function isPaymentRefunded(
  db: SqlConnection,
  shopOrderId: string
): Promise<boolean> {
  const { rows } = await db.raw(`select ${refundedPayment("?")} as refunded`, [
    shopOrderId,
  ])
  return rows[0]?.refunded === true
}

/**
 * Sets the outcome of processing a row and releases its claim, in one statement; `failed` counts an
 * attempt. The row as it is now, or undefined when there is no such row.
 */
export async function settleNotification(
  db: SqlConnection,
  id: string,
  state: NotificationState,
  lastError: string | null
): Promise<NotificationRow | undefined> {
  const clipped = lastError === null ? null : lastError.slice(0, 1000)
  const { rows } = await db.raw(
    `update ${NOTIFICATION_TABLE}
        set state = ?, attempts = attempts + ?, last_error = ?, last_error_code = ?::jsonb,
            processed_at = ${state === "received" || state === "failed" ? "null" : "now()"},
            claimed_until = null, updated_at = now()
      where id = ? and deleted_at is null
      returning *`,
    [
      state,
      state === "failed" ? 1 : 0,
      clipped,
      storedMessageJson(lastError),
      id,
    ]
  )
  return rows[0]
}

/** What the service said about a payment, as verified and recorded. */
export type VerifiedVerdict = {
  notification_id: string
  status: string
  shop_amount: string
  shop_currency: number
  payment_id: string | null
  payer_account: string | null
  received_at: string
  /** The money was sent back to the payer (or may have been): it must not pay for an order. */
  refunded: boolean
}

/** The verified success and rejection notifications of one order, oldest first. */
export async function verdictsOf(
  db: SqlConnection,
  shopOrderId: string
): Promise<VerifiedVerdict[]> {
  const { rows } = await db.raw(
    `select n.id, n.status, n.shop_amount, n.shop_currency, n.payment_id, n.fields->>'payer_account' as payer_account,
            n.created_at, ${refundedPayment("n.shop_order_id")} as refunded
       from ${NOTIFICATION_TABLE} n
      where n.shop_order_id = ? and n.status in ('success', 'rejected') and n.deleted_at is null
      order by n.created_at asc`,
    [shopOrderId]
  )
  return rows.map((r) => ({
    notification_id: r.id,
    status: r.status,
    shop_amount: r.shop_amount ?? "",
    shop_currency: Number(r.shop_currency),
    payment_id: r.payment_id ?? null,
    payer_account: r.payer_account || null,
    received_at: new Date(r.created_at).toISOString(),
    refunded: r.refunded === true,
  }))
}

/**
 * Takes a row for processing for `leaseSeconds`: one instance at a time, and a claim whose holder
 * died expires by itself. Only rows that still need work can be claimed. The row as claimed, or null.
 */
export async function claimNotification(
  db: SqlConnection,
  id: string,
  leaseSeconds: number
): Promise<NotificationRow | null> {
  const { rows } = await db.raw(
    `update ${NOTIFICATION_TABLE}
        set claimed_until = now() + make_interval(secs => ?)
      where id = ? and deleted_at is null and state in ('received', 'failed')
        and (claimed_until is null or claimed_until < now())
      returning *`,
    [leaseSeconds, id]
  )
  return rows[0] ?? null
}

export type StrandedSelection = {
  /** A `received` row older than this lost its processing (a crash, an event lost). */
  receivedGraceSeconds: number
  /** A `failed` row is tried again after this long. */
  retryAfterSeconds: number
  limit: number
}

/** Rows left behind, by the database's clock: received and never processed, or failed and due again. */
export async function strandedNotificationIds(
  db: SqlConnection,
  s: StrandedSelection
): Promise<string[]> {
  const { rows } = await db.raw(
    `select id from ${NOTIFICATION_TABLE}
      where deleted_at is null
        and (claimed_until is null or claimed_until < now())
        and ((state = 'received' and created_at <= now() - make_interval(secs => ?))
          or (state = 'failed' and updated_at <= now() - make_interval(secs => ?)))
      order by created_at asc
      limit ?`,
    [s.receivedGraceSeconds, s.retryAfterSeconds, s.limit]
  )
  return rows.map((r) => r.id)
}

/**
 * Opens a row that needs a person or keeps failing for another processing, its attempts counted from
 * zero; false when its state does not allow it or an instance holds it right now (a processing, or the
 * inbox's refund, whose claim must not be cleared under it: the refund and an order would both happen).
 */
export async function reopenNotification(
  db: SqlConnection,
  id: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `update ${NOTIFICATION_TABLE}
        set state = 'received', attempts = 0, claimed_until = null, updated_at = now()
      where id = ? and deleted_at is null and state in ('needs_attention', 'failed')
        and (claimed_until is null or claimed_until < now())
      returning id`,
    [id]
  )
  return rows.length === 1
}

/**
 * Marks a row a person settled outside the plugin (refunded at Piastrix, an order made by hand) as
 * `resolved`, with their note: nothing processes it again. Only a row that needs a person or keeps
 * failing, and not while an instance holds it. Returns false when the row is not in such a state.
 */
export async function resolveNotification(
  db: SqlConnection,
  id: string,
  note: string,
  by: string | null
): Promise<boolean> {
  const { rows } = await db.raw(
    `update ${NOTIFICATION_TABLE}
        set state = 'resolved', resolution_note = ?, resolution_note_code = ?::jsonb, resolved_by = ?,
            resolved_at = now(), updated_at = now()
      where id = ? and deleted_at is null and state in ('needs_attention', 'failed')
        and (claimed_until is null or claimed_until < now())
      returning id`,
    [note, storedMessageJson(note), by, id]
  )
  return rows.length === 1
}

/**
 * SQL: the notification `alias` is money without an order the inbox can send back: a paid wallet payment
 * (by the payment register, or the session's provider for payments opened before it) that needs a person
 * and that no other refund sent back, even in part.
 * Other kinds have no refund at the service (docs/service-facts.md, docs/storefront.md, "Refunds").
 */
export const refundableNotification = (alias: string) =>
  `(${alias}.status = 'success' and ${alias}.state = 'needs_attention' and not ${refundedPayment(`${alias}.shop_order_id`, `'${INBOX_REFUND_PREFIX}' || ${alias}.id`)} and (
      exists (select 1 from piastrix_payment rp
               where rp.shop_order_id = ${alias}.shop_order_id and rp.kind = 'wallet' and rp.deleted_at is null)
      or ${walletSessionExists(`${alias}.shop_order_id`)}))`

/**
 * Why a row needs a person where processing it again cannot help: the money went back to the payer, the
 * payment session is gone with the cart that changed, the payer paid another amount. Refund or resolve it.
 */
const RETRY_CANNOT_HELP: ReadonlySet<MessageCode> = new Set<MessageCode>([
  "inbox.refunded_no_order",
  "inbox.paid_session_gone",
  "inbox.amount_mismatch",
])

/** The inbox offers Retry only where processing again can end otherwise (a cart fixed, a table back). */
export const isRetryable = (
  state: NotificationState,
  reason: MessageCode | null | undefined
): boolean =>
  (state === "needs_attention" || state === "failed") &&
  !RETRY_CANNOT_HELP.has(reason ?? "other")

/**
 * What the admin is shown of an inbox row: never `fields` (the signed notification, with the payer's
 * account), the dedupe key or the claim.
 */
export const INBOX_VIEW_FIELDS = [
  "id",
  "shop_order_id",
  "payment_id",
  "status",
  "shop_amount",
  "shop_currency",
  "state",
  "attempts",
  "last_error",
  "last_error_code",
  "processed_at",
  "resolution_note",
  "resolution_note_code",
  "resolved_by",
  "resolved_at",
  "created_at",
  "updated_at",
] as const

/** The inbox's rows: the notifications, and the money that needs a person without one (inbox-attention.ts). */
const INBOX_ROWS = `(
  select 'notification' as source, ${INBOX_VIEW_FIELDS.map((f) => `n.${f}`).join(", ")},
         ${refundableNotification("n")} as refundable, null::text as paid_amount, null::integer as paid_currency
    from ${NOTIFICATION_TABLE} n where n.deleted_at is null
  union all ${ATTENTION_ROWS}) i`

type InboxRow = InboxPage["notifications"][number]

/** A refund row's reason says what happened and what to do, with the register's reason as its detail. */
const inboxView = (row: InboxRow): InboxRow =>
  row.source === "refund"
    ? {
        ...row,
        last_error: messageText("inbox.refund_not_sent", {
          amount: row.shop_amount,
          detail: row.last_error,
        }),
      }
    : row

export async function inboxPage(
  db: SqlConnection,
  {
    state,
    limit,
    offset,
  }: { state?: NotificationState; limit: number; offset: number }
): Promise<InboxPage> {
  const where = state ? "where state = ?" : ""
  const bindings = state ? [state] : []
  const { rows } = await db.raw(
    `select * from ${INBOX_ROWS} ${where}
      order by (state = 'needs_attention') desc, created_at desc, id
      limit ? offset ?`,
    [...bindings, limit, offset]
  )
  const { rows: counts } = await db.raw(
    `select count(*)::int as count,
            (select count(*)::int from ${INBOX_ROWS} where state = 'needs_attention') as needs_attention
       from ${INBOX_ROWS} ${where}`,
    bindings
  )
  return {
    notifications: rows.map(inboxView),
    count: counts[0].count,
    needs_attention: counts[0].needs_attention,
  }
}

/** One row as the inbox lists it, by where it comes from and its id; null when the inbox does not list it. */
export async function inboxRow(
  db: SqlConnection,
  source: InboxSource,
  id: string
): Promise<InboxRow | null> {
  const { rows } = await db.raw(
    `select * from ${INBOX_ROWS} where source = ? and id = ?`,
    [source, id]
  )
  return rows[0] ? inboxView(rows[0]) : null
}

/** The part of Medusa's event bus the inbox needs. */
export type NotificationAnnouncer = {
  emit(event: { name: string; data: { id: string } }): Promise<unknown>
}

/**
 * Announces a recorded row that still needs work (new, or resent while unprocessed or failed), so
 * the subscriber processes it. Returns whether it did.
 */
export async function announceNotification(
  bus: NotificationAnnouncer,
  row: NotificationRow
): Promise<boolean> {
  if (row.state !== "received" && row.state !== "failed") {
    return false
  }
  await bus.emit({ name: NOTIFICATION_RECEIVED_EVENT, data: { id: row.id } })
  return true
}
