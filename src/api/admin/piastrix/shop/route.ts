import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { describeError } from "../../../../lib/plugin"
import { payoutsOf } from "../helpers/payouts-context"

/** The shop's balances at the service and its payout directions (what payouts can use). */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { client } = payoutsOf(req)
  try {
    const [balance, directions] = await Promise.all([client.shopBalance(), client.shopOutputConfig()])
    res.json({ balances: balance.balances, output_directions: directions })
  } catch (error) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Piastrix did not answer: ${describeError(error)}`)
  }
}
