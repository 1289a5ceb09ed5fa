import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { INBOX_VIEW_FIELDS } from "../../../../../../modules/piastrix/repositories/inbox"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import { retryPiastrixNotificationWorkflow } from "../../../../../../workflows/piastrix-inbox"

/**
 * Processes a notification that needs a person or keeps failing again once its cause is fixed (the cart
 * completed, stock restored), and answers how it ended (`retryPiastrixNotificationWorkflow`).
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const { result } = await retryPiastrixNotificationWorkflow(req.scope).run({
    input: { id: req.params.id },
  })
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const [after] = await piastrix.listPiastrixNotifications(
    { id: req.params.id },
    { select: [...INBOX_VIEW_FIELDS] }
  )
  res.json({ notification: after, outcome: result.state })
}
