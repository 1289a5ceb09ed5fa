import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { testConnection } from "../../../../lib/plugin"
import { piastrixModule } from "../helpers"
import type { AdminConnectionTestBody } from "../validators"

/**
 * Makes a signed call with the configured credentials, or with the ones in the body (to try them before
 * putting them in the configuration; they are used for this call only, never stored or echoed).
 */
export const POST = async (
  req: MedusaRequest<AdminConnectionTestBody>,
  res: MedusaResponse
) => {
  const piastrix = piastrixModule(req)
  const { shop_id, secret_key } = req.validatedBody
  const client =
    shop_id !== undefined && secret_key !== undefined
      ? piastrix.clientWithCredentials({
          shopId: shop_id,
          secretKey: secret_key,
        })
      : piastrix.getInteractiveClient()
  res.json(await testConnection(client))
}
