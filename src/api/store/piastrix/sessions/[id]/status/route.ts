import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { loadPiastrixSession } from "../../../helpers/piastrix-session"
import type { StoreSessionStatusQueryType } from "../../../validators"

const orNull = (value: unknown) => (value === undefined ? null : value)

/**
 * GET /store/piastrix/sessions/:id/status[?cart_id=]
 * Where a payment stands, from Medusa's records only (no call to the service): cheap enough for a
 * return page to poll. Completing the cart to find out would burn an order number per attempt.
 *
 * A session id travels in the return address and to the service, so it grants no more than the payment's
 * state: never the cart's id (Medusa serves a cart, with the payer's e-mail and addresses, to whoever
 * holds it), and the order's id only to the holder of the session's cart (`cart_id`), which the storefront
 * already has. Without it, `order_placed` tells a return page that the order exists.
 */
export async function GET(
  req: MedusaRequest<unknown, StoreSessionStatusQueryType>,
  res: MedusaResponse
) {
  const session = await loadPiastrixSession(req, req.params.id, "id")
  const cartId = req.validatedQuery?.cart_id as string | undefined
  if (cartId !== undefined && cartId !== session.cart_id) {
    // Another cart's session looks exactly like an unknown one.
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session with id: ${session.id} was not found`
    )
  }
  const data = session.data
  res.json({
    session_id: session.id,
    provider_id: session.provider_id,
    kind: session.kind,
    status: session.status,
    state: orNull(data.state),
    failure: orNull(data.failure),
    amount_mismatch: orNull(data.amount_mismatch),
    order_placed: session.order_id !== null,
    order_id: cartId !== undefined ? session.order_id : null,
    checked_at: orNull(data.checked_at),
    notice: orNull(data.notice),
  })
}
