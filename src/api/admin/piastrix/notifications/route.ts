import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  inboxRowOrders,
  isPaymentSessionId,
  SESSION_AROUND_FIELDS,
  type InboxRowView,
  type SessionAround,
} from "../../../../lib/plugin"
import { defaultCurrencyTable } from "../../../../lib/piastrix"
import { messageContext, withCurrencyDigits } from "../../../../lib/payouts"
import {
  plainMessage,
  type MessageAmount,
  type MessageParam,
  type PlainMessage,
} from "../../../../lib/plugin/messages"
import { isRetryable } from "../../../../modules/piastrix/repositories/inbox"
import { piastrixModule } from "../helpers"
import type { AdminNotificationsQuery } from "../validators"

/**
 * The notification inbox, `needs_attention` rows first, with how many need a person. Each row carries the
 * order its payment became (display number and id) and the payer's e-mail, found through Medusa's links in
 * one Query for the page: the row's session, or the one carrying its payment since Medusa replaced it.
 * Reasons and the plugin's own notes come with their codes for the admin to word (`plainMessage`), and
 * whether processing the row again can help (`retryable`). Money paid another amount or currency than asked
 * comes with both (`paid_not_as_asked`).
 */
export const GET = async (
  req: MedusaRequest<unknown, AdminNotificationsQuery>,
  res: MedusaResponse
) => {
  const { state, limit, offset } = req.validatedQuery as AdminNotificationsQuery
  const page = await piastrixModule(req).inboxPage({ state, limit, offset })
  const ids = [
    ...new Set(
      page.notifications.map((n) => n.shop_order_id).filter(isPaymentSessionId)
    ),
  ]
  let sessions: SessionAround[] = []
  if (ids.length) {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: SESSION_AROUND_FIELDS,
      filters: { $or: [{ id: ids }, { data: { shop_order_id: ids } }] },
    } as never)
    sessions = data as SessionAround[]
  }
  const around = inboxRowOrders(
    page.notifications.map((n) => n.shop_order_id),
    sessions
  )
  res.json({
    ...page,
    notifications: page.notifications.map((row): InboxRowView => {
      const {
        last_error_code,
        resolution_note_code,
        paid_amount,
        paid_currency,
        ...n
      } = row
      const currency =
        n.shop_currency === null
          ? null
          : defaultCurrencyTable.codeOf(n.shop_currency)
      const note = plainMessage(
        n.resolution_note,
        messageContext(currency),
        resolution_note_code
      )
      const reason = plainMessage(
        n.last_error,
        messageContext(currency),
        last_error_code
      )
      return {
        ...n,
        ...around.get(n.shop_order_id)!,
        shop_currency_code: currency,
        paid_not_as_asked:
          paid_amount === null || n.shop_amount === null
            ? mismatchOf(reason)
            : {
                paid: inCurrency(paid_amount, paid_currency),
                asked: inCurrency(n.shop_amount, n.shop_currency),
              },
        last_error_message: reason,
        // Only a notification is processed again; a payment or refund row is settled outside the inbox.
        retryable:
          n.source === "notification" && isRetryable(n.state, reason?.code),
        // A note a person typed is shown as they wrote it.
        resolution_note_message: note?.code === "other" ? null : note,
      }
    }),
    limit,
    offset,
  })
}

const isAmount = (param: MessageParam | undefined): param is MessageAmount =>
  typeof param === "object" && param !== null && "amount" in param

/**
 * An amount as the admin API sends amounts: with its currency's digits ("1250.5" dollars: "1250.50"), the
 * currency by its alpha code (one the table does not know as it came).
 */
function inCurrency(
  amount: string,
  currency: number | string | null
): MessageAmount {
  const known =
    currency === null ? undefined : defaultCurrencyTable.find(currency)
  return {
    amount:
      known && /^-?\d+(\.\d+)?$/.test(amount)
        ? withCurrencyDigits(amount, known.numeric)
        : amount,
    currency: known?.alpha ?? (currency === null ? null : String(currency)),
  }
}

/**
 * A notification whose amount did not match its session: what it reports paid and what the session asked,
 * from its reason (`inbox.amount_mismatch`); null for any other reason.
 */
function mismatchOf(
  reason: PlainMessage | null
): InboxRowView["paid_not_as_asked"] {
  if (reason?.code !== "inbox.amount_mismatch") {
    return null
  }
  const { received, expected } = reason.params
  return isAmount(received) && isAmount(expected)
    ? {
        paid: inCurrency(received.amount, received.currency),
        asked: inCurrency(expected.amount, expected.currency),
      }
    : null
}
