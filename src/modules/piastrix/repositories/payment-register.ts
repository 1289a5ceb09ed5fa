import { generateEntityId } from "@medusajs/framework/utils"
import { NOTIFICATION_TABLE } from "./inbox"
import {
  liveSessionHolding,
  sessionEverExisted,
} from "../../../lib/plugin/medusa-tables"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import type { InferTypeOf } from "@medusajs/framework/types"
import type { PaymentKind } from "../../../lib/plugin/identity"
import type { PiastrixPayment } from "../models/payment"
import { PAYMENT_REGISTER_TABLE } from "./tables"

/**
 * The register of payments this store opened at the service (`piastrix_payment`, the plugin
 * module's model), as SQL the payment provider can run too. Times are the database's.
 */

export { PAYMENT_REGISTER_TABLE }

/**
 * A register row as its SQL reads it, from the model; `payer_account` is the payer's wallet in full, when
 * known (session data, which the storefront reads, holds it masked).
 */
export type RegisteredPayment = Pick<
  InferTypeOf<typeof PiastrixPayment>,
  | "id"
  | "shop_order_id"
  | "amount"
  | "currency"
  | "payment_id"
  | "state"
  | "payer_account"
> & { kind: PaymentKind; created_at: Date | string }

/** Writes the payment before the service is asked to create it; a second call changes nothing. */
export async function registerPayment(
  db: SqlConnection,
  p: {
    shop_order_id: string
    kind: PaymentKind
    amount: string
    currency: number
  }
): Promise<void> {
  await db.raw(
    `insert into ${PAYMENT_REGISTER_TABLE} (id, shop_order_id, kind, amount, currency, next_check_at)
     values (?, ?, ?, ?, ?, now() + interval '1 minute')
     on conflict (shop_order_id) where deleted_at is null do nothing`,
    [
      generateEntityId(undefined, "pxpay"),
      p.shop_order_id,
      p.kind,
      p.amount,
      p.currency,
    ]
  )
}

/** Records the service's id once it answered. */
export async function markPaymentCreated(
  db: SqlConnection,
  shopOrderId: string,
  paymentId: string
): Promise<void> {
  await db.raw(
    `update ${PAYMENT_REGISTER_TABLE} set payment_id = ?, state = 'created', updated_at = now()
      where shop_order_id = ? and deleted_at is null and state = 'opened'`,
    [paymentId, shopOrderId]
  )
}

/**
 * Keeps the payer's wallet in full where only the plugin reads it: a wallet refund is sent back to it,
 * while session data (public to the storefront) holds it masked. The service's latest word wins.
 */
export async function notePayerAccount(
  db: SqlConnection,
  shopOrderId: string,
  account: string
): Promise<void> {
  await db.raw(
    `update ${PAYMENT_REGISTER_TABLE} set payer_account = ?, updated_at = now()
      where shop_order_id = ? and deleted_at is null and payer_account is distinct from ?`,
    [account, shopOrderId, account]
  )
}

/**
 * The payer's wallet in full, from the plugin's own tables: the verified success notification's (who
 * actually paid), else the register's (the status read's, the service's answer to the create, or what
 * the payer typed). Null when neither knows it.
 */
export async function payerAccountOf(
  db: SqlConnection,
  shopOrderId: string
): Promise<string | null> {
  const { rows } = await db.raw(
    `select coalesce(
       (select nullif(n.fields->>'payer_account', '') from ${NOTIFICATION_TABLE} n
         where n.shop_order_id = ? and n.status = 'success' and n.deleted_at is null
           and nullif(n.fields->>'payer_account', '') is not null
         order by n.created_at limit 1),
       (select nullif(r.payer_account, '') from ${PAYMENT_REGISTER_TABLE} r
         where r.shop_order_id = ? and r.deleted_at is null)
     ) as payer_account`,
    [shopOrderId, shopOrderId]
  )
  return rows[0]?.payer_account ?? null
}

/**
 * Whether this store opened the payment `shopOrderId`: it is in the register, or (payments opened
 * before the register existed) a payment session of this store, live or deleted, has that id.
 */
export async function isOwnPayment(
  db: SqlConnection,
  shopOrderId: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `select 1 from ${PAYMENT_REGISTER_TABLE} where shop_order_id = ? and deleted_at is null
     union all
     select 1 where ${sessionEverExisted("?")}
     limit 1`,
    [shopOrderId, shopOrderId]
  )
  return rows.length > 0
}

/**
 * A registered payment by its `shop_order_id`, for one look at it now (the admin's "check status now"),
 * without the payer's whole wallet; undefined when the store never registered it.
 */
export async function registeredPayment(
  db: SqlConnection,
  shopOrderId: string
): Promise<Omit<RegisteredPayment, "payer_account"> | undefined> {
  const { rows } = await db.raw(
    `select id, shop_order_id, kind, amount, currency, payment_id, state, created_at
       from ${PAYMENT_REGISTER_TABLE} where shop_order_id = ? and deleted_at is null`,
    [shopOrderId]
  )
  return rows[0]
}

/** A registered payment claimed for a look, with the live session that holds it, if any. */
export type DuePayment = RegisteredPayment & { session_id: string | null }

/**
 * Claims registered payments that are due for a look at the service: not settled, no verified
 * success in the inbox yet (that one is processed from the inbox), inside the window. Each claim
 * pushes `next_check_at` by the payment's age (a payer pays soon; an abandoned page still costs one
 * call per look), so no payment is asked about more often than once a minute, however many
 * instances run the job. `session_id` is the live session that holds the payment (its own, or one
 * that carries it), or null when Medusa no longer holds it.
 */
export async function claimDuePayments(
  db: SqlConnection,
  s: { windowDays: number; limit: number }
): Promise<DuePayment[]> {
  const { rows } = await db.raw(
    `update ${PAYMENT_REGISTER_TABLE} r
        set next_check_at = now() + case
              when now() - r.created_at < interval '1 hour' then interval '1 minute'
              when now() - r.created_at < interval '1 day' then interval '10 minutes'
              when now() - r.created_at < interval '3 days' then interval '1 hour'
              else interval '6 hours' end,
            checked_at = now()
      where r.id in (
        select c.id from ${PAYMENT_REGISTER_TABLE} c
         where c.deleted_at is null and c.state in ('opened', 'created')
           and c.next_check_at <= now()
           and c.created_at >= now() - make_interval(days => ?)
           and not exists (select 1 from ${NOTIFICATION_TABLE} n
                            where n.shop_order_id = c.shop_order_id and n.status = 'success' and n.deleted_at is null)
         order by c.next_check_at asc
         limit ?
         for update skip locked)
      returning r.*, ${liveSessionHolding("r.shop_order_id")} as session_id`,
    [s.windowDays, s.limit]
  )
  return rows
}

/** Stops looking at a payment: it was captured, or it ended without money. */
export async function markPaymentSettled(
  db: SqlConnection,
  shopOrderId: string
): Promise<void> {
  await db.raw(
    `update ${PAYMENT_REGISTER_TABLE} set state = 'settled', next_check_at = null, updated_at = now()
      where shop_order_id = ? and deleted_at is null and state in ('opened', 'created')`,
    [shopOrderId]
  )
}

/**
 * Marks a registered payment the service reports paid that cannot become an order: Medusa holds no session for
 * it, or it was paid another amount or currency (`paid`: what the service reports paid, for the inbox).
 */
export async function markPaidWithoutOrder(
  db: SqlConnection,
  shopOrderId: string,
  reason: string,
  paid: { amount: string; currency: number } | null = null
): Promise<void> {
  await db.raw(
    `update ${PAYMENT_REGISTER_TABLE}
        set state = 'paid_without_order', last_error = ?, paid_amount = ?, paid_currency = ?, updated_at = now()
      where shop_order_id = ? and deleted_at is null`,
    [
      reason.slice(0, 1000),
      paid?.amount ?? null,
      paid?.currency ?? null,
      shopOrderId,
    ]
  )
}
