import { z } from "@medusajs/framework/zod"
import { PAYMENT_KINDS } from "../../../lib/plugin"

/**
 * Bodies and queries of the storefront routes. Medusa's validator makes objects strict (unknown keys
 * are refused) and puts the field's name in its messages; where zod's own message would not name the
 * field (patterns), the message does.
 */

const MAX_ID = 100

const id = (field: string, prefix: string) =>
  z
    .string()
    .max(MAX_ID)
    .regex(new RegExp(`^${prefix}_[0-9A-Za-z]+$`), {
      message: `${field} must be a Medusa ${prefix}_... id`,
    })

export const cartId = id("cart_id", "cart")
export const paymentSessionId = (field: string) => id(field, "payses")

export const StoreDirectionsQuery = z.object({
  cart_id: cartId,
  kind: z.enum(PAYMENT_KINDS).optional(),
})
export type StoreDirectionsQueryType = z.infer<typeof StoreDirectionsQuery>

export const StoreQuoteBody = z.object({
  cart_id: cartId,
  payway: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, {
      message: "payway must be a payway alias such as card_rub",
    }),
})
export type StoreQuoteBodyType = z.infer<typeof StoreQuoteBody>

/** Only the session: card data goes from the browser to the service, never through this route. */
export const StoreCardFormBody = z.object({
  session_id: paymentSessionId("session_id"),
})
export type StoreCardFormBodyType = z.infer<typeof StoreCardFormBody>

/**
 * The cart the storefront holds, as proof that the session is its own: only then does the status name
 * the order (an order id opens the order, e-mail and addresses, to whoever holds it).
 */
export const StoreSessionStatusQuery = z.object({
  cart_id: cartId.optional(),
})
export type StoreSessionStatusQueryType = z.infer<
  typeof StoreSessionStatusQuery
>

/** Routes that take no query parameters still refuse unknown ones. */
export const StoreNoQuery = z.object({})
