import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { PIASTRIX_MODULE } from "../../../../../../modules/piastrix"
import type PiastrixModuleService from "../../../../../../modules/piastrix/service"
import { loadPiastrixSession } from "../../../helpers/piastrix-session"
import type { StoreSessionStatusQueryType } from "../../../validators"
import type {
  PaymentKind,
  PiastrixSessionData,
} from "../../../../../../lib/plugin"
import type { SessionStatus } from "../../../../../../storefront/types"

const orNull = <T>(value: T | undefined): T | null =>
  value === undefined ? null : value

/**
 * GET /store/piastrix/sessions/:id/status[?cart_id=]
 * Where a payment stands, from Medusa's records only (no call to the service): cheap enough for a
 * return page to poll. Completing the cart to find out would burn an order number per attempt.
 *
 * A session id travels in the return address and to the service, so it grants no more than the payment's
 * state: never the cart's id (Medusa serves a cart, with the payer's e-mail and addresses, to whoever
 * holds it), and the order's id only to the holder of the session's cart (`cart_id`), which the storefront
 * already has. Without it, `order_placed` tells a return page that the order exists. A session Medusa
 * deleted after it was paid answers `paid_without_order` (below), so the payer is told, not kept waiting.
 */
export async function GET(
  req: MedusaRequest<unknown, StoreSessionStatusQueryType>,
  res: MedusaResponse
) {
  const session = await loadPiastrixSession(req, req.params.id, "id").catch(
    async (error) => {
      const gone = await paidSessionGone(req, req.params.id, error)
      if (gone) {
        res.json(gone)
        return null
      }
      throw error
    }
  )
  if (!session) {
    return
  }
  const cartId = req.validatedQuery?.cart_id as string | undefined
  if (cartId !== undefined && cartId !== session.cart_id) {
    // Another cart's session looks exactly like an unknown one.
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session with id: ${session.id} was not found`
    )
  }
  // Written by the provider in this shape (lib/plugin/session-data.ts).
  const data = session.data as Partial<PiastrixSessionData>
  // Paid too: a completion that failed after authorizing left the session's data paid (authorize-carried.ts).
  const waiting =
    session.order_id === null &&
    ["pending", "paid"].includes(data.state ?? "pending") &&
    (await paidAwaitingPerson(req, data.shop_order_id ?? session.id))
  res.json({
    session_id: session.id,
    provider_id: session.provider_id,
    kind: session.kind,
    status: session.status,
    state: waiting ? "paid_without_order" : orNull(data.state),
    failure: orNull(data.failure),
    amount_mismatch: orNull(data.amount_mismatch),
    order_placed: session.order_id !== null,
    order_id: cartId !== undefined ? session.order_id : null,
    checked_at: orNull(data.checked_at),
    notice: orNull(data.notice),
  } satisfies SessionStatus)
}

/**
 * Whether the money of a live session without an order arrived and waits for a person: the callback's
 * processing leaves a paid cart that refused to become an order (stock ran out, the cart changed) uncaptured,
 * its inbox row `needs_attention`, so the session's own state is still unpaid. The payer is told the store has
 * the money (`paid_without_order`) instead of waiting on the page, as for a paid session Medusa deleted.
 */
async function paidAwaitingPerson(
  req: MedusaRequest,
  shopOrderId: string
): Promise<boolean> {
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const waiting = await piastrix.listPiastrixNotifications(
    { shop_order_id: shopOrderId, status: "success", state: "needs_attention" },
    { select: ["id"], take: 1 }
  )
  return waiting.length > 0
}

/**
 * A payer who paid a session Medusa has since deleted (the cart changed in another tab) must not wait on
 * a return page for a session that is gone: when the plugin's own records show the money arrived, the
 * answer says so (`paid_without_order`, or `order_placed` once a retry from the admin placed it with the
 * carried payment), and nothing else: no cart, no order, no amount. Any other unknown id stays 404.
 */
async function paidSessionGone(
  req: MedusaRequest,
  id: string,
  error: unknown
): Promise<SessionStatus | null> {
  if (!MedusaError.isMedusaError(error)) {
    return null
  }
  if ((error as MedusaError).type !== MedusaError.Types.NOT_FOUND) {
    return null
  }
  // Only a session that is gone: a live one outside the key's sales channels stays an unknown id.
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: live } = await query.graph({
    entity: "payment_session",
    fields: ["id"],
    filters: { id },
  })
  if (live.length) {
    return null
  }
  const piastrix = req.scope.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const [notifications, registered] = await Promise.all([
    piastrix.listPiastrixNotifications(
      { shop_order_id: id, status: "success" },
      { select: ["state"] }
    ),
    piastrix.listPiastrixPayments(
      { shop_order_id: id },
      { select: ["state", "kind"] }
    ),
  ])
  // `ignored`: a payment this store never opened (another integration on the shop) is none of its business.
  const ours = notifications.filter((n) => n.state !== "ignored")
  const processed = ours.some((n) => n.state === "processed")
  const paid =
    ours.length > 0 || registered.some((r) => r.state === "paid_without_order")
  if (!paid) {
    return null
  }
  return {
    session_id: id,
    provider_id: null,
    // The register writes the provider's kinds only.
    kind: (registered[0]?.kind as PaymentKind | undefined) ?? null,
    status: null,
    state: processed ? "paid" : "paid_without_order",
    failure: null,
    amount_mismatch: null,
    order_placed: processed,
    order_id: null,
    checked_at: null,
    notice: null,
  }
}
