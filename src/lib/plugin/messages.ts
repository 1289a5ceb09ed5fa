/**
 * The plugin's messages to a store owner as stable codes. Pure, without imports: the admin bundle uses it too.
 *
 * The server writes its reasons and notes in English (logs, the database, API messages); each one it writes
 * is a template below. Where it stores one, it stores its code and params beside it (`storedMessage`, the
 * `*_message` columns), so a template's words can change without orphaning older rows. The admin API sends
 * the code and params beside the raw text (`plainMessage`: the stored code, or for a row written before the
 * columns, the template its text matches), and the admin words the code in the reader's language
 * (`messages.<code>` in src/admin/i18n/json); the raw text goes to a "details" disclosure for support.
 *
 * Template params: `{name}` is read as text; `{name:amount}` is an amount, sent as `{ amount, currency }`
 * with the template's `{currency}` param (`{name:amount@other}`: its `{other}` param), else the currency the
 * caller knows the text is in; params ending in `currency` are named as the admin shows currencies; a param named
 * `reason` that is itself one of these messages is sent as that message. A param that only support needs
 * (`detail`: the service's words, an exception) stays in the raw text: the admin's words do not use it.
 */

export const MESSAGE_TEMPLATES = {
  // The notification inbox: why a row needs a person, or was ignored, or failed (plan-notification.ts,
  // check-piastrix-capture-outcome.ts, settlement.ts, run-notification-processing.ts).
  "inbox.refunded_no_order":
    "paid, but the money was refunded to the payer (see the refunds of this payment); no order is placed with it: mark resolved once the payer knows",
  "inbox.not_a_session":
    "not a payment of this store (the order number is not a payment session id)",
  "inbox.not_opened_here":
    "not a payment of this store (this store never opened it)",
  "inbox.paid_session_gone":
    "paid, but the payment session no longer exists (the cart changed after the payer was sent to pay); no order was created",
  "inbox.session_gone": "the payment session no longer exists",
  "inbox.other_provider":
    "the session belongs to another provider ({provider})",
  "inbox.rejected_after_success":
    "rejected, but the service also reported the payment successful",
  "inbox.rejected_after_paid":
    "rejected, but the session is already {session_status}",
  "inbox.status_not_acted_on": 'status "{status}" is not acted on',
  "inbox.no_order_placed": "paid, but no order could be placed: {detail}",
  "inbox.amount_mismatch":
    "amount mismatch: the session expects {expected:amount@expected_currency} (currency {expected_currency}), the service reports {received:amount@received_currency} (currency {received_currency}); not captured",
  "inbox.not_captured": "not captured: {detail}",
  "inbox.cart_locked":
    "paid and captured; the cart {cart} could not be completed while another process held a lock it needed: {detail}",
  "inbox.cart_not_completed":
    "paid and captured, but the cart {cart} could not be completed: {detail}",
  "inbox.processing_did_not_run": "payment processing did not run",
  "inbox.rejection_not_recorded": "the rejection could not be recorded",
  "inbox.processing_failed": "processing failed: {detail}",
  "inbox.gave_up": "gave up after {attempts} attempts: {reason}",
  "inbox.busy": "processed elsewhere, or already done",
  // Money that needs a person without a notification (inbox-attention.ts, ATTENTION_ROWS; reconcile-piastrix-payment.ts).
  "inbox.paid_found_session_gone":
    "the service reports {detail} paid, but Medusa no longer holds its payment session; no order was created",
  "inbox.paid_found_not_as_asked":
    "the service reports {detail}; not captured, no order was created: a person decides (refund the payer, or settle with them)",
  "inbox.refund_not_sent":
    "a refund of {amount:amount} did not go through and Medusa recorded none ({detail}): refund the payment again from its order (Piastrix is asked about the earlier transfer first)",
  "inbox.refunded_to_wallet":
    "Refunded {amount:amount} {currency} to wallet {payee}: Piastrix transfer {transfer} ({shop_payment_id})",

  // A payout that waits, needs a person or was rejected (send.ts), and why one cannot be made now (payouts.ts).
  "payout.debited_differs":
    "the service debited {debited:amount} for a payout of {amount:amount}",
  "payout.rejected_with_status": "rejected by the service (status {status})",
  "payout.insufficient_balance":
    "insufficient shop balance (error 9): {detail}",
  "payout.refused":
    "Piastrix refused the payout (error {error_code}): {detail}",
  "payout.outcome_unknown": "outcome unknown: {reason}",
  "payout.status_unavailable": "status unavailable: {reason}",
  "payout.service_forgot": "the service no longer knows payout {service_id}",
  "payout.account_check_unknown":
    "account check result unknown (provider status {provider_status})",
  "payout.account_refused": "the payway's provider refused the account",
  "payout.account_unreadable": "account: {detail}",
  "payout.account_key_missing":
    "payout accounts are stored encrypted and no account key is configured: {detail}",
  "payout.canceled_in_admin": "canceled in the admin",
  "payout.recipient_inactive":
    "recipient_id: recipient {recipient} is {state}; activate it to pay it",
  "payout.still_open":
    "recipient_id: payout {payout} of this recipient is still open",
  "payout.too_many_decimals":
    "amount: {amount} is not an amount with at most {digits} decimals",
  "payout.vendor_owes":
    "amount: nothing is payable: the vendor owes {owed:amount}",
  "payout.nothing_payable": "amount: nothing is payable ({payable:amount})",
  "payout.more_than_payable":
    "amount: {amount:amount} is more than the payable {payable:amount}",
  "payout.under_minimum":
    "amount: the payable {payable:amount} is under the minimum {minimum:amount}",
  "payout.quote_refused":
    "amount: Piastrix refused the quote (error {error_code}): {detail}",

  // Why a vendor's shares were taken back (ledger entries: piastrix-cancel-reversal.ts, reverse-piastrix-returns.ts).
  "ledger.order_canceled": "order canceled",
  "ledger.fulfillment_canceled": "fulfillment canceled",
  "ledger.return_received": "return {return} received",

  // A failure of the service as describeError words the client's errors (lib/piastrix/errors.ts). A timeout or a
  // 5xx reached the service (http.ts): named before a failed connection, as the first template matched names it.
  "service.timed_out": "PiastrixNetworkError: {endpoint}: timed out {detail}",
  "service.server_error":
    "PiastrixNetworkError: {endpoint}: HTTP {status} without an answer{detail}",
  "service.unreachable": "PiastrixNetworkError: {detail}",
  "service.outcome_unknown": "PiastrixOutcomeUnknownError: {detail}",
  "service.bad_answer": "PiastrixResponseError: {detail}",
  "service.http_error": "PiastrixHttpError: {detail}",
  "service.refused": "PiastrixApiError: {detail}",
} as const

export type MessageCode = keyof typeof MESSAGE_TEMPLATES | "other"

/** An amount in a message: a decimal string and its currency (alpha code when known). */
export type MessageAmount = { amount: string; currency: string | null }

export type MessageParam = string | MessageAmount | PlainMessage

/**
 * A server text as a code and its params, for the admin to word; `other` is a text this table does not
 * know (a service's own reason, a note a person typed): the admin says so and shows the text in Details.
 */
export type PlainMessage = {
  code: MessageCode
  params: Record<string, MessageParam>
}

/** The English text of a message: what the server stores and logs. */
export function messageText(
  code: keyof typeof MESSAGE_TEMPLATES,
  params: Record<string, string | number | null> = {}
): string {
  return MESSAGE_TEMPLATES[code].replace(
    /\{(\w+)(?::amount(?:@\w+)?)?\}/g,
    // As a template literal writes them: null as "null", a param not given left as its placeholder.
    (_, name: string) => (name in params ? String(params[name]) : `{${name}}`)
  )
}

type Pattern = {
  code: keyof typeof MESSAGE_TEMPLATES
  regex: RegExp
  /** `currency`: the param naming an amount's currency; null for a param that is no amount. */
  params: { name: string; amount: boolean; currency: string }[]
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const PATTERNS: Pattern[] = Object.entries(MESSAGE_TEMPLATES).map(
  ([code, template]) => {
    const params: Pattern["params"] = []
    let source = ""
    let last = 0
    for (const m of template.matchAll(/\{(\w+)(:amount(?:@(\w+))?)?\}/g)) {
      source += escape(template.slice(last, m.index))
      params.push({
        name: m[1],
        amount: Boolean(m[2]),
        currency: m[3] ?? "currency",
      })
      source += "([\\s\\S]*?)"
      last = m.index! + m[0].length
    }
    source += escape(template.slice(last))
    return {
      code: code as Pattern["code"],
      regex: new RegExp(`^${source}$`),
      params,
    }
  }
)

/** What the reader of a message knows that its text does not say: the currency its amounts are in. */
export type MessageContext = {
  currency?: string | null
  /** Names a currency as the admin shows it ("643" → "RUB"); by default as written. */
  currencyName?: (written: string) => string
}

/**
 * A message as the server stores it beside its text (the `*_message` columns): the code and the params it
 * was written with, as written. Stored, the code outlives a change of its template's wording: a row written
 * with the old words is still named by its code, where matching its text would call it `other`.
 */
export type StoredMessage = {
  code: MessageCode
  params: Record<string, string | StoredMessage>
}

/** The template a text was written from and its params as written, or null when it is none of them. */
function matchText(text: string): StoredMessage | null {
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(text)
    if (!match) {
      continue
    }
    const params: StoredMessage["params"] = {}
    pattern.params.forEach((p, i) => {
      const value = match[i + 1]
      // A reason that is itself a message keeps its own code.
      params[p.name] = (p.name === "reason" && matchText(value)) || value
    })
    return { code: pattern.code, params }
  }
  return null
}

/**
 * What is stored beside a text the plugin writes now: its code and params, read from the text while it
 * is surely in the current wording (`messageText` wrote it a moment ago); `other` for a text of no template
 * (a service's own reason, a person's note). `clip` is applied to every param (the text's own limits:
 * length, masked card numbers). Null for no text.
 */
export function storedMessage(
  text: string | null | undefined,
  clip: (value: string) => string = (value) => value.slice(0, 1000)
): StoredMessage | null {
  if (text === null || text === undefined || text === "") {
    return null
  }
  const clipped = (message: StoredMessage): StoredMessage => ({
    code: message.code,
    params: Object.fromEntries(
      Object.entries(message.params).map(([name, value]) => [
        name,
        typeof value === "string" ? clip(value) : clipped(value),
      ])
    ),
  })
  return clipped(matchText(text) ?? { code: "other", params: {} })
}

/** The JSON of `storedMessage` for a jsonb binding (`?::jsonb`); null for no text. */
export function storedMessageJson(
  text: string | null | undefined,
  clip?: (value: string) => string
): string | null {
  const stored = storedMessage(text, clip)
  return stored ? JSON.stringify(stored) : null
}

const isStoredMessage = (value: unknown): value is StoredMessage =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as StoredMessage).code === "string" &&
  typeof (value as StoredMessage).params === "object"

/** A stored message for the admin: amounts with their currency, currencies named, a nested reason worded. */
function plainOf(stored: StoredMessage, context: MessageContext): PlainMessage {
  const template = PATTERNS.find((p) => p.code === stored.code)
  if (!template) {
    // A code this version no longer sends: the admin says the reason is in Details.
    return { code: "other", params: {} }
  }
  const name = context.currencyName ?? ((written: string) => written)
  const text = (value: string | StoredMessage | undefined) =>
    typeof value === "string" ? value : undefined
  const params: Record<string, MessageParam> = {}
  for (const p of template.params) {
    const value = stored.params[p.name]
    if (value === undefined) {
      continue
    }
    if (typeof value !== "string") {
      params[p.name] = plainOf(value, context)
    } else if (p.amount) {
      const currency = text(stored.params[p.currency])
      params[p.name] = {
        amount: value,
        currency:
          currency !== undefined ? name(currency) : (context.currency ?? null),
      }
    } else if (p.name === "reason") {
      params[p.name] = plainMessage(value, context) ?? value
    } else if (p.name.endsWith("currency")) {
      params[p.name] = name(value)
    } else {
      params[p.name] = value
    }
  }
  return { code: stored.code, params }
}

/**
 * The code and params of a server text for the admin: from the message stored beside it when there is one,
 * else (a row written before the plugin stored codes) read from the text by the current templates, `other`
 * when it is none of them. Null for no text.
 */
export function plainMessage(
  text: string | null | undefined,
  context: MessageContext = {},
  stored?: unknown
): PlainMessage | null {
  if (text === null || text === undefined || text === "") {
    return null
  }
  if (isStoredMessage(stored)) {
    return plainOf(stored, context)
  }
  return plainOf(matchText(text) ?? { code: "other", params: {} }, context)
}
