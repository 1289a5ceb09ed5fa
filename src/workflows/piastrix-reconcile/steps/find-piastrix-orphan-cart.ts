import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  cartOfOrphan,
  isPiastrixProviderId,
  type CartShape,
  type OrderShape,
} from "../../../lib/plugin"

export const findPiastrixOrphanCartStepId = "find-piastrix-orphan-cart"

const SHAPE = [
  "email",
  "currency_code",
  "region_id",
  "sales_channel_id",
  "created_at",
  "items.variant_id",
  "items.quantity",
]

/** The Piastrix cart an unlinked order was made from, if any (lib/plugin/orphan-orders.ts). */
export const findPiastrixOrphanCartStep = createStep(
  findPiastrixOrphanCartStepId,
  async (input: { order_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    // The order module flattens each item's quantity (kept on the order's item detail), which the graph does not.
    const order = (await container
      .resolve(Modules.ORDER)
      .retrieveOrder(input.order_id, {
        select: [
          "id",
          "email",
          "currency_code",
          "region_id",
          "sales_channel_id",
          "created_at",
        ],
        relations: ["items"],
      })) as unknown as OrderShape & { id: string }
    if (!order?.email) {
      return new StepResponse<CartShape | null>(null)
    }
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: [
        "id",
        ...SHAPE,
        "order.id",
        "payment_collection.payment_sessions.provider_id",
      ],
      filters: {
        email: order.email,
        currency_code: order.currency_code ?? undefined,
        region_id: order.region_id ?? undefined,
      },
    })
    const shaped: CartShape[] = (carts as any[]).map((c) => ({
      ...c,
      order_id: c.order?.id ?? null,
      piastrix: (c.payment_collection?.payment_sessions ?? []).some((s: any) =>
        isPiastrixProviderId(s?.provider_id)
      ),
    }))
    return new StepResponse(cartOfOrphan(order, shaped))
  }
)
