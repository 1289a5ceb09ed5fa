import { randomBytes } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { cachedShopInputConfig } from "../../../../modules/piastrix/repositories/directions-cache"
import { checkPayway } from "../helpers/directions"
import { loadCartPayment } from "../helpers/cart-payment"
import { piastrixOf } from "../helpers/piastrix-context"
import { respondToServiceError } from "../helpers/service-error"
import type { StoreQuoteBodyType } from "../validators"
import type { Quote } from "../../../../storefront/types"

/**
 * POST /store/piastrix/quote { cart_id, payway }
 * What the payer would pay for this cart with this payway (`/invoice/try`): price with fee, fee,
 * currency of the payment system, extra fields to collect. Creates nothing at the service.
 */
export async function POST(
  req: MedusaRequest<StoreQuoteBodyType>,
  res: MedusaResponse
) {
  const { cart_id, payway } = req.validatedBody
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const { effectiveOptions, client, guard } = piastrixOf(req.scope)
  const options = await effectiveOptions()
  const cart = await loadCartPayment(req.scope, cart_id, client.currencies)
  try {
    const config = await cachedShopInputConfig(client, guard)
    const checked = checkPayway(config, options, payway, {
      currency: cart.currency.numeric,
      amount: cart.amount,
    })
    if ("problem" in checked) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${checked.problem.field}: ${checked.problem.message}`
      )
    }
    // A quote is not a payment: a fresh order id of its own, never a session's.
    const quote = await client.invoiceTry({
      amount: cart.amount,
      currency: cart.currency.numeric,
      payway,
      shop_order_id: `quote_${randomBytes(12).toString("hex")}`,
    })
    res.json({
      cart_id: cart.cart_id,
      payway,
      kind: checked.direction.kind,
      amount: cart.amount,
      currency_code: cart.currency_code,
      currency: cart.currency.numeric,
      payer_price: quote.payer_price,
      payer_fee: quote.payer_fee ?? null,
      exch_fee: quote.exch_fee ?? null,
      ps_currency: quote.ps_currency,
      paymethod_name: quote.paymethod_name ?? null,
      add_ons_config: quote.add_ons_config ?? null,
    } satisfies Quote)
  } catch (error) {
    respondToServiceError(error, res, logger, `cart ${cart_id}: quote`)
  }
}
