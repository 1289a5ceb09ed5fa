import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { bankTransferView } from "../../../../../../../../lib/plugin"
import { fromService, piastrixModule } from "../../../../../helpers"
import { orderPayments } from "../../../../helpers"

/**
 * The requisites and receipts of a bank transfer of this order, for the order widget: where the payer was
 * told to send the money, and each receipt filed with its review (pending, succeeded, rejected, with
 * support's comment). The status read goes through the shop's polling guard, so a widget opened again
 * inside the service's window reuses the last answer instead of asking; a service that cannot be asked
 * answers 502 with the reason.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const { id: orderId, session_id: sessionId } = req.params
  const payment = (await orderPayments(req)).find(
    (p) => p.session_id === sessionId
  )
  if (!payment) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `session_id: ${sessionId} is not a Piastrix payment of order ${orderId}`
    )
  }
  if (payment.kind !== "bank_transfer") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `session_id: ${sessionId} is a ${payment.kind_label} payment, not a bank transfer`
    )
  }
  const service = piastrixModule(req)
  await fromService(res, async () => ({
    session_id: sessionId,
    ...(await bankTransferView(
      {
        client: service.getInteractiveClient(),
        guard: service.getPollingGuard(),
      },
      payment.shop_order_id
    )),
  }))
}
