import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import {
  resolvePiastrixAttentionRowWorkflow,
  resolvePiastrixNotificationWorkflow,
} from "../../../../../../workflows/piastrix-inbox"
import type { AdminResolveNotificationBody } from "../../../validators"

/**
 * Marks an inbox row that needs a person as resolved outside the plugin (refunded at Piastrix, an order made
 * by hand, the payer contacted), with what was done and by whom. By the row's `source`: a notification
 * (`resolvePiastrixNotificationWorkflow`: nothing processes it again), or a payment or refund that needs a
 * person without one (`resolvePiastrixAttentionRowWorkflow`). Answers the row as the inbox now lists it.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminResolveNotificationBody>,
  res: MedusaResponse
) => {
  const { note, source } = req.validatedBody
  const by = req.auth_context?.actor_id ?? null
  const id = req.params.id
  if (source === "notification") {
    await resolvePiastrixNotificationWorkflow(req.scope).run({
      input: { id, note, by },
    })
  } else {
    await resolvePiastrixAttentionRowWorkflow(req.scope).run({
      input: { source, id, note, by },
    })
  }
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  res.json({ notification: await piastrix.inboxRow(source, id) })
}
