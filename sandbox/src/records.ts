import { formatNow } from "../../src/lib/piastrix/clock"
import type { SandboxContext } from "./context"
import { dec, jsonAmount } from "./money"
import type { Payment, Payout } from "./state"
import { billStatusOf, invoiceStatusOf } from "./statuses"

/** Wire shapes of the records the status endpoints answer. */

function received(payment: Payment): string {
  return payment.paidAmount ?? payment.amount
}

function psDataOf(payment: Payment): Record<string, unknown> {
  if (payment.kind === "wallet") {
    return { ps_payer_account: payment.payerAccount ?? "" }
  }
  if (payment.cardMask) {
    return { ps_payer_account: payment.cardMask }
  }
  return payment.psData ?? {}
}

function originalAmount(payment: Payment): Record<string, number> {
  if (
    payment.paidAmount === null ||
    dec(payment.paidAmount).eq(payment.amount)
  ) {
    return {}
  }
  return {
    shop_original_amount: jsonAmount(dec(payment.amount), payment.currency),
  }
}

/** The fields invoice and wallet payment records share. */
function paymentRecordFields(
  ctx: SandboxContext,
  payment: Payment,
  isUnique: boolean
) {
  return {
    client_price: jsonAmount(
      dec(payment.clientPrice ?? "0"),
      payment.psCurrency
    ),
    created: formatNow(new Date(payment.created)),
    ...(payment.description !== null
      ? { description: payment.description }
      : {}),
    is_unique: isUnique,
    payment_id: payment.id,
    payway: payment.payway,
    // Unpaid payments have no processing date; the sandbox answers null rather than invent one. The
    // `paidWithoutProcessed` switch leaves it out of paid ones too.
    processed:
      payment.processed === null || ctx.config.fidelity.paidWithoutProcessed
        ? null
        : formatNow(new Date(payment.processed)),
    ps_currency: payment.psCurrency,
    shop_amount: jsonAmount(dec(received(payment)), payment.currency),
    shop_currency: payment.reportedCurrency ?? payment.currency,
    shop_id: ctx.config.shopId,
    shop_order_id: payment.shopOrderId,
    shop_refund: jsonAmount(dec(payment.shopRefund), payment.currency),
  }
}

export function invoiceRecord(
  ctx: SandboxContext,
  payment: Payment,
  isUnique: boolean
) {
  return {
    ...paymentRecordFields(ctx, payment, isUnique),
    ps_data: psDataOf(payment),
    ...originalAmount(payment),
    status: invoiceStatusOf(payment.phase),
    updated:
      payment.updated === null ? null : formatNow(new Date(payment.updated)),
  }
}

export function billRecord(
  ctx: SandboxContext,
  payment: Payment,
  isUnique: boolean
) {
  return {
    ...paymentRecordFields(ctx, payment, isUnique),
    ps_data: { ps_payer_account: payment.payerAccount ?? "" },
    // The `billStatuses` switch: the reading of one integration (2 = paid) or the invoices' (4 = paid).
    status:
      ctx.config.fidelity.billStatuses === "invoice"
        ? invoiceStatusOf(payment.phase)
        : billStatusOf(payment.phase),
  }
}

/** What the service says it debited for a payout: what it did, unless a test made it report otherwise. */
export const reportedWriteOff = (payout: Payout): string =>
  payout.reportedWriteOff ?? payout.writeOff

export function withdrawRecord(payout: Payout, balance?: string) {
  return {
    id: payout.id,
    ...(balance !== undefined
      ? { balance: jsonAmount(dec(balance), payout.shopCurrency) }
      : {}),
    payee_receive: jsonAmount(dec(payout.payeeReceive), payout.psCurrency),
    ps_currency: payout.psCurrency,
    shop_currency: payout.shopCurrency,
    shop_payment_id: payout.shopPaymentId,
    shop_write_off: jsonAmount(
      dec(reportedWriteOff(payout)),
      payout.shopCurrency
    ),
    status: payout.status,
    ...(payout.rejectedReason !== null
      ? { rejected_reason: payout.rejectedReason }
      : {}),
  }
}
