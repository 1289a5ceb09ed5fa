import type { PiastrixClient, PollingGuard } from "../../../lib/piastrix"
import {
  inboxRefundIdOf,
  NOTIFICATION_TABLE,
  refundableNotification,
  type NotificationRow,
} from "./inbox"
import { sessionsHoldingPayment } from "../../../lib/plugin/medusa-tables"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import { storedMessageJson } from "../../../lib/plugin/messages"
import {
  REFUND_REGISTER_TABLE,
  openRefund,
  orphanRefunds,
  settleRefund,
  type RefundRow,
} from "./refund-register"
import { payerAccountOf } from "./payment-register"
import type {
  RefundTransfer,
  RefundTransferContext,
} from "../utils/refund-transfer"

/**
 * Money without an order, sent back from the inbox: a paid wallet payment whose cart could not become an
 * order (a `needs_attention` success notification) is refunded to the payer's wallet through the same
 * refund register and transfer as a Medusa refund (refund-transfer.ts), under the refund id
 * `inbox_<notification id>`, so a double click or a retry never pays twice. While the refund runs the row
 * is claimed (no retry, no "mark resolved"); once sent, the row is `resolved` with the transfer in its note,
 * and the payment can no longer pay for an order (`refundedPayment` in inbox.ts, read by the provider's
 * authorization and by the carried-payment check).
 */

/** How long a refund holds its notification: longer than the client's timeouts of a create and a status. */
const REFUND_CLAIM_SECONDS = 120

/** The refund of a notification: what would be sent, and the payment collections its sessions belong to. */
export type InboxRefundTarget = {
  refundable: boolean
  /** Other refunds of the payment (Medusa's) that sent money back, or may have: "1250.50 (ref_...)". */
  refunded_elsewhere: string[]
  transfer: RefundTransfer
  payment_collection_ids: string[]
}

/**
 * What a refund of notification `row` would send: its amount and currency, the payer's wallet (the
 * notification's, else the register's) and currency (the session's, else the shop's), and whether the
 * inbox offers it at all (`refundableNotification`).
 */
export async function inboxRefundTarget(
  db: SqlConnection,
  row: Pick<
    NotificationRow,
    "id" | "shop_order_id" | "shop_amount" | "shop_currency"
  >
): Promise<InboxRefundTarget> {
  const { rows } = await db.raw(
    `select ${refundableNotification("n")} as refundable, n.fields->>'payer_account' as payer_account
       from ${NOTIFICATION_TABLE} n where n.id = ?`,
    [row.id]
  )
  // Session data holds the payer's wallet masked (the storefront reads it): the register keeps it whole.
  const registered = rows[0]?.payer_account
    ? null
    : await payerAccountOf(db, row.shop_order_id)
  const sessions = await sessionsHoldingPayment(db, row.shop_order_id)
  const { rows: others } = await db.raw(
    `select amount::text as amount, refund_id, state from ${REFUND_REGISTER_TABLE}
      where shop_order_id = ? and refund_id <> ? and deleted_at is null and state not in ('refused', 'void')
      order by created_at`,
    [row.shop_order_id, inboxRefundIdOf(row.id)]
  )
  const payerCurrency =
    sessions.map((s) => s.payer_currency).find((v) => v !== null && v !== "") ??
    null
  return {
    refundable: rows[0]?.refundable === true,
    refunded_elsewhere: others.map(
      (o) => `${o.amount} (${o.refund_id}, ${o.state})`
    ),
    payment_collection_ids: [
      ...new Set<string>(sessions.map((s) => s.payment_collection_id)),
    ],
    transfer: {
      label: `notification ${row.id}`,
      shop_order_id: row.shop_order_id,
      payee: rows[0]?.payer_account || registered,
      amount: row.shop_amount ?? "",
      currency: Number(row.shop_currency),
      payee_currency:
        payerCurrency !== null
          ? Number(payerCurrency)
          : Number(row.shop_currency),
      refund_id: inboxRefundIdOf(row.id),
    },
  }
}

/** The refund register row of a notification's refund, if one was started. */
export async function inboxRefundOf(
  db: SqlConnection,
  notificationId: string
): Promise<RefundRow | null> {
  const { rows } = await db.raw(
    `select * from ${REFUND_REGISTER_TABLE} where refund_id = ? and deleted_at is null`,
    [inboxRefundIdOf(notificationId)]
  )
  return rows[0] ?? null
}

/** Takes a `needs_attention` row for its refund; false when an instance holds it (a refund, a retry). */
export async function claimForRefund(
  db: SqlConnection,
  id: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `update ${NOTIFICATION_TABLE} set claimed_until = now() + make_interval(secs => ?)
      where id = ? and deleted_at is null and state = 'needs_attention'
        and (claimed_until is null or claimed_until < now())
      returning id`,
    [REFUND_CLAIM_SECONDS, id]
  )
  return rows.length === 1
}

/** Lets go of a row whose refund did not go through: it still needs a person. */
export async function releaseRefundClaim(
  db: SqlConnection,
  id: string
): Promise<void> {
  await db.raw(
    `update ${NOTIFICATION_TABLE} set claimed_until = null where id = ? and state = 'needs_attention'`,
    [id]
  )
}

/** The refund was sent: the row is resolved with what was done, by whom, and its claim released. */
export async function markRefunded(
  db: SqlConnection,
  id: string,
  note: string,
  by: string | null
): Promise<void> {
  await db.raw(
    `update ${NOTIFICATION_TABLE}
        set state = 'resolved', resolution_note = ?, resolution_note_code = ?::jsonb, resolved_by = ?,
            resolved_at = now(), claimed_until = null, updated_at = now()
      where id = ? and deleted_at is null and state = 'needs_attention'`,
    [note, storedMessageJson(note), by, id]
  )
}

/** The refund register and the service, as refund-transfer.ts needs them, over the store's database. */
export function refundTransferContext(
  db: SqlConnection,
  deps: {
    client: PiastrixClient
    guard: PollingGuard
    logger: RefundTransferContext["logger"]
  }
): RefundTransferContext {
  return {
    ...deps,
    refunds: {
      open: (r, beforeNew) => openRefund(db, r, beforeNew),
      orphans: (shopOrderId) => orphanRefunds(db, shopOrderId),
      settle: (id, s) => settleRefund(db, id, s),
    },
  }
}
