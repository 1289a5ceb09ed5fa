import type { MedusaRequest } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type {
  OrderPaymentView,
  OrderSessionInput,
} from "../../../../modules/piastrix/repositories/order-payments"
import { readSessionData } from "../../../../lib/plugin/session-data"
import { piastrixModule } from "../helpers"

type GraphPayment = {
  id: string
  payment_session_id: string | null
  captured_at?: unknown
  captures?: unknown[] | null
  data?: unknown
}

/** The payment a Medusa payment is of: the `shop_order_id` its data carries, else its own session's. */
const paymentOf = (p: GraphPayment) =>
  readSessionData(p.data)?.shop_order_id ?? p.payment_session_id

/**
 * The order's payment sessions with their payments' captures and data, or 404 naming the order. A session's
 * payments: its own, and one authorized from a session the collection no longer holds for the payment it
 * carries (a completion that failed after capturing: the capture is on the first session's payment, and the
 * order placed with the carrying session records it, issue 22). Each payment counts for one session.
 */
async function sessionsOfOrder(
  req: MedusaRequest,
  orderId: string
): Promise<OrderSessionInput[]> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.data",
      "payment_collections.payment_sessions.payment.captured_at",
      "payment_collections.payment_sessions.payment.captures.id",
      "payment_collections.payment_sessions.payment.data",
      "payment_collections.payments.id",
      "payment_collections.payments.payment_session_id",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.captures.id",
      "payment_collections.payments.data",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as any
  if (!order) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `id: order ${orderId} was not found`
    )
  }
  return (order.payment_collections ?? []).flatMap((pc: any) => {
    const sessions: any[] = pc?.payment_sessions ?? []
    const held = new Set(sessions.map((s) => s.id))
    let carried: GraphPayment[] = (pc?.payments ?? []).filter(
      (p: GraphPayment | null): p is GraphPayment =>
        !!p && !held.has(p.payment_session_id ?? "")
    )
    return sessions.map((s: any) => {
      const shopOrderId = readSessionData(s.data)?.shop_order_id ?? s.id
      const its = carried.filter((p) => paymentOf(p) === shopOrderId)
      carried = carried.filter((p) => !its.includes(p))
      return {
        id: s.id,
        provider_id: s.provider_id,
        data: s.data,
        payments: [...(s.payment ? [s.payment] : []), ...its],
      }
    })
  })
}

/** The Piastrix payments of the order in `req.params.id`, as the order widget shows them. */
export async function orderPayments(
  req: MedusaRequest
): Promise<OrderPaymentView[]> {
  const sessions = await sessionsOfOrder(req, req.params.id)
  return piastrixModule(req).orderPaymentViews(sessions)
}
