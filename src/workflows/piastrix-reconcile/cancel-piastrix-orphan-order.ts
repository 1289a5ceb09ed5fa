import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixOrphanCartStep } from "./steps/find-piastrix-orphan-cart"
import { notePiastrixOrphanOrderStep } from "./steps/note-piastrix-orphan-order"

export const cancelPiastrixOrphanOrderWorkflowId =
  "cancel-piastrix-orphan-order"

/**
 * An order linked to no cart and no payment, made from a Piastrix cart by a completion that died
 * half-way: canceled with a note naming its cart and the order that cart became, so a store owner
 * never ships the goods twice. An unlinked order that matches no Piastrix cart is only marked checked.
 */
export const cancelPiastrixOrphanOrderWorkflow = createWorkflow(
  cancelPiastrixOrphanOrderWorkflowId,
  (input: { order_id: string }) => {
    const cart = findPiastrixOrphanCartStep({ order_id: input.order_id })
    const note = transform({ cart }, ({ cart }) =>
      cart
        ? {
            reason:
              "canceled: left behind by an interrupted completion of a cart paid with Piastrix; " +
              (cart.order_id
                ? `the cart became order ${cart.order_id}`
                : "the cart is not completed yet"),
            cart_id: cart.id,
            order_id: cart.order_id,
            at: new Date().toISOString(),
          }
        : null
    )
    notePiastrixOrphanOrderStep({ order_id: input.order_id, note })
    when(
      "piastrix-orphan-of-a-piastrix-cart",
      { cart },
      ({ cart }) => !!cart
    ).then(() => {
      cancelOrderWorkflow.runAsStep({
        input: { order_id: input.order_id, no_notification: true },
      })
    })
    return new WorkflowResponse(note)
  }
)
