import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { describeError, isPiastrixProviderId } from "../../../lib/plugin"

type OrderPayment = {
  id: string
  provider_id: string
  captured_at: Date | string | null
  canceled_at: Date | string | null
  data: Record<string, unknown> | null
}

/** Whether the session's payment is captured in full (Medusa sets `captured_at` then). */
export async function paymentCaptured(
  container: MedusaContainer,
  sessionId: string
): Promise<boolean> {
  const payments = await container
    .resolve(Modules.PAYMENT)
    .listPayments(
      { payment_session_id: sessionId },
      { select: ["id", "captured_at"] }
    )
  return payments.some((p) => !!p.captured_at)
}

/**
 * The Piastrix payments of an order that are paid at the service and only authorized in Medusa: the provider
 * answers a paid session `authorized` (authorize-carried.ts), so the cart's completion places the order
 * without capturing, and the capture follows it.
 */
async function paidUncaptured(
  container: MedusaContainer,
  orderId: string
): Promise<OrderPayment[]> {
  const { data: orders } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "order",
      fields: [
        "id",
        "payment_collections.payments.id",
        "payment_collections.payments.provider_id",
        "payment_collections.payments.captured_at",
        "payment_collections.payments.canceled_at",
        "payment_collections.payments.data",
      ],
      filters: { id: orderId },
    })
  const collections = (orders[0]?.payment_collections ??
    []) as unknown as Array<{
    payments?: OrderPayment[]
  } | null>
  const payments = collections.flatMap((c) => c?.payments ?? [])
  return payments.filter(
    (p) =>
      isPiastrixProviderId(p.provider_id) &&
      !p.captured_at &&
      !p.canceled_at &&
      p.data?.state === "paid"
  )
}

/**
 * Captures the order's paid Piastrix payments with Medusa's `capturePaymentWorkflow` (the capture, the
 * order's transaction, `payment.captured`), as its completion would have. Run right after the order is placed
 * (the `order.placed` subscriber). A process that stops between the order and its capture, or a capture that
 * fails, leaves the payment authorized and open in the register: the callback's processing (Medusa's
 * `processPaymentWorkflow`) or the reconcile job captures it, and the register settles only once it is
 * captured (read-piastrix-session-outcome.ts). Two captures at once capture once: Medusa's capture locks the
 * payment and refuses more than it authorized; the one refused here finds the payment captured. Throws when
 * a payment is still not captured.
 */
export async function capturePaidOrderPayments(
  container: MedusaContainer,
  orderId: string
): Promise<number> {
  const due = await paidUncaptured(container, orderId)
  for (const payment of due) {
    const { errors } = await capturePaymentWorkflow(container).run({
      input: { payment_id: payment.id },
      throwOnError: false,
    })
    if (!errors?.length) {
      continue
    }
    const [after] = await container
      .resolve(Modules.PAYMENT)
      .listPayments({ id: payment.id }, { select: ["id", "captured_at"] })
    if (!after?.captured_at) {
      throw new Error(
        `the payment ${payment.id} of order ${orderId} was not captured: ${describeError(errors[0].error)}`
      )
    }
  }
  return due.length
}
