import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { INBOX_VIEW_FIELDS } from "../../../../../../modules/piastrix/repositories/inbox"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import { resolvePiastrixNotificationWorkflow } from "../../../../../../workflows/piastrix-inbox"
import type { AdminResolveNotificationBody } from "../../../validators"

/**
 * Marks a notification that needs a person as resolved outside the plugin (refunded at Piastrix, an
 * order made by hand), with what was done and by whom (`resolvePiastrixNotificationWorkflow`); nothing
 * processes it again.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminResolveNotificationBody>,
  res: MedusaResponse
) => {
  await resolvePiastrixNotificationWorkflow(req.scope).run({
    input: {
      id: req.params.id,
      note: req.validatedBody.note,
      by: req.auth_context?.actor_id ?? null,
    },
  })
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const [after] = await piastrix.listPiastrixNotifications(
    { id: req.params.id },
    { select: [...INBOX_VIEW_FIELDS] }
  )
  res.json({ notification: after })
}
