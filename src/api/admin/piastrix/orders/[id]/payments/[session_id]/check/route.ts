import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  PAYMENT_REGISTER_TABLE,
  type DuePayment,
  type SqlConnection,
} from "../../../../../../../../lib/plugin"
import { reconcilePiastrixPaymentWorkflow } from "../../../../../../../../workflows/piastrix-reconcile/reconcile-piastrix-payment"
import { orderPayments } from "../../../../helpers"

/**
 * "Check status now": one look at the service for a payment of this order that is still open, through the
 * same workflow as the reconcile job. The shop's polling guard keeps the service's limits: a second check
 * inside the window reuses the first answer instead of asking again. A paid payment is captured as the job
 * would; an ended one tells the waiting order.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const before = await orderPayments(req)
  const payment = before.find((p) => p.session_id === req.params.session_id)
  if (!payment) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `session_id: ${req.params.session_id} is not a Piastrix payment of order ${req.params.id}`
    )
  }
  if (!payment.open_at_service) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `session_id: the payment is ${payment.captured ? "captured" : "settled"}; there is nothing to check`
    )
  }
  const db = req.scope.resolve<SqlConnection>(
    ContainerRegistrationKeys.PG_CONNECTION
  )
  const { rows } = await db.raw(
    `select id, shop_order_id, kind, amount, currency, payment_id, state, created_at
       from ${PAYMENT_REGISTER_TABLE} where shop_order_id = ? and deleted_at is null`,
    [payment.shop_order_id]
  )
  const due: DuePayment = { ...rows[0], session_id: payment.session_id }
  const { result } = await reconcilePiastrixPaymentWorkflow(req.scope).run({
    input: { payment: due },
  })
  res.json({
    check: result.status,
    outcome: result.outcome,
    payments: await orderPayments(req),
  })
}
