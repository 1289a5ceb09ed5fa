import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { directionRows } from "../../../../lib/plugin"
import { fromService, piastrixModule } from "../helpers"

/**
 * The shop's payment and payout directions with their fees, limits and account formats, read fresh. The
 * directions the store keeps for five minutes are dropped then, so what the admin sees is what the next
 * checkout uses (a direction the account manager just enabled shows at once).
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const piastrix = piastrixModule(req)
  const client = piastrix.getInteractiveClient()
  await fromService(res, async () => {
    const [input, output] = await Promise.all([
      client.shopInputConfig(),
      client.shopOutputConfig(),
    ])
    await piastrix.forgetShopDirections()
    return directionRows(input, output, client.currencies)
  })
}
