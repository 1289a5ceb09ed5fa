import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { RemoteQueryFunction } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import { payoutsOf, recipientOr404 } from "../../../payout-helpers"
import type { AdminRecipientProductsType } from "../../../payout-validators"

const linkOf = (recipientId: string, productId: string) => ({
  [PIASTRIX_MODULE]: { piastrix_recipient_id: recipientId },
  [Modules.PRODUCT]: { product_id: productId },
})

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
  const recipient = await recipientOr404(payoutsOf(req), req.params.id)
  res.json({
    products: await productsOf(
      req.scope.resolve(ContainerRegistrationKeys.QUERY),
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
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const link = req.scope.resolve(ContainerRegistrationKeys.LINK)
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
    const owned = products.flatMap((p) =>
      p.piastrix_recipient && p.piastrix_recipient.id !== recipient.id
        ? [linkOf(p.piastrix_recipient.id, p.id)]
        : []
    )
    if (owned.length) {
      await link.dismiss(owned)
    }
    await link.create(add.map((id) => linkOf(recipient.id, id)))
  }
  if (remove.length) {
    await link.dismiss(remove.map((id) => linkOf(recipient.id, id)))
  }
  res.json({ products: await productsOf(query, recipient.id) })
}
