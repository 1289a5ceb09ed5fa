import { signCallback } from "../../src/lib/piastrix/sign"
import { formatNow } from "../../src/lib/piastrix/clock"
import type { SandboxContext } from "./context"
import { dec, formatAmount } from "./money"
import type { Payment } from "./state"

/**
 * The notification the service POSTs, form-encoded, every value a string (DESIGN.md 3.2). Empty
 * fields are sent as "" and left out of the signature, as the service does.
 */
export function callbackFields(
  ctx: SandboxContext,
  payment: Payment,
  event: "success" | "rejected"
): Record<string, string> {
  const received = payment.paidAmount ?? payment.amount
  const fields: Record<string, string> = {
    status: event,
    shop_id: String(ctx.config.shopId),
    shop_order_id: payment.shopOrderId,
    shop_amount: formatAmount(dec(received), payment.currency),
    shop_currency: String(payment.reportedCurrency ?? payment.currency),
    shop_refund: event === "success" ? payment.shopRefund : "",
    client_price: payment.clientPrice ?? "",
    ps_currency: String(payment.psCurrency),
    payway: payment.payway,
    payment_id: String(payment.id),
    created: formatNow(new Date(payment.created)),
    processed:
      payment.processed === null ? "" : formatNow(new Date(payment.processed)),
    ps_data: JSON.stringify(publicPsData(payment)),
    payer_account: payment.payerAccount ?? "",
    description: payment.description ?? "",
  }
  if (
    payment.paidAmount !== null &&
    !dec(payment.paidAmount).eq(payment.amount)
  ) {
    fields.shop_original_amount = formatAmount(
      dec(payment.amount),
      payment.currency
    )
  }
  fields.sign = signCallback(fields, ctx.config.secret)
  return fields
}

function publicPsData(payment: Payment): Record<string, unknown> {
  if (payment.kind === "wallet") {
    return { ps_payer_account: payment.payerAccount ?? "" }
  }
  if (payment.cardMask) {
    return { ps_payer_account: payment.cardMask }
  }
  return payment.psData ?? {}
}
