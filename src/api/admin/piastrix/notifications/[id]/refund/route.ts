import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import {
  refundPiastrixNotificationWorkflow,
  type InboxRefundView,
} from "../../../../../../workflows/piastrix-inbox"

/**
 * "Refund": money that arrived for a wallet payment whose cart could not become an order goes back to the
 * payer's wallet, once (`refundPiastrixNotificationWorkflow`). Asked again after it was sent, it answers
 * the same refund. Refused with 400 naming why for other kinds (the service has no refund for them), a row
 * that does not need a person, an order placed after all, or a store whose refund policy is not "transfer";
 * 409 while the row is being refunded or retried elsewhere.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  let refund: InboxRefundView
  try {
    const { result } = await refundPiastrixNotificationWorkflow(req.scope).run({
      input: { id: req.params.id, by: req.auth_context?.actor_id ?? null },
    })
    refund = result
  } catch (error) {
    if ((error as { type?: string })?.type === MedusaError.Types.CONFLICT) {
      // Said directly: Medusa answers its CONFLICT errors with a generic text about idempotency keys.
      res.status(409).json({
        type: "conflict",
        message: (error as Error).message,
      })
      return
    }
    throw error
  }
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const [after] = await piastrix.listPiastrixNotifications({
    id: req.params.id,
  })
  // As the inbox shows a row: never the whole payload (the payer's account is in it).
  const {
    fields: _fields,
    dedupe_key: _key,
    claimed_until: _claim,
    ...notification
  } = after
  res.json({ notification, refund })
}
