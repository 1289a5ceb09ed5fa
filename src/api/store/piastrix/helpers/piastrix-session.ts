import type {
  MedusaRequest,
  MedusaStoreRequest,
} from "@medusajs/framework/http"
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

type SessionRow = {
  id: string
  provider_id: string
  status: string
  data: Record<string, unknown> | null
  payment_collection?: {
    cart?: {
      id: string
      sales_channel_id?: string | null
      order?: { id: string } | null
    } | null
    order?: { id: string; sales_channel_id?: string | null } | null
  } | null
}

/**
 * Whether the request's publishable key sells through the session's sales channel: the cart's, or for
 * the payment collection of an order (a payment link), the order's. The key is Medusa's (required on
 * every /store route); a key of another channel must not reach another storefront's payers.
 */
function inKeyScope(req: MedusaRequest, row: SessionRow): boolean {
  const channels =
    (req as Partial<Pick<MedusaStoreRequest, "publishable_key_context">>)
      .publishable_key_context?.sales_channel_ids ?? []
  const pc = row.payment_collection
  const channel = pc?.cart
    ? pc.cart.sales_channel_id
    : (pc?.order?.sales_channel_id ?? null)
  return !!channel && channels.includes(channel)
}

/**
 * Loads a payment session of one of the Piastrix providers, for a storefront request. Sessions of
 * other providers, and sessions whose cart is not in the sales channels of the request's publishable
 * key, answer 404 exactly like unknown ids, so these routes tell nothing about them; a Piastrix
 * session of the wrong kind answers 400 naming `field`.
 */
export async function loadPiastrixSession(
  req: MedusaRequest,
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
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: [
      "id",
      "provider_id",
      "status",
      "data",
      "payment_collection.cart.id",
      "payment_collection.cart.sales_channel_id",
      "payment_collection.cart.order.id",
      "payment_collection.order.id",
      "payment_collection.order.sales_channel_id",
    ],
    filters: { id },
  })
  const row = data[0] as SessionRow | undefined
  const kind = kindOfProviderId(row?.provider_id)
  if (!row || !kind || !inKeyScope(req, row)) {
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
    order_id: cart?.order?.id ?? row.payment_collection?.order?.id ?? null,
  }
}
