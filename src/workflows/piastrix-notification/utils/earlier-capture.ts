import type {
  BigNumberRawValue,
  MedusaContainer,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/** The payment Medusa captured on the session a carrying session replaced, with its captures. */
export type EarlierCapture = {
  payment_collection_id: string
  id: string
  currency_code: string
  captures: Array<{ id: string; raw_amount: BigNumberRawValue }>
}

type EarlierPayment = Omit<EarlierCapture, "payment_collection_id"> & {
  payment_session_id: string
  captured_at: Date | string | null
  data: { shop_order_id?: unknown } | null
  captures: EarlierCapture["captures"] | null
}

/**
 * For a session carrying a payment (its `shop_order_id` is another session's), the payment of its
 * collection that Medusa captured for that `shop_order_id` on another session: a cart completion that failed
 * after capturing (see `authorizePiastrixPayment` in providers/piastrix/core/authorize-carried.ts).
 * Undefined for any other session.
 */
export async function earlierCaptureOf(
  container: MedusaContainer,
  sessionId: string
): Promise<EarlierCapture | undefined> {
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { id: sessionId },
      { select: ["id", "payment_collection_id", "data"] }
    )
  const shopOrderId = (session?.data as { shop_order_id?: unknown } | null)
    ?.shop_order_id
  if (
    !session ||
    typeof shopOrderId !== "string" ||
    shopOrderId === sessionId
  ) {
    return undefined
  }
  const { data: payments } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "payment",
      fields: [
        "id",
        "payment_session_id",
        "currency_code",
        "captured_at",
        "data",
        "captures.id",
        "captures.raw_amount",
      ],
      filters: { payment_collection_id: session.payment_collection_id },
    })
  const earlier = (payments as unknown as EarlierPayment[]).find(
    (p) =>
      p.payment_session_id !== sessionId &&
      !!p.captured_at &&
      p.data?.shop_order_id === shopOrderId
  )
  return (
    earlier && {
      payment_collection_id: session.payment_collection_id,
      id: earlier.id,
      currency_code: earlier.currency_code,
      captures: earlier.captures ?? [],
    }
  )
}

/** The captures of `earlier` that the order `orderId` does not record yet (as order transactions). */
export async function capturesMissingOn(
  container: MedusaContainer,
  orderId: string,
  earlier: EarlierCapture
): Promise<EarlierCapture["captures"]> {
  const recorded = new Set(
    (
      await container.resolve(Modules.ORDER).listOrderTransactions(
        {
          order_id: orderId,
          reference_id: earlier.captures.map((c) => c.id),
        },
        { select: ["reference_id"] }
      )
    ).map((t) => t.reference_id)
  )
  return earlier.captures.filter((c) => !recorded.has(c.id))
}
