import { generateEntityId } from "@medusajs/framework/utils"
import { medusaRefundLives } from "../../../lib/plugin/medusa-tables"
import type { InferTypeOf } from "@medusajs/framework/types"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import type { PiastrixRefund } from "../models/refund"
import { REFUND_REGISTER_TABLE } from "./tables"

/**
 * The register of refund transfers (`piastrix_refund`, the plugin module's model), as SQL the payment
 * provider can run. One row per Medusa refund, written before the transfer is sent: the row fixes the
 * transfer's `shop_payment_id`, amount and payee, so
 * - concurrent refunds of one payment (each its own Medusa refund id) get their own transfer ids, and
 *   the service moves money exactly once per refund Medusa records;
 * - a refund whose transfer outcome stayed unknown leaves its row `unknown`. Medusa deletes its own
 *   refund then, and the admin's retry (a new Medusa refund of the same amount to the same payee)
 *   takes that row over, so it asks the service about the same `shop_payment_id` instead of paying twice.
 */

export { REFUND_REGISTER_TABLE }

/**
 * sending: written, transfer under way; sent: the service made it; unknown: the outcome could not be
 * learned (taken over by a retry of the same amount); refused: the service refused it (nothing moved);
 * mismatch: a transfer with this id exists with another amount or currency (never a success);
 * void: the service says the transfer of an unknown row was never made.
 */
export type RefundState =
  "sending" | "sent" | "unknown" | "refused" | "mismatch" | "void"

/** A register row as its SQL reads it, from the model (`state` one of the states above). */
export type RefundRow = Pick<
  InferTypeOf<typeof PiastrixRefund>,
  | "id"
  | "refund_id"
  | "shop_order_id"
  | "shop_payment_id"
  | "payee"
  | "amount"
  | "currency"
  | "payee_currency"
  | "transfer_id"
  | "last_error"
> & { state: RefundState; updated_at: Date | string }

export type RefundRequest = Omit<
  RefundRow,
  "id" | "state" | "transfer_id" | "last_error" | "updated_at"
>

export type OpenedRefund = {
  row: RefundRow
  /** new: written now; again: Medusa asked for this refund before; adopted: took over an unknown row. */
  how: "new" | "again" | "adopted"
}

/**
 * Unknown rows of the payment whose Medusa refund is gone (Medusa deletes a refund when the provider
 * failed): transfers that may have moved money without a refund recorded for them.
 */
const ORPHAN = `c.shop_order_id = ? and c.state = 'unknown' and c.deleted_at is null
  and not ${medusaRefundLives("c.refund_id")}`

/**
 * The row of Medusa refund `r.refund_id`: the one it already has, else an orphan of the same payment,
 * amount, currency and payee taken over (`for update skip locked`: two retries never take the same
 * row), else a new one with `r.shop_payment_id`, written after `beforeNew` (which may refuse).
 */
export async function openRefund(
  db: SqlConnection,
  r: RefundRequest,
  beforeNew: () => Promise<void>
): Promise<OpenedRefund> {
  const existing = await refundOf(db, r.refund_id)
  if (existing) {
    return { row: existing, how: "again" }
  }
  const adopted = await db.raw(
    `update ${REFUND_REGISTER_TABLE} set refund_id = ?, state = 'sending', updated_at = now()
      where id = (select c.id from ${REFUND_REGISTER_TABLE} c
                   where ${ORPHAN} and c.amount = ? and c.currency = ? and c.payee = ? and c.payee_currency = ?
                   order by c.created_at limit 1 for update skip locked)
      returning *`,
    [
      r.refund_id,
      r.shop_order_id,
      r.amount,
      r.currency,
      r.payee,
      r.payee_currency,
    ]
  )
  if (adopted.rows[0]) {
    return { row: adopted.rows[0], how: "adopted" }
  }
  await beforeNew()
  const inserted = await db.raw(
    `insert into ${REFUND_REGISTER_TABLE}
       (id, refund_id, shop_order_id, shop_payment_id, payee, amount, currency, payee_currency, state)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'sending')
     on conflict (refund_id) where deleted_at is null do nothing
     returning *`,
    [
      generateEntityId(undefined, "pxref"),
      r.refund_id,
      r.shop_order_id,
      r.shop_payment_id,
      r.payee,
      r.amount,
      r.currency,
      r.payee_currency,
    ]
  )
  if (inserted.rows[0]) {
    return { row: inserted.rows[0], how: "new" }
  }
  return { row: (await refundOf(db, r.refund_id))!, how: "again" }
}

export async function refundOf(
  db: SqlConnection,
  refundId: string
): Promise<RefundRow | null> {
  const { rows } = await db.raw(
    `select * from ${REFUND_REGISTER_TABLE} where refund_id = ? and deleted_at is null`,
    [refundId]
  )
  return rows[0] ?? null
}

/** Other transfers of this payment that may have moved money with no Medusa refund recorded. */
export async function orphanRefunds(
  db: SqlConnection,
  shopOrderId: string
): Promise<RefundRow[]> {
  const { rows } = await db.raw(
    `select * from ${REFUND_REGISTER_TABLE} c where ${ORPHAN} order by c.created_at`,
    [shopOrderId]
  )
  return rows
}

/** The transfers of this payment the service made, oldest first. */
export async function sentRefunds(
  db: SqlConnection,
  shopOrderId: string
): Promise<RefundRow[]> {
  const { rows } = await db.raw(
    `select * from ${REFUND_REGISTER_TABLE}
      where shop_order_id = ? and state = 'sent' and deleted_at is null order by created_at, id`,
    [shopOrderId]
  )
  return rows
}

export type RefundSettlement = {
  state: Exclude<RefundState, "sending">
  transfer_id?: string | null
  last_error?: string | null
}

export async function settleRefund(
  db: SqlConnection,
  id: string,
  s: RefundSettlement
): Promise<void> {
  await db.raw(
    `update ${REFUND_REGISTER_TABLE}
        set state = ?, transfer_id = coalesce(?, transfer_id), last_error = ?, updated_at = now()
      where id = ?`,
    [s.state, s.transfer_id ?? null, s.last_error?.slice(0, 1000) ?? null, id]
  )
}

/**
 * SQL: the refund register row `alias` did not go through and Medusa recorded no refund for it (its Medusa
 * refund is gone: an order's cancel logs the failure and cancels anyway), and no later refund of the same
 * payment was sent since. Money that stayed with the shop: the inbox lists it until a Medusa refund of the
 * same amount takes an `unknown` row over (`openRefund`), or another refund of the payment is sent.
 */
export const refundNotSent = (alias: string) =>
  `(${alias}.deleted_at is null and ${alias}.state in ('unknown', 'refused', 'mismatch')
     and not ${medusaRefundLives(`${alias}.refund_id`)}
     and not exists (select 1 from ${REFUND_REGISTER_TABLE} later
                      where later.shop_order_id = ${alias}.shop_order_id and later.state = 'sent'
                        and later.deleted_at is null and later.created_at > ${alias}.created_at))`
