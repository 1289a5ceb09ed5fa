import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  type CurrencyInfo,
  type CurrencyTable,
  PiastrixValidationError,
  toWireAmount,
} from "../../../../lib/piastrix"

/** What a payment for a cart would be: its total in the currency's digits, the currency's codes. */
export type CartPayment = {
  cart_id: string
  currency_code: string
  currency: CurrencyInfo
  /** Wire amount, e.g. "1250.50". */
  amount: string
}

export async function loadCartPayment(
  scope: MedusaContainer,
  cartId: string,
  currencies: CurrencyTable
): Promise<CartPayment> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "currency_code", "total"],
    filters: { id: cartId },
  })
  const cart = data[0] as
    { id: string; currency_code: string; total: unknown } | undefined
  if (!cart) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Cart with id: ${cartId} was not found`
    )
  }
  let currency: CurrencyInfo
  try {
    currency = currencies.resolve(cart.currency_code, "currency_code")
  } catch (error) {
    if (error instanceof PiastrixValidationError) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `cart_id: the cart's currency ${cart.currency_code} is not one the payment service knows`
      )
    }
    throw error
  }
  // Medusa totals may carry more decimals than the currency has; the payment rounds the same way.
  const amount = toWireAmount((cart.total ?? 0) as never, currency)
  return {
    cart_id: cart.id,
    currency_code: cart.currency_code,
    currency,
    amount,
  }
}
