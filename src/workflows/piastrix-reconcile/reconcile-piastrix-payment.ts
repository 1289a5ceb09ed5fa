import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { DuePayment } from "../../modules/piastrix/repositories/payment-register"
import { messageText } from "../../lib/plugin/messages"
import { reconcilePiastrixSessionWorkflow } from "./reconcile-piastrix-session"
import {
  checkPiastrixPaymentStatusStep,
  type PaymentStatusCheck,
} from "./steps/check-piastrix-payment-status"
import { settlePiastrixPaymentStep } from "./steps/settle-piastrix-payment"
import type { SessionOutcome } from "./steps/read-piastrix-session-outcome"

export const reconcilePiastrixPaymentWorkflowId = "reconcile-piastrix-payment"

export type PaymentReconcileResult = {
  shop_order_id: string
  session_id: string | null
  status: PaymentStatusCheck
  /**
   * What Medusa's side ended as: the session's outcome, or the register's verdict without a session; `waiting`
   * when the service said not yet (nothing to process), `not_checked` when it could not be asked.
   */
  outcome:
    | SessionOutcome["outcome"]
    | "paid_without_order"
    | "paid_not_as_asked"
    | "not_checked"
  order_id: string | null
}

/**
 * One look at a payment this store opened and still waits for (its callback may never come: lost,
 * blocked, a wrong address). The status is asked first, so an unpaid payment costs one guarded call
 * and nothing else. Paid or ended, with a session: Medusa's payment processing settles it (the
 * provider reuses the answer), and a waiting order learns of a failure. Paid without a session (Medusa
 * replaced or deleted it), or paid another amount or currency than asked (never captured): the register
 * marks it for a person. Settled payments are not looked at again.
 */
export const reconcilePiastrixPaymentWorkflow = createWorkflow(
  reconcilePiastrixPaymentWorkflowId,
  (input: { payment: DuePayment }) => {
    const status = checkPiastrixPaymentStatusStep({ payment: input.payment })
    const act = transform({ input, status }, ({ input, status }) => {
      // Paid not as asked still goes through the session: the provider records the mismatch on it.
      const settledAtService =
        status.outcome === "paid" ||
        status.outcome === "paid_not_as_asked" ||
        status.outcome === "ended"
      if (!settledAtService) {
        return "none"
      }
      return input.payment.session_id
        ? "process"
        : status.outcome === "paid"
          ? "lost"
          : "none"
    })

    const paid = transform(
      { status },
      ({ status }) => status.outcome === "paid"
    )
    const session = when(
      "piastrix-payment-settled-at-service",
      { act },
      ({ act }) => act === "process"
    ).then(() =>
      reconcilePiastrixSessionWorkflow.runAsStep({
        input: {
          session_id: input.payment.session_id!,
          paid,
        },
      })
    )

    const result = transform(
      { input, status, act, session },
      ({ input, status, act, session }): PaymentReconcileResult => ({
        shop_order_id: input.payment.shop_order_id,
        session_id: input.payment.session_id,
        status,
        outcome:
          act === "lost"
            ? "paid_without_order"
            : status.outcome === "paid_not_as_asked"
              ? "paid_not_as_asked"
              : (session?.outcome ??
                (status.outcome === "pending" ? "waiting" : "not_checked")),
        order_id: session?.order?.id ?? null,
      })
    )
    const register = transform({ result }, ({ result }) => ({
      shop_order_id: result.shop_order_id,
      result:
        result.outcome === "captured" || result.outcome === "failed"
          ? ("settled" as const)
          : result.outcome === "paid_without_order" ||
              result.outcome === "paid_not_as_asked"
            ? ("paid_without_order" as const)
            : ("open" as const),
      reason: messageText(
        result.outcome === "paid_not_as_asked"
          ? "inbox.paid_found_not_as_asked"
          : "inbox.paid_found_session_gone",
        { detail: result.status.detail }
      ),
      paid:
        result.outcome === "paid_not_as_asked"
          ? (result.status.paid ?? null)
          : null,
    }))
    settlePiastrixPaymentStep(register)
    return new WorkflowResponse(result)
  }
)
