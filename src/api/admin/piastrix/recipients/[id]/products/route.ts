import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import { payoutsOf, recipientOr404 } from "../../../payout-helpers"
import type { AdminRecipientProductsType } from "../../../payout-validators"

type Query = { graph(q: Record<string, unknown>): Promise<{ data: any[] }> }
type Link = {
  create(links: unknown[]): Promise<unknown>
  dismiss(links: unknown[]): Promise<unknown>
}

const linkOf = (recipientId: string, productId: string) => ({
  [PIASTRIX_MODULE]: { piastrix_recipient_id: recipientId },
  [Modules.PRODUCT]: { product_id: productId },
})

async function productsOf(query: Query, recipientId: string) {
  const { data } = await query.graph({
    entity: "piastrix_recipient",
    fields: ["products.id", "products.title"],
    filters: { id: recipientId },
  })
  return (data[0]?.products ?? [])
    .filter(Boolean)
    .map((p: { id: string; title: string }) => ({ id: p.id, title: p.title }))
}

/** The products a recipient owns (its sales earn it its share). */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) => {
  const recipient = await recipientOr404(payoutsOf(req), req.params.id)
  res.json({
    products: await productsOf(
      req.scope.resolve<Query>(ContainerRegistrationKeys.QUERY),
      recipient.id
    ),
  })
}

/** Links products to the recipient (moving them from another one) and unlinks others. */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminRecipientProductsType>,
  res: MedusaResponse
) => {
  const recipient = await recipientOr404(payoutsOf(req), req.params.id)
  const query = req.scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const link = req.scope.resolve<Link>(ContainerRegistrationKeys.LINK)
  const { add = [], remove = [] } = req.validatedBody
  if (add.length) {
    const { data: products } = await query.graph({
      entity: "product",
      fields: ["id", "piastrix_recipient.id"],
      filters: { id: add },
    })
    const missing = add.filter((id) => !products.some((p) => p.id === id))
    if (missing.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `add: no product ${missing.join(", ")}`
      )
    }
    const owned = products.filter(
      (p) => p.piastrix_recipient && p.piastrix_recipient.id !== recipient.id
    )
    if (owned.length) {
      await link.dismiss(
        owned.map((p) => linkOf(p.piastrix_recipient.id, p.id))
      )
    }
    await link.create(add.map((id) => linkOf(recipient.id, id)))
  }
  if (remove.length) {
    await link.dismiss(remove.map((id) => linkOf(recipient.id, id)))
  }
  res.json({ products: await productsOf(query, recipient.id) })
}
