import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  cartReadinessProblem,
  isPiastrixProviderId,
  type ReadinessCart,
} from "../../../../lib/plugin"
import { cartOfPaymentCollection } from "../../../../workflows/piastrix-notification/utils/find-order"
import { attemptLimits, respondTooManyAttempts } from "./too-many-attempts"

/** Statuses of an order's payment collection that still wait for money (a failed payment may be tried again). */
const PAYABLE_COLLECTION_STATUSES = new Set(["not_paid", "awaiting", "failed"])

/**
 * On Medusa's own `POST /store/payment-collections/:id/payment-sessions`, the route a storefront
 * starts every payment with: a Piastrix session is refused (400, naming the cart field) for a cart
 * that could not become an order, before the payer is sent to pay; and past the `sessionStartsPerCart`
 * limit (429), since each start opens a payment (a bank-transfer invoice) at the service. A start
 * without `data.email` takes the cart's, or in an order's payment collection the order's; a start in
 * an order's collection that waits for no money (paid, canceled) is refused (400 naming `id`). Other
 * providers pass untouched.
 */
export async function refuseUnreadyCartForPiastrix(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const providerId = (req.body as { provider_id?: unknown } | undefined)
    ?.provider_id
  if (typeof providerId !== "string" || !isPiastrixProviderId(providerId)) {
    return next()
  }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const cartId = await cartOfPaymentCollection(req.scope, req.params.id)
  if (!cartId) {
    // A payment collection of an order (what an order edit, a claim or an exchange leaves to pay): no
    // cart to check, the payer is the order's, and its starts are counted on the collection.
    const { data: links } = await query.graph({
      entity: "order_payment_collection",
      fields: ["order.email", "payment_collection.status"],
      filters: { payment_collection_id: req.params.id },
    })
    const status = links[0]?.payment_collection?.status as string | undefined
    if (status && !PAYABLE_COLLECTION_STATUSES.has(status)) {
      // A stale "pay for this order" page: a second payment would be taken for money already paid, and
      // Medusa would replace the collection's paid session with the new one.
      return next(
        new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `id: payment collection ${req.params.id} is ${status}: nothing is left to pay`
        )
      )
    }
    const email = links[0]?.order?.email as string | null | undefined
    if (email) {
      withPayerEmail(req, email)
    }
    return limitStarts(req, res, next, req.params.id)
  }
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "email",
      "items.id",
      "items.requires_shipping",
      "items.unit_price",
      "items.variant.product.shipping_profile.id",
      "shipping_methods.shipping_option_id",
      "shipping_address.address_1",
    ],
    filters: { id: cartId },
  })
  const cart = carts[0] as ReadinessCart | undefined
  if (!cart) {
    return limitStarts(req, res, next, cartId)
  }
  const optionIds = (cart.shipping_methods ?? [])
    .map((m) => m?.shipping_option_id)
    .filter(Boolean) as string[]
  const profileOfOption: Record<string, string | null> = {}
  if (optionIds.length) {
    const { data: options } = await query.graph({
      entity: "shipping_option",
      fields: ["id", "shipping_profile_id"],
      filters: { id: optionIds },
    })
    for (const o of options as Array<{
      id: string
      shipping_profile_id: string | null
    }>) {
      profileOfOption[o.id] = o.shipping_profile_id
    }
  }
  const problem = cartReadinessProblem(cart, profileOfOption)
  if (problem) {
    return next(
      new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${problem.field}: ${problem.message}`
      )
    )
  }
  withPayerEmail(req, cart.email!)
  return limitStarts(req, res, next, cartId)
}

/**
 * Medusa's starter storefront starts every session with `{ provider_id }` alone: the payer's e-mail,
 * which Piastrix's invoices need, is then the cart's (a ready cart has one), or the order's for a
 * collection of an order. An e-mail the storefront passes in `data` wins.
 */
function withPayerEmail(req: MedusaRequest, email: string) {
  for (const body of [req.body, req.validatedBody] as Array<
    { data?: Record<string, unknown> | null } | undefined
  >) {
    if (!body || typeof body !== "object") {
      continue
    }
    const data = body.data && typeof body.data === "object" ? body.data : {}
    if (typeof data.email !== "string" || data.email.trim() === "") {
      body.data = { ...data, email }
    }
  }
}

/**
 * Counts a start that passed the checks against the cart's window (refused starts cost nothing), in
 * Postgres, so two instances cannot both take the last one.
 */
async function limitStarts(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
  key: string
) {
  const verdict = await attemptLimits(req.scope).takeAttempt(
    "sessionStartsPerCart",
    key
  )
  if (!verdict.allowed) {
    return respondTooManyAttempts(
      req.scope,
      res,
      "sessionStartsPerCart",
      verdict
    )
  }
  next()
}
