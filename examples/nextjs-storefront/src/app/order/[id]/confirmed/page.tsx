import { notFound } from "next/navigation"
import { sdk } from "@/lib/config"
import { getAuthHeaders } from "@/lib/data/cookies"
import { formatAmount } from "@/lib/money"

export const dynamic = "force-dynamic"

/**
 * Medusa's words for the order's payment, in the payer's. An order placed before it is paid is a bank
 * transfer the payer said they sent: it is being confirmed, not awaited from them.
 */
const PAYMENT_STATUS: Record<string, string> = {
  captured: "Paid",
  authorized: "Paid",
  awaiting: "Being confirmed",
  not_paid: "Being confirmed",
}

/** The order confirmation, as the starter's /order/[id]/confirmed page. */
export default async function OrderConfirmedPage({
  params,
}: {
  params: Promise<{ id: string }>
}) {
  const { id } = await params
  const order = await sdk.store.order
    .retrieve(id, { fields: "*items,+payment_status" }, await getAuthHeaders())
    .then((r) => r.order)
    .catch(() => null)
  if (!order) {
    notFound()
  }
  return (
    <>
      <h1>Thank you!</h1>
      <p>
        Your order{" "}
        <strong data-testid="order-number">#{order.display_id}</strong> is
        placed, for {order.email}.
      </p>
      <ul>
        {order.items?.map((item) => (
          <li key={item.id}>
            {item.product_title} × {item.quantity}
          </li>
        ))}
      </ul>
      <p>
        Total: {formatAmount(order.total, order.currency_code)} · Payment:{" "}
        <strong data-testid="payment-status">
          {PAYMENT_STATUS[order.payment_status] ?? order.payment_status}
        </strong>
      </p>
      <p>
        <a href="/">Back to the store</a>
      </p>
    </>
  )
}
