import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PROVIDER_IDENTIFIERS } from "../../../../lib/plugin"
import { piastrixModule } from "../helpers"

/** The options in force (secrets masked) with their source, the callback address and the provider ids. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const piastrix = piastrixModule(req)
  const { backendUrl } = piastrix.getOptions()
  res.json({
    options: piastrix.optionsInForce(),
    callback_url: backendUrl
      ? `${backendUrl.replace(/\/+$/, "")}/hooks/piastrix`
      : null,
    provider_ids: Object.values(PROVIDER_IDENTIFIERS).map(
      (identifier) => `pp_${identifier}_piastrix`
    ),
  })
}
