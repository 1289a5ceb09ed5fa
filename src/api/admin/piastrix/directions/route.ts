import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { directionRows } from "../../../../lib/plugin"
import { fromService, piastrixModule } from "../helpers"

/** The shop's payment and payout directions with their fees, limits and account formats. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const client = piastrixModule(req).getClient()
  await fromService(res, async () => {
    const [input, output] = await Promise.all([
      client.shopInputConfig(),
      client.shopOutputConfig(),
    ])
    return directionRows(input, output, client.currencies)
  })
}
