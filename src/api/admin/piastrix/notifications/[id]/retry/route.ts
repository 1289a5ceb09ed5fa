import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import { runNotificationProcessing } from "../../../../../../workflows/piastrix-notification/utils/run-notification-processing"

/** States a store owner may retry: the money needs a person, or processing keeps failing. */
const RETRYABLE = new Set(["needs_attention", "failed"])

/**
 * Processes a notification again once its cause is fixed (the cart completed, stock restored), and
 * answers how it ended. Processing is idempotent, so a retry can never place a second order.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const [row] = await piastrix.listPiastrixNotifications({ id: req.params.id })
  if (!row) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Piastrix notification with id: ${req.params.id} was not found`
    )
  }
  if (!RETRYABLE.has(row.state)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `id: the notification is ${row.state}; only needs_attention and failed ones can be retried`
    )
  }
  await piastrix.reopenNotification(row.id)
  const result = await runNotificationProcessing(req.scope, row.id)
  const [after] = await piastrix.listPiastrixNotifications({ id: row.id })
  res.json({ notification: after, outcome: result.state })
}
