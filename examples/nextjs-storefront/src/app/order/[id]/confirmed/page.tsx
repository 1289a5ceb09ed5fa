import { notFound } from "next/navigation"
import { sdk } from "@/lib/config"
import { getAuthHeaders } from "@/lib/data/cookies"
import { payerTexts } from "@/lib/locale"
import { formatAmount } from "@/lib/money"

export const dynamic = "force-dynamic"

/** The order confirmation, as the starter's /order/[id]/confirmed page. */
export default async function OrderConfirmedPage({
  params,
}: {
  params: Promise<{ id: string }>
}) {
  const { id } = await params
  const { t } = await payerTexts()
  const order = await sdk.store.order
    .retrieve(id, { fields: "*items,+payment_status" }, await getAuthHeaders())
    .then((r) => r.order)
    .catch(() => null)
  if (!order) {
    notFound()
  }
  return (
    <>
      <h1>{t.thankYou}</h1>
      <p>
        {t.orderPlaced.split(/(\{number\}|\{email\})/).map((part, i) =>
          part === "{number}" ? (
            <strong key={i} data-testid="order-number">
              #{order.display_id}
            </strong>
          ) : part === "{email}" ? (
            order.email
          ) : (
            part
          )
        )}
      </p>
      <ul>
        {order.items?.map((item) => (
          <li key={item.id}>
            {item.product_title} × {item.quantity}
          </li>
        ))}
      </ul>
      <p>
        {t.total}:{" "}
        {formatAmount(order.total, order.currency_code, t.numberLocale)} ·{" "}
        {t.payment}:{" "}
        <strong data-testid="payment-status">
          {t.paymentStatus[order.payment_status] ?? order.payment_status}
        </strong>
      </p>
      <p>
        <a href="/">{t.backToStore}</a>
      </p>
    </>
  )
}
