import { listDirections } from "medusa-payment-piastrix/storefront"
import { sdk } from "@/lib/config"
import {
  listCartOptions,
  retrieveCart,
  setAddresses,
  setShippingMethod,
} from "@/lib/data/cart"
import { getAuthHeaders } from "@/lib/data/cookies"
import { payerLocale } from "@/lib/locale"
import { formatAmount } from "@/lib/money"
import { PiastrixPayment } from "@/modules/checkout/piastrix-payment"

export const dynamic = "force-dynamic"

/** The address fields the checkout asks for (also the billing address, as the starter's default). */
const ADDRESS_FIELDS = [
  ["first_name", "First name"],
  ["last_name", "Last name"],
  ["address_1", "Address"],
  ["city", "City"],
  ["postal_code", "Postal code"],
] as const

/**
 * The checkout on one page, step after step as in the starter: e-mail and address, delivery, payment.
 * The payment step is the storefront kit's `<PiastrixCheckout>` with the directions that can pay the cart.
 */
export default async function CheckoutPage() {
  const cart = await retrieveCart()
  if (!cart?.items?.length) {
    return (
      <p>
        Your cart is empty. <a href="/">Choose a product</a>.
      </p>
    )
  }
  const currency = cart.currency_code
  const address = cart.shipping_address
  const addressDone = !!cart.email && !!address?.address_1
  const options = addressDone ? await listCartOptions(cart.id) : []
  const chosenOption = cart.shipping_methods?.[0]?.shipping_option_id
  const shippingDone = options.length === 0 || !!chosenOption
  const directions =
    addressDone && shippingDone
      ? await listDirections(sdk, cart.id, { headers: await getAuthHeaders() })
      : null

  return (
    <>
      <h1>Checkout</h1>
      <section className="step" aria-labelledby="summary">
        <h2 id="summary">Your order</h2>
        <ul>
          {cart.items.map((item) => (
            <li key={item.id}>
              {item.product_title} × {item.quantity}:{" "}
              {formatAmount(item.total, currency)}
            </li>
          ))}
        </ul>
        <p>
          Total:{" "}
          <strong data-testid="cart-total">
            {formatAmount(cart.total, currency)}
          </strong>
        </p>
      </section>

      <section className="step" aria-labelledby="address">
        <h2 id="address">1. Contact and address</h2>
        <form action={setAddresses}>
          <label>
            E-mail{" "}
            <input
              name="email"
              type="email"
              required
              defaultValue={cart.email ?? ""}
            />
          </label>
          {ADDRESS_FIELDS.map(([name, label]) => (
            <label key={name}>
              {label}{" "}
              <input
                name={name}
                required
                defaultValue={address?.[name] ?? ""}
              />
            </label>
          ))}
          <label>
            Country{" "}
            <select
              name="country_code"
              defaultValue={address?.country_code ?? undefined}
            >
              {cart.region?.countries?.map((c) => (
                <option key={c.iso_2} value={c.iso_2}>
                  {c.display_name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">
            {addressDone ? "Update address" : "Continue to delivery"}
          </button>
        </form>
      </section>

      {addressDone ? (
        <section className="step" aria-labelledby="delivery">
          <h2 id="delivery">2. Delivery</h2>
          {options.length === 0 ? (
            <p>Nothing to deliver: the order is digital.</p>
          ) : (
            <form action={setShippingMethod}>
              {options.map((option) => (
                <label key={option.id}>
                  <input
                    type="radio"
                    name="option_id"
                    value={option.id}
                    required
                    defaultChecked={option.id === chosenOption}
                  />{" "}
                  {option.name} ({formatAmount(option.amount, currency)})
                </label>
              ))}
              <button type="submit">
                {chosenOption ? "Change delivery" : "Continue to payment"}
              </button>
            </form>
          )}
        </section>
      ) : null}

      {directions ? (
        <section className="step" aria-labelledby="payment">
          <h2 id="payment">3. Payment</h2>
          <PiastrixPayment
            directions={directions}
            locale={await payerLocale()}
          />
        </section>
      ) : null}
    </>
  )
}
