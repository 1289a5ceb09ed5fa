import { NOTIFICATION_TABLE, refundedPayment } from "./inbox"
import {
  anotherSessionOfCollectionPaid,
  capturedInCollectionOf,
} from "../../../lib/plugin/medusa-tables"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"

/**
 * A payment carried over to a replacement session. When Medusa cannot complete a cart after the
 * money arrived, its compensation deletes the paid session and starts a new one for the same cart
 * with the old session's data. The service cannot pay an order twice, so instead of opening a second
 * payment the new session carries the first one's `shop_order_id`, and the cart completes with it
 * once fixed. These checks read Medusa's own `payment_session` and `payment` tables (medusa-tables.ts),
 * so a storefront cannot borrow another cart's payment by writing `shop_order_id` into session data.
 */

/**
 * Whether `newSessionId` may carry the payment `shopOrderId`: another session of the same payment
 * collection (so the same cart) and provider paid it, the inbox holds the service's verified success for
 * it or Medusa captured it on that session's payment (a storefront's completion that failed after
 * capturing, before the notification came: the status read that corroborated it), and none of it went
 * back to the payer.
 *
 * The paid session is known by its row, or by the Medusa payment authorized from it. Medusa creates the
 * replacement and deletes the paid session in parallel (`createPaymentSessionsWorkflow`), and the delete is
 * a hard one: when it wins, only the payment (which Medusa keeps, with its refunds) still says which
 * session of this collection was paid.
 */
export async function mayCarryPayment(
  db: SqlConnection,
  newSessionId: string,
  shopOrderId: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `select 1
      where ${anotherSessionOfCollectionPaid("?", "?")}
        and (exists (select 1 from ${NOTIFICATION_TABLE} s
                      where s.shop_order_id = ? and s.status = 'success' and s.deleted_at is null)
             or ${capturedInCollectionOf("?", "?")})
        and not ${refundedPayment("?")}`,
    [
      newSessionId,
      shopOrderId,
      shopOrderId,
      shopOrderId,
      newSessionId,
      shopOrderId,
      shopOrderId,
    ]
  )
  return rows.length > 0
}
