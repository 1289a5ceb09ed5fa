import { randomUUID } from "node:crypto"
import type { SandboxContext } from "../context"
import { EnvelopeError } from "../envelope-error"
import { currencyDigits } from "../money"
import { assertNewShopOrderId, newToken, scheduleRequisites } from "../payments"
import { inputPayway } from "../payways"
import { quoteInput } from "../quote"
import { invoiceRecord } from "../records"
import type { RequestFields } from "../request-fields"
import { signedEndpoint } from "../signed-endpoint"
import type { Payment } from "../state"

function readInvoice(ctx: SandboxContext, fields: RequestFields) {
  const shopOrderId = fields.shortText("shop_order_id")
  const description = fields.optionalText("description", 255)
  const currency = fields.int("currency")
  const amount = fields.amount("amount", currencyDigits(currency))
  const payway = inputPayway(ctx, fields.text("payway"))
  return { shopOrderId, description, currency, amount, payway }
}

export const invoiceTry = signedEndpoint("/invoice/try", (fields, { ctx }) => {
  const { currency, amount, payway } = readInvoice(ctx, fields)
  const quote = quoteInput(ctx, payway, amount, currency)
  return {
    add_ons_config: payway.addOns,
    exch_fee: 0,
    info: null,
    manual: 0,
    payer_fee: Number(quote.payerFee),
    payer_price: Number(quote.payerPrice),
    paymethod_id: methodId(ctx, payway.group),
    paymethod_name: payway.group,
    ps_currency: quote.psCurrency,
    warning: null,
  }
})

export const invoiceCreate = signedEndpoint(
  "/invoice/create",
  (fields, { ctx }) => {
    const { shopOrderId, description, currency, amount, payway } = readInvoice(
      ctx,
      fields
    )
    // Optional for every payway, as the official SDKs never send it; `signEmail` makes it required and signed.
    const email = fields.optionalText("email", 255)
    const quote = quoteInput(ctx, payway, amount, currency)
    assertNewShopOrderId(ctx, "invoice", shopOrderId)
    const data = ctx.store.data
    const now = ctx.clock.now()
    const payment: Payment = {
      id: data.nextPaymentId++,
      type: "invoice",
      kind: payway.kind,
      token: newToken(),
      shopOrderId,
      payway: payway.alias,
      phase: "created",
      amount,
      currency,
      psCurrency: quote.psCurrency,
      payerPrice: quote.payerPrice,
      payerFee: quote.payerFee,
      shopRefund: quote.shopRefund,
      paidAmount: null,
      clientPrice: null,
      description,
      email,
      payerAccount: null,
      urls: {
        callback: fields.optionalText("callback_url"),
        callbackRejected: fields.optionalText("callback_rejected_url"),
        success: fields.optionalText("success_url"),
        failed: fields.optionalText("failed_url"),
      },
      created: now,
      processed: null,
      updated: null,
      expiresAt: null,
      lifetime: null,
      sessionId: payway.kind === "card_h2h" ? randomUUID() : null,
      formToken: null,
      cardMask: null,
      cardDeclined: false,
      psData: null,
      receiptOrderId: null,
      rejectedReason: null,
    }
    ctx.store.addPayment(payment)
    scheduleRequisites(ctx, payment)
    ctx.changed()
    return creationResult(ctx, payment)
  }
)

function creationResult(ctx: SandboxContext, payment: Payment) {
  const pageUrl = `${ctx.baseUrl()}/pay/${payment.token}`
  const payway = ctx.config.inputPayways.find((p) => p.alias === payment.payway)
  switch (payment.kind) {
    case "bank_h2h":
      // No redirect: the method code tells the shop which requisites to show once they arrive.
      return {
        id: payment.id,
        method: payway?.method ?? "bank",
        url: "",
        data: {},
      }
    case "card_h2h":
      return {
        id: payment.id,
        method: "POST",
        url: pageUrl,
        data: {
          session_id: payment.sessionId,
          language: "en",
          mdOrder: payment.token,
        },
      }
    default:
      return payway?.method === "POST"
        ? {
            id: payment.id,
            method: "POST",
            url: pageUrl,
            data: { order: payment.token, lang: "en" },
          }
        : { id: payment.id, method: "GET", url: pageUrl, data: { lang: "en" } }
  }
}

export const invoiceCheck = signedEndpoint(
  "/invoice/check",
  (fields, { ctx }) => {
    fields.text("now")
    const shopOrderId = fields.shortText("shop_order_id")
    const payment = ctx.store.latestPayment("invoice", shopOrderId)
    if (!payment) {
      throw new EnvelopeError(
        ctx.config.fidelity.notFoundCode,
        `Payment with shop_order_id '${shopOrderId}' is not found`
      )
    }
    return invoiceRecord(
      ctx,
      payment,
      ctx.store.countOrder("invoice", shopOrderId) === 1
    )
  }
)

/** Stable id of a payment method (a group of payways) in the config endpoints. */
export function methodId(ctx: SandboxContext, group: string): number {
  const groups = [...new Set(ctx.config.inputPayways.map((p) => p.group))]
  return groups.indexOf(group) + 1
}
