import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import type { AdminResolveNotificationBody } from "../../../validators"

/**
 * Marks a notification that needs a person as resolved outside the plugin (refunded at Piastrix, an
 * order made by hand), with what was done and by whom; nothing processes it again.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminResolveNotificationBody>,
  res: MedusaResponse
) => {
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const [row] = await piastrix.listPiastrixNotifications({ id: req.params.id })
  if (!row) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Piastrix notification with id: ${req.params.id} was not found`
    )
  }
  const resolved = await piastrix.resolveNotification(
    row.id,
    req.validatedBody.note,
    req.auth_context?.actor_id ?? null
  )
  if (!resolved) {
    const [now] = await piastrix.listPiastrixNotifications({ id: row.id })
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      now.state === "needs_attention" || now.state === "failed"
        ? "id: the notification is being processed right now; try again in a minute"
        : `id: the notification is ${now.state}; only needs_attention and failed ones can be marked resolved`
    )
  }
  const [after] = await piastrix.listPiastrixNotifications({ id: row.id })
  res.json({ notification: after })
}
