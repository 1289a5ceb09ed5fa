import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const notePiastrixOrphanOrderStepId = "note-piastrix-orphan-order"

/** The metadata key the admin reads on an order canceled as a leftover of an interrupted completion. */
export const ORPHAN_METADATA_KEY = "piastrix_orphan"

/**
 * Writes on the order why it was (or was not) canceled, and marks it checked so the job does not
 * look at it again. Undone on compensation.
 */
export const notePiastrixOrphanOrderStep = createStep(
  notePiastrixOrphanOrderStepId,
  async (
    input: { order_id: string; note: Record<string, unknown> | null },
    { container }
  ) => {
    const orderModule = container.resolve(Modules.ORDER)
    const order = await orderModule.retrieveOrder(input.order_id, {
      select: ["id", "metadata"],
    })
    const previous = (order.metadata ?? {}) as Record<string, unknown>
    await orderModule.updateOrders(input.order_id, {
      metadata: {
        ...previous,
        piastrix_orphan_checked: new Date().toISOString(),
        ...(input.note ? { [ORPHAN_METADATA_KEY]: input.note } : {}),
      },
    })
    return new StepResponse(null, { id: input.order_id, metadata: previous })
  },
  async (previous, { container }) => {
    if (previous) {
      await container
        .resolve(Modules.ORDER)
        .updateOrders(previous.id, { metadata: previous.metadata })
    }
  }
)
