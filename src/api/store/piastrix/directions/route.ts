import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cachedShopInputConfig } from "../../../../modules/piastrix/repositories/directions-cache"
import { directionsByKind } from "../helpers/directions"
import { loadCartPayment } from "../helpers/cart-payment"
import { piastrixOf } from "../helpers/piastrix-context"
import { respondToServiceError } from "../helpers/service-error"
import type { StoreDirectionsQueryType } from "../validators"
import type { DirectionsAnswer } from "../../../../storefront/types"

/**
 * GET /store/piastrix/directions?cart_id=...&kind=...
 * The payways a payer can use for this cart, grouped by kind: active, in the cart's currency, the
 * cart total within their limits, and allowed by the store's options. From the shop's input config,
 * kept for the installation for five minutes (modules/piastrix/repositories/directions-cache.ts).
 */
export async function GET(
  req: MedusaRequest<unknown, StoreDirectionsQueryType>,
  res: MedusaResponse
) {
  const { cart_id, kind } = req.validatedQuery as StoreDirectionsQueryType
  const { effectiveOptions, client, guard } = piastrixOf(req.scope)
  const options = await effectiveOptions()
  const cart = await loadCartPayment(req.scope, cart_id, client.currencies)
  let config
  try {
    config = await cachedShopInputConfig(client, guard)
  } catch (error) {
    const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    return respondToServiceError(
      error,
      res,
      logger,
      `cart ${cart_id}: directions`
    )
  }
  const target = { currency: cart.currency.numeric, amount: cart.amount }
  const directions = directionsByKind(config, options, target, kind)
  res.json({
    cart_id: cart.cart_id,
    amount: cart.amount,
    currency_code: cart.currency_code,
    currency: cart.currency.numeric,
    directions,
  } satisfies DirectionsAnswer)
}
