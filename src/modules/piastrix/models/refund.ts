import { model } from "@medusajs/framework/utils"
import { REFUND_REGISTER_TABLE } from "../repositories/tables"

/**
 * One row per refund sent back to a payer's wallet, written before the transfer: it fixes the
 * transfer's `shop_payment_id`, amount and payee, so each Medusa refund moves money at most once and
 * a retry after an unknown outcome asks about the same transfer. Written and read through
 * `modules/piastrix/repositories/refund-register.ts`, by the payment provider.
 */
export const PiastrixRefund = model.define(REFUND_REGISTER_TABLE, {
  id: model.id({ prefix: "pxref" }).primaryKey(),
  // Medusa's refund id (the provider's idempotency key); an adopted row gets the retry's id.
  refund_id: model.text().unique(),
  shop_order_id: model.text().index(),
  shop_payment_id: model.text().unique(),
  payee: model.text(),
  amount: model.text(),
  currency: model.number(),
  payee_currency: model.number(),
  // sending | sent | unknown | refused | mismatch | void (modules/piastrix/repositories/refund-register.ts)
  state: model.text().default("sending"),
  transfer_id: model.text().nullable(),
  last_error: model.text().nullable(),
  // A person settled a refund that did not go through outside the plugin (the inbox's "Mark resolved"): what, who, when.
  resolution_note: model.text().nullable(),
  resolved_by: model.text().nullable(),
  resolved_at: model.dateTime().nullable(),
})
