import {
  NOTIFICATION_TABLE,
  refundedPayment,
  type SqlConnection,
} from "./inbox"

/**
 * A payment carried over to a replacement session. When Medusa cannot complete a cart after the
 * money arrived, its compensation deletes the paid session and starts a new one for the same cart
 * with the old session's data. The service cannot pay an order twice, so instead of opening a second
 * payment the new session carries the first one's `shop_order_id`, and the cart completes with it
 * once fixed. These checks run on Medusa's own `payment_session` table (read-only), so a storefront
 * cannot borrow another cart's payment by writing `shop_order_id` into session data.
 */

/**
 * Whether `newSessionId` may carry the payment `shopOrderId`: another session of the same payment
 * collection (so the same cart) and provider paid it (Medusa deletes that one right after creating
 * the new one), and the inbox holds the service's verified success for it, and none of it went back to the payer.
 */
export async function mayCarryPayment(
  db: SqlConnection,
  newSessionId: string,
  shopOrderId: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `select 1
       from payment_session n
       join payment_session o
         on o.payment_collection_id = n.payment_collection_id and o.provider_id = n.provider_id and o.id <> n.id
      where n.id = ?
        and coalesce(o.data->>'shop_order_id', o.id) = ?
        and exists (select 1 from ${NOTIFICATION_TABLE} p
                     where p.shop_order_id = ? and p.status = 'success' and p.deleted_at is null)
        and not ${refundedPayment("coalesce(o.data->>'shop_order_id', o.id)")}
      limit 1`,
    [newSessionId, shopOrderId, shopOrderId]
  )
  return rows.length > 0
}

/** The live session that now carries the payment `shopOrderId`, if its own session is gone. */
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
