import {
  againAfterConflict,
  CONFLICT_RETRY_MS,
  providerId,
  type CallOptions,
  type StorePaymentCollection,
  type StoreSdk,
} from "./sdk"
import {
  sessionData,
  startedIn,
  type PaymentInput,
  type StartedPayment,
} from "./started-payment"

/** "Pay for this order": the outstanding amount of an order that changed (an order edit, a claim, an exchange). */

const path = (id: string) => encodeURIComponent(id)

/** An order's payment collection, as `GET /store/orders/:id` lists it. */
export type OrderPaymentCollection = {
  id: string
  status: string
  amount?: number | string | null
}

/** Statuses of a collection that still waits for the customer's money (Medusa's). */
const OUTSTANDING = new Set(["not_paid", "awaiting"])

/**
 * The collection a customer still has to pay on an order (an order edit, claim or exchange adds one),
 * or null when nothing is outstanding.
 */
export function outstandingPaymentCollection(order: {
  payment_collections?: OrderPaymentCollection[] | null
}): OrderPaymentCollection | null {
  const open = (order.payment_collections ?? []).filter((pc) =>
    OUTSTANDING.has(pc.status)
  )
  return open[open.length - 1] ?? null
}

/**
 * "Pay for this order": starts a payment on the order's outstanding payment collection (Medusa's
 * `POST /store/payment-collections/:id/payment-sessions`, as for a cart). The order's e-mail is the payer's.
 * After a 409 `conflict` it starts again (`conflictRetryMs`).
 */
export async function startOrderPayment(
  sdk: StoreSdk,
  order: {
    id: string
    email?: string | null
    payment_collections?: OrderPaymentCollection[] | null
  },
  input: PaymentInput,
  {
    headers,
    registeredAs,
    conflictRetryMs = CONFLICT_RETRY_MS,
  }: CallOptions & { registeredAs?: string; conflictRetryMs?: number[] } = {}
): Promise<StartedPayment> {
  const collection = outstandingPaymentCollection(order)
  if (!collection) {
    throw new Error(`order ${order.id} has nothing outstanding to pay`)
  }
  const data = sessionData({ email: order.email ?? undefined, ...input })
  // A 409: another start on the collection was still running and this one started nothing.
  const { payment_collection } = await againAfterConflict(
    () =>
      sdk.client.fetch<{ payment_collection: StorePaymentCollection }>(
        `/store/payment-collections/${path(collection.id)}/payment-sessions`,
        {
          method: "POST",
          body: { provider_id: providerId(input.kind, registeredAs), data },
          headers,
        }
      ),
    conflictRetryMs
  )
  return startedIn(payment_collection, input.kind, registeredAs)
}
