import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { balanceRows } from "../../../../lib/plugin"
import { fromService, piastrixModule } from "../helpers"

/** The shop's balances per currency at the service: available, hold, frozen, rolling reserve. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const client = piastrixModule(req).getInteractiveClient()
  await fromService(res, async () => ({
    balances: balanceRows(await client.shopBalance(), client.currencies),
  }))
}
