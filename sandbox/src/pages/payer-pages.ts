import type { SandboxContext } from "../context"
import { ControlError } from "../control-error"
import { escapeHtml, page } from "../html"
import { markFailed, markPaid } from "../payments"
import { htmlReply, redirectReply, type Reply } from "../reply"
import { formFields, type SandboxRequest } from "../request"
import type { Payment } from "../state"

/** Pages of the payer: the payment page a created payment's `url` opens, with pay and fail buttons. */

function paymentOf(req: SandboxRequest): Payment {
  const payment = req.ctx.store.paymentByToken(req.params.token)
  if (!payment) {
    throw new ControlError(404, "This payment does not exist.")
  }
  return payment
}

/** Where the payer goes afterwards: shop settings first, then the request, then a sandbox page. */
export function returnUrl(
  ctx: SandboxContext,
  payment: Payment,
  success: boolean
): string {
  const settings = ctx.config.settings
  const chosen = success
    ? (settings.successUrl ?? payment.urls.success)
    : (settings.failedUrl ?? payment.urls.failed)
  return chosen ?? `${ctx.baseUrl()}/pay/${payment.token}/result`
}

function summary(payment: Payment): string {
  const rows: [string, unknown][] = [
    ["Order", payment.shopOrderId],
    ["Amount", `${payment.payerPrice} (currency ${payment.psCurrency})`],
    ["Payment direction", payment.payway],
    ["Status", payment.phase],
  ]
  if (payment.description) {
    rows.push(["Description", payment.description])
  }
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>`
}

function requisites(payment: Payment): string {
  if (payment.kind !== "bank_h2h") {
    return ""
  }
  if (!payment.psData) {
    return `<p>Requisites are being assigned; reload the page in a moment.</p>`
  }
  const shown = Object.entries(payment.psData).filter(
    ([, v]) => v !== "" && v !== null
  )
  return `<h2>Transfer to</h2><dl>${shown.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>`
}

export function paymentPage(req: SandboxRequest): Reply {
  const payment = paymentOf(req)
  const open = payment.phase === "created" || payment.phase === "processing"
  const wallet = payment.kind === "wallet"
  const actions = open
    ? `<form method="post" action="/pay/${escapeHtml(payment.token)}/pay">
${wallet ? `<label>Your wallet <input name="payer_account" value="${escapeHtml(payment.payerAccount ?? "201494711279")}"></label><br>` : ""}
<button type="submit" id="pay">Pay</button></form>
<form method="post" action="/pay/${escapeHtml(payment.token)}/fail"><button type="submit" id="fail">Fail the payment</button></form>`
    : `<p>This payment is ${escapeHtml(payment.phase)}.</p>`
  return htmlReply(
    200,
    page(
      wallet ? "Pay with your wallet" : "Pay",
      summary(payment) + requisites(payment) + actions
    )
  )
}

export function payAction(req: SandboxRequest): Reply {
  const payment = paymentOf(req)
  const form = formFields(req)
  markPaid(req.ctx, payment, { payerAccount: form.payer_account || undefined })
  return redirectReply(returnUrl(req.ctx, payment, true))
}

export function failAction(req: SandboxRequest): Reply {
  const payment = paymentOf(req)
  markFailed(
    req.ctx,
    payment,
    payment.type === "bill" ? "canceled" : "rejected",
    "Declined by the payer"
  )
  return redirectReply(returnUrl(req.ctx, payment, false))
}

export function resultPage(req: SandboxRequest): Reply {
  const payment = paymentOf(req)
  return htmlReply(200, page(`Payment ${payment.phase}`, summary(payment)))
}
