import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { piastrixModule } from "../helpers"
import type { AdminNotificationsQuery } from "../validators"

/** The notification inbox, `needs_attention` rows first, with how many need a person. */
export const GET = async (
  req: MedusaRequest<unknown, AdminNotificationsQuery>,
  res: MedusaResponse
) => {
  const { state, limit, offset } = req.validatedQuery as AdminNotificationsQuery
  const page = await piastrixModule(req).inboxPage({ state, limit, offset })
  res.json({ ...page, limit, offset })
}
