import { listDirections } from "medusa-payment-piastrix/storefront"
import { sdk } from "@/lib/config"
import {
  listCartOptions,
  retrieveCart,
  setAddresses,
  setShippingMethod,
} from "@/lib/data/cart"
import { getAuthHeaders } from "@/lib/data/cookies"
import { payerTexts } from "@/lib/locale"
import { countryName, formatAmount } from "@/lib/money"
import { PiastrixPayment } from "@/modules/checkout/piastrix-payment"

export const dynamic = "force-dynamic"

/** The address fields the checkout asks for (also the billing address, as the starter's default). */
const ADDRESS_FIELDS = [
  ["first_name", "firstName"],
  ["last_name", "lastName"],
  ["address_1", "address"],
  ["city", "city"],
  ["postal_code", "postalCode"],
] as const

/**
 * The checkout on one page, step after step as in the starter: e-mail and address, delivery, payment.
 * The payment step is the storefront kit's `<PiastrixCheckout>` with the directions that can pay the cart.
 */
export default async function CheckoutPage() {
  const { locale, t } = await payerTexts()
  const cart = await retrieveCart()
  if (!cart?.items?.length) {
    return (
      <p>
        {t.cartEmpty} <a href="/">{t.chooseProduct}</a>.
      </p>
    )
  }
  const money = (amount: number | string | null | undefined) =>
    formatAmount(amount, cart.currency_code, t.numberLocale)
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
      <h1>{t.checkout}</h1>
      <section className="step" aria-labelledby="summary">
        <h2 id="summary">{t.yourOrder}</h2>
        <ul>
          {cart.items.map((item) => (
            <li key={item.id}>
              {item.product_title} × {item.quantity}: {money(item.total)}
            </li>
          ))}
        </ul>
        <p>
          {t.total}:{" "}
          <strong data-testid="cart-total">{money(cart.total)}</strong>
        </p>
      </section>

      <section className="step" aria-labelledby="address">
        <h2 id="address">{t.addressStep}</h2>
        <form action={setAddresses}>
          <label>
            {t.email}{" "}
            <input
              name="email"
              type="email"
              required
              defaultValue={cart.email ?? ""}
            />
          </label>
          {ADDRESS_FIELDS.map(([name, label]) => (
            <label key={name}>
              {t[label]}{" "}
              <input
                name={name}
                required
                defaultValue={address?.[name] ?? ""}
              />
            </label>
          ))}
          <label>
            {t.country}{" "}
            <select
              name="country_code"
              defaultValue={address?.country_code ?? undefined}
            >
              {cart.region?.countries?.map((c) => (
                <option key={c.iso_2} value={c.iso_2}>
                  {c.iso_2
                    ? countryName(c.iso_2, t.numberLocale)
                    : c.display_name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">
            {addressDone ? t.updateAddress : t.continueToDelivery}
          </button>
        </form>
      </section>

      {addressDone ? (
        <section className="step" aria-labelledby="delivery">
          <h2 id="delivery">{t.deliveryStep}</h2>
          {options.length === 0 ? (
            <p>{t.nothingToDeliver}</p>
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
                  {option.name} ({money(option.amount)})
                </label>
              ))}
              <button type="submit">
                {chosenOption ? t.changeDelivery : t.continueToPayment}
              </button>
            </form>
          )}
        </section>
      ) : null}

      {directions ? (
        <section className="step" aria-labelledby="payment">
          <h2 id="payment">{t.paymentStep}</h2>
          <PiastrixPayment
            directions={directions}
            locale={locale}
            cardNote={t.cardNote}
          />
        </section>
      ) : null}
    </>
  )
}
