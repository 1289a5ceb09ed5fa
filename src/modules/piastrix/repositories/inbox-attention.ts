import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import type { InboxSource } from "../../../types/admin-responses"
import { refundNotSent } from "./refund-register"
import {
  NOTIFICATION_TABLE,
  PAYMENT_REGISTER_TABLE,
  REFUND_REGISTER_TABLE,
} from "./tables"

/**
 * Money that needs a person and has no notification of its own, listed in the inbox beside the notifications
 * (`source` saying where it comes from), and its "Mark resolved":
 * - `payment`: a payment the reconcile job's status read found paid that could not become an order (the
 *   payment register's `paid_without_order`: its session gone, or paid another amount or currency), while no
 *   success notification of it is in the inbox (that row says it, and is resolved there);
 * - `refund`: a refund transfer that did not go through and that Medusa recorded no refund for (an order's
 *   cancel refunds, logs the failure and cancels anyway: `refundNotSent`), until a Medusa refund of the same
 *   amount takes the row over (the transfer asked about first, so made once) or a later refund is sent.
 * Such a row needs a person until one marks it resolved (settled outside the plugin: refunded at Piastrix,
 * the payer contacted); then it is listed `resolved`, with the note, and counts no more.
 */

/** Where an inbox row that is not a notification comes from. */
export type AttentionSource = Exclude<InboxSource, "notification">

/** SQL: the payment register's row `alias` is paid money without an order that no notification row tells of. */
const paidWithoutOrder = (alias: string) =>
  `(${alias}.deleted_at is null and ${alias}.state = 'paid_without_order'
     and not exists (select 1 from ${NOTIFICATION_TABLE} n
                      where n.shop_order_id = ${alias}.shop_order_id and n.status = 'success' and n.deleted_at is null))`

/** The register and the predicate of each source: a row of it belongs in the inbox. */
const SOURCES: Record<AttentionSource, { table: string; listed: string }> = {
  payment: { table: PAYMENT_REGISTER_TABLE, listed: paidWithoutOrder("x") },
  refund: { table: REFUND_REGISTER_TABLE, listed: refundNotSent("x") },
}

/** SQL: the inbox state of an attention row `alias`: it needs a person until one resolved it. */
const stateOf = (alias: string) =>
  `(case when ${alias}.resolved_at is null then 'needs_attention' else 'resolved' end)`

/**
 * The attention rows in the inbox's columns (`INBOX_VIEW_FIELDS`, then `refundable`, `paid_amount` and
 * `paid_currency`). A row is listed at the
 * time it came to need a person (`updated_at`, which its resolution leaves as it was).
 */
export const ATTENTION_ROWS = `
  select 'payment' as source, x.id, x.shop_order_id, x.payment_id, 'success' as status, x.amount as shop_amount,
         x.currency as shop_currency, ${stateOf("x")} as state, 0 as attempts, x.last_error,
         null::jsonb as last_error_code, null::timestamptz as processed_at, x.resolution_note,
         null::jsonb as resolution_note_code, x.resolved_by, x.resolved_at,
         x.updated_at as created_at, x.updated_at, false as refundable, x.paid_amount, x.paid_currency
    from ${PAYMENT_REGISTER_TABLE} x
   where ${SOURCES.payment.listed}
  union all
  select 'refund', x.id, x.shop_order_id, x.transfer_id, 'refund', x.amount, x.currency, ${stateOf("x")}, 0,
         x.state || coalesce(': ' || x.last_error, ''), null::jsonb, null::timestamptz, x.resolution_note,
         null::jsonb, x.resolved_by, x.resolved_at,
         x.updated_at, x.updated_at, false, null, null
    from ${REFUND_REGISTER_TABLE} x
   where ${SOURCES.refund.listed}`

/**
 * Marks an attention row that needs a person resolved, with what they did and who they are. The row stays
 * as the register keeps it (its state, its `updated_at`): only the inbox's view of it changes. False when it
 * is resolved already or no longer in the inbox (a notification of it came, a refund took it over).
 */
export async function resolveAttentionRow(
  db: SqlConnection,
  source: AttentionSource,
  id: string,
  note: string,
  by: string | null
): Promise<boolean> {
  const { table, listed } = SOURCES[source]
  const { rows } = await db.raw(
    `update ${table} x set resolution_note = ?, resolved_by = ?, resolved_at = now()
      where x.id = ? and x.resolved_at is null and ${listed}
      returning x.id`,
    [note, by, id]
  )
  return rows.length === 1
}
