import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PIASTRIX_MODULE } from "../../../modules/piastrix"

export const planPiastrixRecipientProductsStepId =
  "plan-piastrix-recipient-products"

/** The link between a recipient and a product it owns (src/links/piastrix-recipient-product.ts). */
export const recipientProductLink = (
  recipientId: string,
  productId: string
) => ({
  [PIASTRIX_MODULE]: { piastrix_recipient_id: recipientId },
  [Modules.PRODUCT]: { product_id: productId },
})

type Link = ReturnType<typeof recipientProductLink>

/**
 * The links a change of a recipient's products makes and ends: products to add are refused (400 naming
 * `add`) unless they all exist; one another recipient owns moves (its link ends). Reads only: nothing to
 * compensate.
 */
export const planPiastrixRecipientProductsStep = createStep(
  planPiastrixRecipientProductsStepId,
  async (
    input: { recipient_id: string; add: string[]; remove: string[] },
    { container }
  ) => {
    const { recipient_id, add, remove } = input
    let moved: Link[] = []
    if (add.length) {
      const { data: products } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
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
      moved = products.flatMap((p) =>
        p.piastrix_recipient && p.piastrix_recipient.id !== recipient_id
          ? [recipientProductLink(p.piastrix_recipient.id, p.id)]
          : []
      )
    }
    return new StepResponse({
      moved,
      added: add.map((id) => recipientProductLink(recipient_id, id)),
      removed: remove.map((id) => recipientProductLink(recipient_id, id)),
    })
  }
)
