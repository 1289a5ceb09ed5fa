import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  isPaymentSessionId,
  KIND_LABELS,
  kindOfProviderId,
  type PaymentKind,
} from "../../../../lib/plugin"

/** A Piastrix payment session as the store routes need it. `data` is the session's public data. */
export type PiastrixSession = {
  id: string
  provider_id: string
  kind: PaymentKind
  status: string
  data: Record<string, unknown>
  cart_id: string | null
  order_id: string | null
}

/**
 * Loads a payment session of one of the Piastrix providers. Sessions of other providers answer 404
 * exactly like unknown ids, so these routes never tell anything about them; a Piastrix session of
 * the wrong kind answers 400 naming `field`.
 */
export async function loadPiastrixSession(
  scope: MedusaContainer,
  id: string,
  field: string,
  kinds?: PaymentKind[]
): Promise<PiastrixSession> {
  if (!isPaymentSessionId(id)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${field} must be a payment session id (payses_...)`
    )
  }
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: [
      "id",
      "provider_id",
      "status",
      "data",
      "payment_collection.cart.id",
      "payment_collection.cart.order.id",
    ],
    filters: { id },
  })
  const row = data[0] as
    | {
        id: string
        provider_id: string
        status: string
        data: Record<string, unknown> | null
        payment_collection?: {
          cart?: { id: string; order?: { id: string } | null } | null
        } | null
      }
    | undefined
  const kind = kindOfProviderId(row?.provider_id)
  if (!row || !kind) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session with id: ${id} was not found`
    )
  }
  if (kinds && !kinds.includes(kind)) {
    const expected = kinds.map((k) => KIND_LABELS[k]).join(" or ")
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${field}: ${id} is not a ${expected} session`
    )
  }
  const cart = row.payment_collection?.cart ?? null
  return {
    id: row.id,
    provider_id: row.provider_id,
    kind,
    status: row.status,
    data: row.data ?? {},
    cart_id: cart?.id ?? null,
    order_id: cart?.order?.id ?? null,
  }
}
