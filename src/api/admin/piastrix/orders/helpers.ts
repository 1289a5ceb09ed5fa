import type { MedusaRequest } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type {
  OrderPaymentView,
  OrderSessionInput,
} from "../../../../modules/piastrix/repositories/order-payments"
import { piastrixModule } from "../helpers"

/** The order's payment sessions (with their payments' captures and data), or 404 naming the order. */
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
  return (order.payment_collections ?? []).flatMap((pc: any) =>
    (pc?.payment_sessions ?? []).map((s: any) => ({
      id: s.id,
      provider_id: s.provider_id,
      data: s.data,
      payments: s.payment ? [s.payment] : [],
    }))
  )
}

/** The Piastrix payments of the order in `req.params.id`, as the order widget shows them. */
export async function orderPayments(
  req: MedusaRequest
): Promise<OrderPaymentView[]> {
  const sessions = await sessionsOfOrder(req, req.params.id)
  return piastrixModule(req).orderPaymentViews(sessions)
}
