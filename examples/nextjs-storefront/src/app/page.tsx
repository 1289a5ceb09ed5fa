import { sdk } from "@/lib/config"
import { addToCart } from "@/lib/data/cart"
import { payerTexts } from "@/lib/locale"
import { currencyName, formatAmount } from "@/lib/money"

export const dynamic = "force-dynamic"

/** The products with their price in the chosen region (`?currency=usd`; the first region otherwise). */
export default async function StorePage({
  searchParams,
}: {
  searchParams: Promise<{ currency?: string }>
}) {
  const { currency } = await searchParams
  const { t } = await payerTexts()
  const { regions } = await sdk.store.region.list()
  const region =
    regions.find((r) => r.currency_code === currency?.toLowerCase()) ??
    regions[0]
  const { products } = await sdk.store.product.list({
    region_id: region.id,
    fields: "id,title,*variants.calculated_price",
  })

  return (
    <>
      <h1>{t.products}</h1>
      <nav aria-label={t.currencies} className="currencies">
        {regions.map((r) => (
          <a key={r.id} href={`/?currency=${r.currency_code}`}>
            {currencyName(r.currency_code, t.numberLocale)} (
            {r.currency_code.toUpperCase()})
          </a>
        ))}
      </nav>
      <div className="products">
        {products.map((product) => {
          const variant = product.variants?.[0]
          const price = variant?.calculated_price
          return (
            <article className="product" key={product.id}>
              <h2>{product.title}</h2>
              <p>
                {price?.calculated_amount != null
                  ? formatAmount(
                      price.calculated_amount,
                      region.currency_code,
                      t.numberLocale
                    )
                  : ""}
              </p>
              <form action={addToCart}>
                <input type="hidden" name="variant_id" value={variant?.id} />
                <input type="hidden" name="region_id" value={region.id} />
                <button type="submit">{t.addToCart}</button>
              </form>
            </article>
          )
        })}
      </div>
    </>
  )
}
