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
import { messageContext } from "../../../../lib/payouts"
import { plainMessage } from "../../../../lib/plugin/messages"
import { isRetryable } from "../../../../modules/piastrix/repositories/inbox"
import { piastrixModule } from "../helpers"
import type { AdminNotificationsQuery } from "../validators"

/**
 * The notification inbox, `needs_attention` rows first, with how many need a person. Each row carries the
 * order its payment became (display number and id) and the payer's e-mail, found through Medusa's links in
 * one Query for the page: the row's session, or the one carrying its payment since Medusa replaced it.
 * Reasons and the plugin's own notes come with their codes for the admin to word (`plainMessage`), and
 * whether processing the row again can help (`retryable`).
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
      const { last_error_code, resolution_note_code, ...n } = row
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
