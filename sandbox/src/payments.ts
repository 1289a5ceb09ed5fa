import { randomUUID } from "node:crypto"
import { creditIncoming } from "./balances"
import type { SandboxContext } from "./context"
import { ControlError } from "./control-error"
import { EnvelopeError, PiastrixErrorCode } from "./envelope-error"
import { dec, feeOf, formatAmount } from "./money"
import { convert, inputPayway } from "./payways"
import { shopRefundOf } from "./quote"
import type { Payment } from "./state"
import type { PaymentPhase } from "./statuses"

/** Lifecycle of payments, shared by the payer pages, the card form and the control API. */

const OPEN: readonly PaymentPhase[] = ["created", "processing"]

function ensureOpen(payment: Payment): void {
  if (!OPEN.includes(payment.phase)) {
    throw new ControlError(
      409,
      `payment ${payment.id} is already ${payment.phase}`
    )
  }
}

export type PayOptions = {
  /** Amount received in the shop currency when the payer transferred a different amount. */
  amount?: string
  /** The currency the service then reports the payment in (notification, status), when not the asked one. */
  currency?: number
  payerAccount?: string
}

/** With `uniqueShopOrderId` (a shop setting), a second payment of one kind for an order is refused. */
export function assertNewShopOrderId(
  ctx: SandboxContext,
  type: Payment["type"],
  shopOrderId: string
): void {
  if (
    ctx.config.uniqueShopOrderId &&
    ctx.store.latestPayment(type, shopOrderId)
  ) {
    throw new EnvelopeError(
      PiastrixErrorCode.OPERATION_NOT_UNIQUE,
      `Shop_order_id '${shopOrderId}' is not unique for shop(id=${ctx.config.shopId})`
    )
  }
}

export function markPaid(
  ctx: SandboxContext,
  payment: Payment,
  options: PayOptions = {}
): void {
  ensureOpen(payment)
  const now = ctx.clock.now()
  const payway = ctx.config.inputPayways.find((p) => p.alias === payment.payway)
  const received = options.amount
    ? formatAmount(dec(options.amount), payment.currency)
    : payment.amount
  if (dec(received).lte(0)) {
    throw new ControlError(400, "amount must be greater than 0")
  }
  payment.phase = "paid"
  payment.processed = now
  payment.updated = now
  payment.paidAmount = received
  if (options.payerAccount) {
    payment.payerAccount = options.payerAccount
  }
  if (options.currency !== undefined) {
    payment.reportedCurrency = options.currency
  }
  if (payway && received !== payment.amount) {
    payment.shopRefund = shopRefundOf(ctx, payway, received, payment.currency)
    const psAmount = dec(
      convert(ctx, received, payment.currency, payway.currency)
    )
    payment.clientPrice = formatAmount(
      psAmount.plus(feeOf(psAmount, payway.payerFee, payway.currency)),
      payway.currency
    )
  } else {
    payment.clientPrice = payment.payerPrice
  }
  ctx.unschedule(`expire:${payment.id}`)
  ctx.unschedule(`requisites:${payment.id}`)
  creditIncoming(ctx, payment.currency, payment.shopRefund)
  ctx.callbacks.notify(payment, "success")
  ctx.changed()
}

export function markFailed(
  ctx: SandboxContext,
  payment: Payment,
  phase: "rejected" | "canceled" | "expired",
  reason: string | null = null
): void {
  ensureOpen(payment)
  const now = ctx.clock.now()
  payment.phase = phase
  payment.updated = now
  payment.processed = now
  payment.rejectedReason = reason
  ctx.unschedule(`expire:${payment.id}`)
  ctx.unschedule(`requisites:${payment.id}`)
  ctx.callbacks.notify(payment, "rejected")
  ctx.changed()
}

/** Wallet payments expire after `lifetime` minutes without payment. */
export function scheduleExpiry(ctx: SandboxContext, payment: Payment): void {
  if (payment.expiresAt === null || !OPEN.includes(payment.phase)) {
    return
  }
  ctx.schedule(
    `expire:${payment.id}`,
    payment.expiresAt - ctx.clock.now(),
    () => {
      if (OPEN.includes(payment.phase)) {
        markFailed(ctx, payment, "expired", "lifetime elapsed")
      }
    }
  )
}

/** Bank transfer host-to-host: requisites appear in `ps_data` after a delay. */
export function scheduleRequisites(
  ctx: SandboxContext,
  payment: Payment
): void {
  if (
    payment.kind !== "bank_h2h" ||
    payment.psData ||
    !OPEN.includes(payment.phase)
  ) {
    return
  }
  ctx.schedule(
    `requisites:${payment.id}`,
    ctx.config.timing.requisitesDelayMs,
    () => {
      if (!payment.psData && OPEN.includes(payment.phase)) {
        assignRequisites(ctx, payment)
      }
    }
  )
}

/**
 * Requisites of a bank transfer. With `suggestedAmount` the service has no requisites for the
 * requested amount and recommends another one.
 */
export function assignRequisites(
  ctx: SandboxContext,
  payment: Payment,
  suggestedAmount?: string
): void {
  if (payment.kind !== "bank_h2h") {
    throw new ControlError(409, `payment ${payment.id} is not a bank transfer`)
  }
  ensureOpen(payment)
  const payway = inputPayway(ctx, payment.payway)
  const method = payway.method ?? "bank"
  const orderId = payment.receiptOrderId ?? randomUUID()
  const base = ctx.baseUrl()
  const expired =
    (ctx.clock.now() + ctx.config.timing.transferWindowMinutes * 60_000) / 1000
  payment.receiptOrderId = orderId
  payment.phase = "processing"
  payment.updated = ctx.clock.now()
  payment.psData = {
    amount: Number(payment.payerPrice),
    ...(suggestedAmount ? { suggested_amount: suggestedAmount } : {}),
    bank: method === "sbp" ? "Sandbox Bank" : "",
    card: method === "bank" ? "2200000000000004" : "",
    card_holder_name: "IVAN SANDBOXOV",
    phone: method === "sbp" ? "+79000000000" : "",
    currency: String(payway.currency),
    method,
    url: method === "qr" ? `${base}/qr/${orderId}` : "",
    ...(method === "qr"
      ? { qr_data: `${base}/qr/${orderId}`, qr_caption: `AGR-${payment.id}` }
      : {}),
    expired: expired.toFixed(6),
    receipt_url: `${base}/api/v1/order/${orderId}/receipt`,
    receipt_status_url: `${base}/api/v1/order/${orderId}/receipt/status`,
    receipt_web: `${base}/receipt/${orderId}`,
  }
  ctx.changed()
}

/** The payer's transfer arrived and was confirmed: status 4, with the amount actually received. */
export function confirmTransfer(
  ctx: SandboxContext,
  payment: Payment,
  amount?: string
): void {
  if (payment.kind !== "bank_h2h") {
    throw new ControlError(409, `payment ${payment.id} is not a bank transfer`)
  }
  markPaid(ctx, payment, { amount })
}

export function newToken(): string {
  return randomUUID().replace(/-/g, "")
}
