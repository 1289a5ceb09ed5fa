import { formatRfc5322 } from "../clock"
import type { SandboxContext } from "../context"
import {
  EnvelopeError,
  PiastrixErrorCode,
  incorrectParameter,
} from "../envelope-error"
import { currencyDigits, dec, jsonAmount } from "../money"
import { assertNewShopOrderId, newToken, scheduleExpiry } from "../payments"
import { inputPayway, walletPayway } from "../payways"
import { quoteInput } from "../quote"
import { billRecord } from "../records"
import { signedEndpoint } from "../signed-endpoint"
import type { Payment } from "../state"

const DEFAULT_LIFETIME_MINUTES = 43200

export const billCreate = signedEndpoint("/bill/create", (fields, { ctx }) => {
  const shopOrderId = fields.shortText("shop_order_id")
  const description = fields.optionalText("description", 255)
  const shopCurrency = fields.int("shop_currency")
  const payerCurrency = fields.int("payer_currency")
  const amount = fields.amount("shop_amount", currencyDigits(shopCurrency))
  const payway = fields.has("payway")
    ? inputPayway(ctx, fields.text("payway"))
    : walletPayway(ctx, payerCurrency)
  if (payway.kind !== "wallet" || payway.currency !== payerCurrency) {
    throw new EnvelopeError(
      PiastrixErrorCode.PAYWAY_NOT_AVAILABLE,
      `Payway (alias = ${payway.alias}) is not available for shop`
    )
  }
  const payerAccount = fields.optionalText("payer_account", 255)
  if (
    payerAccount !== null &&
    !new RegExp(ctx.config.walletAccountRegex).test(payerAccount)
  ) {
    throw incorrectParameter("payer_account", "not a wallet number or e-mail")
  }
  const lifetime = fields.has("lifetime")
    ? fields.int("lifetime")
    : DEFAULT_LIFETIME_MINUTES
  if (lifetime <= 0) {
    throw incorrectParameter("lifetime", "ensure this value is greater than 0")
  }
  const quote = quoteInput(ctx, payway, amount, shopCurrency)
  assertNewShopOrderId(ctx, "bill", shopOrderId)
  const data = ctx.store.data
  const now = ctx.clock.now()
  const payment: Payment = {
    id: data.nextPaymentId++,
    type: "bill",
    kind: "wallet",
    token: newToken(),
    shopOrderId,
    payway: payway.alias,
    phase: "created",
    amount,
    currency: shopCurrency,
    psCurrency: payerCurrency,
    payerPrice: quote.payerPrice,
    payerFee: quote.payerFee,
    shopRefund: quote.shopRefund,
    paidAmount: null,
    clientPrice: null,
    description,
    email: null,
    payerAccount,
    urls: {
      callback: fields.optionalText("callback_url"),
      callbackRejected: fields.optionalText("callback_rejected_url"),
      success: fields.optionalText("success_url"),
      failed: fields.optionalText("failed_url"),
    },
    created: now,
    processed: null,
    updated: null,
    expiresAt: now + lifetime * 60_000,
    lifetime,
    sessionId: null,
    formToken: null,
    cardMask: null,
    cardDeclined: false,
    psData: null,
    receiptOrderId: null,
    rejectedReason: null,
  }
  ctx.store.addPayment(payment)
  scheduleExpiry(ctx, payment)
  ctx.changed()
  return {
    created: formatRfc5322(now),
    id: payment.id,
    lifetime,
    payer_account: payerAccount,
    payer_currency: payerCurrency,
    payer_price: jsonAmount(dec(quote.payerPrice), payerCurrency),
    shop_amount: jsonAmount(dec(amount), shopCurrency),
    shop_currency: shopCurrency,
    shop_id: ctx.config.shopId,
    shop_order_id: shopOrderId,
    shop_refund: jsonAmount(dec(quote.shopRefund), shopCurrency),
    url: `${ctx.baseUrl()}/pay/${payment.token}`,
  }
})

export const billStatus = signedEndpoint(
  "/bill/shop_order_status",
  (fields, { ctx }) => {
    fields.text("now")
    const shopOrderId = fields.shortText("shop_order_id")
    return findBill(ctx, shopOrderId)
  }
)

function findBill(ctx: SandboxContext, shopOrderId: string) {
  const payment = ctx.store.latestPayment("bill", shopOrderId)
  if (!payment) {
    throw new EnvelopeError(
      ctx.config.fidelity.notFoundCode,
      `Bill with shop_order_id '${shopOrderId}' is not found`
    )
  }
  return billRecord(
    ctx,
    payment,
    ctx.store.countOrder("bill", shopOrderId) === 1
  )
}
