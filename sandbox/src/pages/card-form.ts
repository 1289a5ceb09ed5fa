import { ControlError } from "../control-error"
import { escapeHtml, page } from "../html"
import { markFailed, markPaid } from "../payments"
import { htmlReply, redirectReply, type Reply } from "../reply"
import { formFields, type SandboxRequest } from "../request"
import type { Payment } from "../state"
import { returnUrl } from "./payer-pages"

/**
 * The card form request to {payform_url} and the 3-D Secure page after it. The card number is
 * checked and masked; it is never stored or echoed.
 */

/** The Luhn check digit rule of card numbers. */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) {
        d -= 9
      }
    }
    sum += d
  }
  return sum % 10 === 0
}

function cardProblems(form: Record<string, string>, now: Date): string[] {
  const problems: string[] = []
  const number = (form.card_number ?? "").replace(/\s+/g, "")
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) {
    problems.push("card_number is not a valid card number")
  }
  const month = Number(form.expiry_month)
  const yearText = form.expiry_year ?? ""
  const year =
    yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  if (
    !/^\d{1,2}$/.test(form.expiry_month ?? "") ||
    month < 1 ||
    month > 12 ||
    !/^\d{2}(\d{2})?$/.test(yearText)
  ) {
    problems.push("expiry_month / expiry_year are not a valid date")
  } else if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    problems.push("the card has expired")
  }
  if (!/^\d{3,4}$/.test(form.cvv ?? "")) {
    problems.push("cvv must be 3 or 4 digits")
  }
  if (!(form.card_holder ?? "").trim()) {
    problems.push("card_holder is required")
  }
  return problems
}

/** The `cardForm` switch: which encoding of the card form the service is taken to accept. */
function wrongEncoding(req: SandboxRequest): Reply | null {
  const expected = req.ctx.config.fidelity.cardForm
  const json = String(req.headers["content-type"] ?? "").includes(
    "application/json"
  )
  if (expected === "any" || (expected === "json") === json) {
    return null
  }
  const wanted =
    expected === "json"
      ? "application/json"
      : "application/x-www-form-urlencoded"
  return htmlReply(
    415,
    page(
      "Card payment",
      `<p class="error">The card form must be posted as ${wanted}.</p>`
    )
  )
}

export function payform(req: SandboxRequest): Reply {
  const { ctx } = req
  const refused = wrongEncoding(req)
  if (refused) {
    return refused
  }
  const form = formFields(req)
  const payment = ctx.store.paymentBySession(form.session_id ?? "")
  if (!payment || !payment.formToken || payment.formToken !== form.form_token) {
    return htmlReply(
      400,
      page(
        "Card payment",
        `<p class="error">Unknown or expired form token.</p>`
      )
    )
  }
  if (payment.phase !== "created" && payment.phase !== "processing") {
    return htmlReply(
      409,
      page(
        "Card payment",
        `<p class="error">This payment is already ${escapeHtml(payment.phase)}.</p>`
      )
    )
  }
  const problems = cardProblems(form, new Date(ctx.clock.now()))
  if (problems.length) {
    return htmlReply(
      400,
      page(
        "Card payment",
        `<ul class="error">${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>`
      )
    )
  }
  const number = form.card_number.replace(/\s+/g, "")
  payment.cardMask = `${number.slice(0, 6)}XXXXXX${number.slice(-4)}`
  payment.cardDeclined = ctx.config.declinedCards.includes(number)
  payment.phase = "processing"
  payment.updated = ctx.clock.now()
  payment.formToken = null
  ctx.changed()
  const acs = `${ctx.baseUrl()}/3ds/${escapeHtml(payment.token)}`
  // The reference's card form answers an HTML form that takes the payer to the 3-D Secure page.
  return htmlReply(
    200,
    page(
      "Redirecting to 3-D Secure",
      `<form id="acs" method="get" action="${acs}"><noscript><button type="submit">Continue</button></noscript></form>
<script>document.getElementById("acs").submit()</script>`
    )
  )
}

function paymentOf(req: SandboxRequest): Payment {
  const payment = req.ctx.store.paymentByToken(req.params.token)
  if (!payment || payment.kind !== "card_h2h") {
    throw new ControlError(404, "This 3-D Secure session does not exist.")
  }
  return payment
}

export function threeDsPage(req: SandboxRequest): Reply {
  const payment = paymentOf(req)
  if (payment.phase !== "processing") {
    return htmlReply(
      409,
      page("3-D Secure", `<p>This payment is ${escapeHtml(payment.phase)}.</p>`)
    )
  }
  return htmlReply(
    200,
    page(
      "3-D Secure",
      `<p>Card ${escapeHtml(payment.cardMask)}: enter the code sent to your phone (sandbox code: ${escapeHtml(req.ctx.config.threeDsCode)}).</p>
<form method="post" action="/3ds/${escapeHtml(payment.token)}"><input name="code" id="code" autocomplete="one-time-code" autofocus>
<button type="submit" id="confirm">Confirm</button></form>`
    )
  )
}

export function threeDsSubmit(req: SandboxRequest): Reply {
  const { ctx } = req
  const payment = paymentOf(req)
  if (payment.phase !== "processing") {
    throw new ControlError(409, `This payment is ${payment.phase}.`)
  }
  const code = formFields(req).code ?? ""
  if (code !== ctx.config.threeDsCode) {
    markFailed(ctx, payment, "rejected", "Wrong 3-D Secure code")
    return redirectReply(returnUrl(ctx, payment, false))
  }
  if (payment.cardDeclined) {
    markFailed(ctx, payment, "rejected", "Card declined by the issuer")
    return redirectReply(returnUrl(ctx, payment, false))
  }
  markPaid(ctx, payment)
  return redirectReply(returnUrl(ctx, payment, true))
}
