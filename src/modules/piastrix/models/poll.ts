import { model } from "@medusajs/framework/utils"
import { POLL_TABLE } from "../repositories/tables"

/**
 * Windows for the whole installation: the service's polling limits (a payment's status at most once per 10 s, a
 * payout's once a minute): per polled thing (`id` is the guard's slot, endpoint and key), when the service may
 * next be asked, who is asking now, and the last answer to hand out meanwhile. Written and read through
 * `modules/piastrix/repositories/postgres-poll-store.ts` by the database's clock, so instances with skewed clocks agree. The storefront's
 * limits count attempts per window in the same rows (`hits`, modules/piastrix/repositories/attempt-limit.ts).
 */
export const PiastrixPoll = model.define(POLL_TABLE, {
  id: model.text().primaryKey(),
  next_allowed_at: model.dateTime(),
  claimed_until: model.dateTime().nullable(),
  value: model.json().nullable(),
  value_at: model.dateTime().nullable(),
  last_error: model.json().nullable(),
  // Attempts counted in the window that ends at next_allowed_at: the storefront limits (modules/piastrix/repositories/attempt-limit.ts).
  hits: model.number().default(0),
})
