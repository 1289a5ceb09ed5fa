import { model } from "@medusajs/framework/utils"
import { PAYMENT_REGISTER_TABLE } from "../repositories/tables"

/**
 * Every payment this store opened at the service, written before the service is asked to create it
 * (`shop_order_id` is unique, so a retry cannot register twice). Lets the reconcile job find money
 * paid for a session Medusa has since replaced or deleted, and tells this store's notifications from
 * those of another store on the same Piastrix shop. Written and read through
 * `modules/piastrix/repositories/payment-register.ts`, also by the payment provider.
 */
export const PiastrixPayment = model
  .define(PAYMENT_REGISTER_TABLE, {
    id: model.id({ prefix: "pxpay" }).primaryKey(),
    shop_order_id: model.text().unique(),
    kind: model.text(),
    amount: model.text(),
    currency: model.number(),
    payment_id: model.text().nullable(),
    // opened (written, create sent or about to be) | created (the service answered) | paid_without_order
    state: model.text().default("opened"),
    last_error: model.text().nullable(),
    // The payer's wallet in full (modules/piastrix/repositories/payment-register.ts): session data, public to the storefront, masks it.
    payer_account: model.text().nullable(),
    next_check_at: model.dateTime().nullable(),
    checked_at: model.dateTime().nullable(),
    // A person settled a paid_without_order payment outside the plugin (the inbox's "Mark resolved"): what, who, when.
    resolution_note: model.text().nullable(),
    resolved_by: model.text().nullable(),
    resolved_at: model.dateTime().nullable(),
    // Paid another amount or currency than asked (the reconcile job's status read): what the service reports paid.
    paid_amount: model.text().nullable(),
    paid_currency: model.number().nullable(),
  })
  .indexes([{ on: ["next_check_at"] }])
