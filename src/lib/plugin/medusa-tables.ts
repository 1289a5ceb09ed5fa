import type { SqlConnection } from "./sql-connection"

/**
 * Every SQL the plugin runs on Medusa's own tables, in one place (issue 23), so a Medusa release that
 * changes one of them breaks this file and no other. A unit test (src/__tests__/medusa-tables.spec.ts) fails
 * when SQL outside it names one of Medusa's tables. The plugin only reads them; the one write is a finished
 * migration (Migration20261126130000 masks the payer's wallet in `payment_session.data` and `payment.data`),
 * which stays as it ran.
 *
 * | Table (module)                     | Columns relied on                                                        |
 * | ---------------------------------- | ------------------------------------------------------------------------ |
 * | `payment_session` (payment)        | id, payment_collection_id, provider_id, created_at, deleted_at,          |
 * |                                    | data->>'shop_order_id', data->>'payer_currency'                          |
 * | `payment` (payment)                | id, payment_collection_id, provider_id, payment_session_id,              |
 * |                                    | captured_at, data->>'shop_order_id'                                      |
 * | `refund` (payment)                 | id, payment_id, deleted_at                                               |
 * | `"order"` (order)                  | id, status, is_draft_order, canceled_at, created_at, deleted_at,         |
 * |                                    | metadata->>'piastrix_orphan_checked'                                     |
 * | `order_cart` (link)                | order_id, cart_id, deleted_at                                            |
 * | `order_payment_collection` (link)  | order_id, payment_collection_id, deleted_at                              |
 * | `cart_payment_collection` (link)   | cart_id, payment_collection_id, deleted_at                               |
 *
 * Also relied on: a Piastrix provider's id starts with `pp_piastrix` (Medusa's `pp_<identifier>_<id>`), and
 * session data carries `shop_order_id` once a replacement session carries a payment (carried-payment.ts).
 *
 * Why SQL and not Medusa's query graph or the payment module's service, each where it applies:
 * - (provider) the payment provider runs it: a provider resolves only its own module's container, where
 *   there is neither the query graph nor another module's service;
 * - (json) it filters on a key inside session or payment data (`data->>'shop_order_id'`), which neither
 *   the graph nor `listPaymentSessions` filters on;
 * - (deleted) it reads soft-deleted rows too, which the graph and the services leave out;
 * - (part) it is part of one of the plugin's statements (a claim `for update skip locked`, the inbox page's
 *   `refundable` column, an adoption of an orphan refund row): a second query would cost a round trip per
 *   row or give up the statement's atomicity;
 * - (links) it asks what is not linked (an order without a cart or payment collection), which the graph
 *   cannot.
 * Reads that the graph answers as well live where they are used, through Medusa's API (`query.graph` on
 * `payment_session`, `order`, `cart_payment_collection`, `order_cart`, `order_payment_collection`).
 *
 * Fragments take SQL expressions (a bound `?`, or a column of the caller's statement) and are pasted into the
 * caller's statement, so the number of queries stays what it was.
 */

/**
 * SQL: a Piastrix payment session other than `newSessionId` of the same payment collection and provider paid
 * the payment `shopOrderId`, by the session's row or by the Medusa payment authorized from it (Medusa deletes
 * the paid session for good when it replaces it, and keeps the payment). Binds `newSessionId`, then
 * `shopOrderId` twice, in that order. (provider, json, part: carried-payment.ts)
 */
export const anotherSessionOfCollectionPaid = (
  newSessionId: string,
  shopOrderId: string
) =>
  `exists (select 1 from payment_session n
            where n.id = ${newSessionId}
              and (exists (select 1 from payment_session o
                            where o.payment_collection_id = n.payment_collection_id and o.provider_id = n.provider_id
                              and o.id <> n.id and coalesce(o.data->>'shop_order_id', o.id) = ${shopOrderId})
                   or exists (select 1 from payment p
                               where p.payment_collection_id = n.payment_collection_id and p.provider_id = n.provider_id
                                 and p.payment_session_id <> n.id
                                 and coalesce(p.data->>'shop_order_id', p.payment_session_id) = ${shopOrderId})))`

/**
 * SQL: Medusa captured the payment `shopOrderId` on a payment of the same payment collection and provider as the
 * session `newSessionId`, authorized from another session: the provider answered captured (a verified
 * notification, or a status read that corroborated it). Binds `newSessionId`, then `shopOrderId`. (provider,
 * json, part: carried-payment.ts)
 */
export const capturedInCollectionOf = (
  newSessionId: string,
  shopOrderId: string
) =>
  `exists (select 1 from payment_session n
             join payment p on p.payment_collection_id = n.payment_collection_id and p.provider_id = n.provider_id
            where n.id = ${newSessionId} and p.payment_session_id <> n.id and p.captured_at is not null
              and coalesce(p.data->>'shop_order_id', p.payment_session_id) = ${shopOrderId})`

/**
 * Whether Medusa captured the payment `shopOrderId` that the session `sessionId` carries on the payment of
 * another session of its payment collection (`capturedInCollectionOf`). (provider, json)
 */
export async function capturedBeforeSession(
  db: SqlConnection,
  sessionId: string,
  shopOrderId: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `select ${capturedInCollectionOf("?", "?")} as captured`,
    [sessionId, shopOrderId]
  )
  return rows[0]?.captured === true
}

/** SQL: a payment session with id `id` exists, live or deleted. (deleted, part: payment-register.ts) */
export const sessionEverExisted = (id: string) =>
  `exists (select 1 from payment_session where id = ${id})`

/**
 * SQL: the live session that holds the payment `shopOrderId` (its own, else the newest that carries it), or
 * null. (json, part: the due payments' claim in payment-register.ts)
 */
export const liveSessionHolding = (shopOrderId: string) =>
  `(select s.id from payment_session s
     where s.deleted_at is null and (s.id = ${shopOrderId} or s.data->>'shop_order_id' = ${shopOrderId})
     order by (s.id = ${shopOrderId}) desc, s.created_at desc
     limit 1)`

/**
 * SQL: the payment `shopOrderId` was opened in a Piastrix wallet session (live or deleted): payments opened
 * before the payment register existed. (deleted, part: the inbox's `refundableNotification`)
 */
export const walletSessionExists = (shopOrderId: string) =>
  `exists (select 1 from payment_session rs
            where rs.id = ${shopOrderId} and rs.provider_id like 'pp\\_piastrix-wallet\\_%')`

/** SQL: Medusa still holds the refund `refundId` (it deletes one whose provider call failed). (provider, part) */
export const medusaRefundLives = (refundId: string) =>
  `exists (select 1 from refund m where m.id = ${refundId} and m.deleted_at is null)`

/**
 * Whether Medusa's refund `refundId` is of a payment no order holds (its payment collection is linked to no
 * order). Only the compensation of a cart completion that failed after its payment was captured refunds such
 * a payment: a refund from the admin goes through the payment's order. False for an id Medusa does not hold.
 * (provider, links)
 */
export async function refundOfPaymentWithoutOrder(
  db: SqlConnection,
  refundId: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `select 1 from refund r
       join payment p on p.id = r.payment_id
      where r.id = ? and r.deleted_at is null
        and not exists (select 1 from order_payment_collection opc
                         where opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null)`,
    [refundId]
  )
  return rows.length > 0
}

/** The live session that now carries the payment `shopOrderId`, if its own session is gone. (json) */
export async function carryingSessionId(
  db: SqlConnection,
  shopOrderId: string
): Promise<string | null> {
  const { rows } = await db.raw(
    `select id from payment_session
      where deleted_at is null and id <> ? and data->>'shop_order_id' = ?
      order by created_at desc
      limit 1`,
    [shopOrderId, shopOrderId]
  )
  return rows[0]?.id ?? null
}

/**
 * The sessions, live or deleted, that held the payment `shopOrderId` (its own and those that carried it),
 * oldest first: their payment collection and the payer's currency they recorded. (json, deleted)
 */
export async function sessionsHoldingPayment(
  db: SqlConnection,
  shopOrderId: string
): Promise<
  Array<{ payment_collection_id: string; payer_currency: string | null }>
> {
  const { rows } = await db.raw(
    `select payment_collection_id, data->>'payer_currency' as payer_currency
       from payment_session
      where id = ? or data->>'shop_order_id' = ?
      order by created_at`,
    [shopOrderId, shopOrderId]
  )
  return rows
}

/**
 * Orders an interrupted cart completion may have left behind (orphan-orders.ts): live, pending, not drafts,
 * older than `graceSeconds` and younger than a week, not yet checked, linked to no cart and no payment
 * collection. (links)
 */
export async function unlinkedOrderIds(
  db: SqlConnection,
  s: { graceSeconds: number; limit: number }
): Promise<string[]> {
  const { rows } = await db.raw(
    `select o.id from "order" o
      where o.deleted_at is null and o.canceled_at is null and o.is_draft_order = false and o.status = 'pending'
        and o.created_at < now() - make_interval(secs => ?)
        and o.created_at > now() - interval '7 days'
        and coalesce(o.metadata->>'piastrix_orphan_checked', '') = ''
        and not exists (select 1 from order_cart oc where oc.order_id = o.id and oc.deleted_at is null)
        and not exists (select 1 from order_payment_collection opc where opc.order_id = o.id and opc.deleted_at is null)
      order by o.created_at asc
      limit ?`,
    [s.graceSeconds, s.limit]
  )
  return rows.map((r) => r.id)
}

/** SQL of `interruptedOrdersOfCollection` (below), without its order; binds the payment collection's id. */
const ORDERS_LINKED_TO_COLLECTION_ONLY = `select opc.order_id from cart_payment_collection cpc
       join order_payment_collection opc
         on opc.payment_collection_id = cpc.payment_collection_id and opc.deleted_at is null
      where cpc.payment_collection_id = ? and cpc.deleted_at is null
        and not exists (select 1 from order_cart oc where oc.cart_id = cpc.cart_id and oc.deleted_at is null)
        and not exists (select 1 from order_cart oc where oc.order_id = opc.order_id and oc.deleted_at is null)`

/** SQL of `orderMissingItsPaymentCollection` (below), without its order; binds the payment collection's id. */
const ORDER_LINKED_TO_CART_ONLY = `select oc.order_id from cart_payment_collection cpc
       join order_cart oc on oc.cart_id = cpc.cart_id and oc.deleted_at is null
      where cpc.payment_collection_id = ? and cpc.deleted_at is null
        and not exists (select 1 from order_payment_collection opc
                         where opc.payment_collection_id = cpc.payment_collection_id and opc.deleted_at is null)
        and not exists (select 1 from order_payment_collection opc where opc.order_id = oc.order_id and opc.deleted_at is null)`

/**
 * Orders a completion of the cart paying with `paymentCollectionId` left linked to the payment collection
 * but not to the cart (the process died between the two links Medusa makes): while that link stays, every
 * later completion of the cart fails ("Cannot create multiple links") and the money never becomes an order.
 * Only when the cart itself has no order, so a real order is never touched. (links)
 */
export async function interruptedOrdersOfCollection(
  db: SqlConnection,
  paymentCollectionId: string
): Promise<string[]> {
  const { rows } = await db.raw(
    `${ORDERS_LINKED_TO_COLLECTION_ONLY} order by opc.order_id`,
    [paymentCollectionId]
  )
  return rows.map((r) => r.order_id)
}

/**
 * The order a completion of the cart paying with `paymentCollectionId` placed and linked to the cart but not
 * to the payment collection (the process died between the two links Medusa makes), when the payment
 * collection has no order either: without that link the order shows no payment, and the capture a later
 * processing makes is recorded on the payment collection only. Null when there is none. (links)
 */
export async function orderMissingItsPaymentCollection(
  db: SqlConnection,
  paymentCollectionId: string
): Promise<string | null> {
  const { rows } = await db.raw(
    `${ORDER_LINKED_TO_CART_ONLY} order by oc.order_id limit 1`,
    [paymentCollectionId]
  )
  return rows[0]?.order_id ?? null
}

/**
 * Whether a completion of the cart paying with `paymentCollectionId` left an order linked to only one of the
 * cart and the payment collection (`interruptedOrdersOfCollection` or `orderMissingItsPaymentCollection` would
 * find one): both questions in one statement, for the path where nothing was interrupted. (links)
 */
export async function collectionLooksInterrupted(
  db: SqlConnection,
  paymentCollectionId: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `select exists (${ORDERS_LINKED_TO_COLLECTION_ONLY}) or exists (${ORDER_LINKED_TO_CART_ONLY}) as interrupted`,
    [paymentCollectionId, paymentCollectionId]
  )
  return rows[0]?.interrupted === true
}
