import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { findPiastrixPaymentTargetStep } from "../piastrix-notification/steps/find-piastrix-payment-target"
import { markPiastrixOrderPaymentFailedStep } from "../piastrix-notification/steps/mark-piastrix-order-payment-failed"
import { mendPiastrixInterruptedOrderStep } from "../piastrix-notification/steps/mend-piastrix-interrupted-order"
import { runPiastrixPaymentProcessingStep } from "../piastrix-notification/steps/run-piastrix-payment-processing"
import {
  readPiastrixSessionOutcomeStep,
  type SessionOutcome,
} from "./steps/read-piastrix-session-outcome"

export const reconcilePiastrixSessionWorkflowId = "reconcile-piastrix-session"

/**
 * Re-checks one Piastrix session still waiting for money, with the steps a notification uses:
 * Medusa's payment processing asks the provider (the inbox first, then the status endpoint through
 * the shop's polling guard, capturing only what is corroborated), and completes the cart when paid.
 * A cart's session whose order does not wait for it (the order was paid another way) is skipped, unless
 * the service says this session was paid: then, as for a success notification, an order a completion
 * placed and died before authorizing (or between its links) is mended and its payment captured on it.
 * A session in an order's own payment collection is checked like any other. When the payment ended
 * without money, an order already waiting for it says so.
 */
export const reconcilePiastrixSessionWorkflow = createWorkflow(
  reconcilePiastrixSessionWorkflowId,
  (input: {
    session_id: string
    /** The service's status read says this payment was paid as asked (`checkPiastrixPaymentStatusStep`). */
    paid?: boolean
  }) => {
    const target = findPiastrixPaymentTargetStep({
      shop_order_id: input.session_id,
    })
    const due = transform({ input, target }, ({ input, target }) => {
      const session = target.session
      // A cart that became an order with a merely pending session was paid another way: its order is
      // not waiting for this payment, unless the service says this one was paid (a completion placed the
      // order and died before authorizing; the callback was lost). A session in an order's own payment
      // collection (no cart: what an order edit, a claim or an exchange left to pay) is exactly what its
      // order waits for.
      return (
        !!session &&
        (!!input.paid ||
          !(
            target.cart_id &&
            target.order &&
            session.status !== "pending_authorization"
          ))
      )
    })

    // Paid: as for a success notification, an order a killed completion linked to only one of the cart and
    // its payment collection is mended before the capture, so the capture is recorded on the cart's order.
    when(
      "piastrix-session-paid",
      { input, due },
      ({ input, due }) => due && !!input.paid
    ).then(() => {
      mendPiastrixInterruptedOrderStep({
        payment_collection_id: target.session!.payment_collection_id,
      })
    })

    const checked = when(
      "piastrix-session-due",
      { due },
      ({ due }) => due
    ).then(() => {
      runPiastrixPaymentProcessingStep({
        session_id: target.session!.id,
        amount: target.session!.amount,
      })
      const outcome = readPiastrixSessionOutcomeStep({
        session_id: target.session!.id,
        payment_collection_id: target.session!.payment_collection_id,
      })
      const failure = transform({ outcome }, ({ outcome }) => ({
        order: outcome.outcome === "failed" ? outcome.order : null,
        reason: outcome.mismatch
          ? "the Piastrix payment came in another amount or currency than asked; not captured"
          : `the Piastrix payment ended ${outcome.status}`,
        at: new Date().toISOString(),
      }))
      markPiastrixOrderPaymentFailedStep(failure)
      return outcome
    })

    const result = transform(
      { input, target, checked },
      ({ input, target, checked }): SessionOutcome =>
        checked ?? {
          session_id: input.session_id,
          outcome: "skipped",
          status: target.session?.status ?? "deleted",
          order: target.order,
        }
    )
    return new WorkflowResponse(result)
  }
)
