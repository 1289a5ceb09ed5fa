import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { DuePayment } from "../../../../../../../../modules/piastrix/repositories/payment-register"
import { reconcilePiastrixPaymentWorkflow } from "../../../../../../../../workflows/piastrix-reconcile/reconcile-piastrix-payment"
import { piastrixModule } from "../../../../../helpers"
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
  const registered = await piastrixModule(req).registeredPayment(
    payment.shop_order_id
  )
  const due = { ...registered, session_id: payment.session_id } as DuePayment
  const { result } = await reconcilePiastrixPaymentWorkflow(req.scope).run({
    input: { payment: due },
  })
  res.json({
    check: result.status,
    outcome: result.outcome,
    payments: await orderPayments(req),
  })
}
