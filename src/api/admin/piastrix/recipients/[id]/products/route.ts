import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { RemoteQueryFunction } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { setPiastrixRecipientProductsWorkflow } from "../../../../../../workflows/piastrix-payouts"
import { piastrixModule } from "../../../helpers"
import { recipientOr404 } from "../../../payout-helpers"
import type { AdminRecipientProductsType } from "../../../payout-validators"

async function productsOf(
  query: Omit<RemoteQueryFunction, symbol>,
  recipientId: string
) {
  const { data } = await query.graph({
    entity: "piastrix_recipient",
    fields: ["products.id", "products.title"],
    filters: { id: recipientId },
  })
  return (data[0]?.products ?? []).flatMap(
    (p: { id: string; title: string } | null) =>
      p ? [{ id: p.id, title: p.title }] : []
  )
}

/** The products a recipient owns (its sales earn it its share). */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const recipient = await recipientOr404(piastrixModule(req), req.params.id)
  res.json({
    products: await productsOf(
      req.scope.resolve(ContainerRegistrationKeys.QUERY),
      recipient.id
    ),
  })
}

/**
 * Links products to the recipient (moving them from another one) and unlinks others
 * (`setPiastrixRecipientProductsWorkflow`).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminRecipientProductsType>,
  res: MedusaResponse
) => {
  const { result: recipient } = await setPiastrixRecipientProductsWorkflow(
    req.scope
  ).run({ input: { recipient_id: req.params.id, ...req.validatedBody } })
  res.json({
    products: await productsOf(
      req.scope.resolve(ContainerRegistrationKeys.QUERY),
      recipient.id
    ),
  })
}
