import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadPiastrixSession } from "../../../helpers/piastrix-session"

const orNull = (value: unknown) => (value === undefined ? null : value)

/**
 * GET /store/piastrix/sessions/:id/status
 * Where a payment stands, from Medusa's records only (no call to the service): cheap enough for a
 * return page to poll. Completing the cart to find out would burn an order number per attempt.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const session = await loadPiastrixSession(req.scope, req.params.id, "id")
  const data = session.data
  res.json({
    session_id: session.id,
    provider_id: session.provider_id,
    kind: session.kind,
    status: session.status,
    state: orNull(data.state),
    failure: orNull(data.failure),
    amount_mismatch: orNull(data.amount_mismatch),
    cart_id: session.cart_id,
    order_id: session.order_id,
    checked_at: orNull(data.checked_at),
    notice: orNull(data.notice),
  })
}
