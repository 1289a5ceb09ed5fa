import type {
  AuthenticatedMedusaRequest,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { PROVIDER_IDENTIFIERS } from "../../../../lib/plugin"
import { savePiastrixSettingsWorkflow } from "../../../../workflows/piastrix-settings"
import { piastrixModule } from "../helpers"
import type { AdminSaveSettingsBody } from "../validators"
import type { SettingsResponse } from "../../../../types/admin-responses"

/**
 * The options in force (secrets masked) with their source, the editable operational settings (value,
 * source, locked), the callback address and the provider ids.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const piastrix = piastrixModule(req)
  const { backendUrl } = piastrix.getOptions()
  res.json({
    options: piastrix.optionsView(),
    settings: await piastrix.settings(),
    callback_url: backendUrl
      ? `${backendUrl.replace(/\/+$/, "")}/hooks/piastrix`
      : null,
    provider_ids: Object.values(PROVIDER_IDENTIFIERS).map(
      (identifier) => `pp_${identifier}_piastrix`
    ),
  } satisfies SettingsResponse)
}

/**
 * Changes operational settings (`savePiastrixSettingsWorkflow`): every instance uses them from its next
 * request. A setting written in medusa-config.ts cannot be changed here (400 naming it).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminSaveSettingsBody>,
  res: MedusaResponse
) => {
  await savePiastrixSettingsWorkflow(req.scope).run({
    input: {
      settings: req.validatedBody.settings,
      by: req.auth_context?.actor_id ?? null,
    },
  })
  res.json({ settings: await piastrixModule(req).settings() })
}
