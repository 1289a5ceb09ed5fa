import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { OrderRef } from "../../../lib/plugin"
import { plainMessage } from "../../../lib/plugin/messages"
import type { AccountCheck } from "../../../types/admin-responses"

/**
 * What the admin payout routes share: the refusals the payout workflows make too
 * (404s naming the id, no account key, a withdraw account its payway refuses), from their home in the workflows.
 */
export {
  checkWithdrawAccountFormat,
  openRecipientAccount,
  payoutOr404,
  recipientOr404,
  requireAccountKey,
} from "../../../workflows/piastrix-payouts/utils/admin-checks"

/** A withdraw account check in words: `ok`, `refused` (the payway's provider said no) or `unknown` (ask again later). */
export const accountCheckOf = (
  problem: { final: boolean; reason: string } | null
): AccountCheck => ({
  result: problem === null ? "ok" : problem.final ? "refused" : "unknown",
  reason: problem?.reason ?? null,
  reason_message: plainMessage(problem?.reason),
})

/**
 * Orders by id as the admin names them (`#12`), in one Query for a page of ledger entries or a statement.
 * An order Medusa no longer has is left out: the entry keeps its id for support.
 */
export async function orderRefsOf(
  req: MedusaRequest,
  orderIds: readonly (string | null)[]
): Promise<Map<string, OrderRef>> {
  const ids = [...new Set(orderIds.filter((id): id is string => !!id))]
  if (!ids.length) {
    return new Map()
  }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "display_id"],
    filters: { id: ids },
  })
  // Read field by field: Query's rows are typed once Medusa has generated its types (.medusa/types), and
  // untyped before, and a cast to a row type fits only one of the two.
  const refs = new Map<string, OrderRef>()
  for (const o of data) {
    refs.set(o.id, { id: o.id, display_id: Number(o.display_id) })
  }
  return refs
}
