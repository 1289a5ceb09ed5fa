import { NOTIFICATION_TABLE } from "../repositories/tables"
import { model } from "@medusajs/framework/utils"

/**
 * The notification inbox: every verified callback of the service, recorded before it is answered `OK`
 * (docs/architecture.md). `dedupe_key` is unique, so a resent notification is recognised by the database
 * even when several instances receive it at once. Written and read through `modules/piastrix/repositories/inbox.ts`.
 */
export const PiastrixNotification = model
  .define(NOTIFICATION_TABLE, {
    id: model.id({ prefix: "pxntf" }).primaryKey(),
    // sha256 of the event's identity (shop, order, payment id, status): resends share it.
    dedupe_key: model.text().unique(),
    shop_order_id: model.text().searchable(),
    payment_id: model.text().nullable(),
    status: model.text(),
    shop_amount: model.text().nullable(),
    shop_currency: model.number().nullable(),
    // Every field of the notification except `sign`.
    fields: model.json(),
    state: model
      .enum([
        "received",
        "processed",
        "ignored",
        "needs_attention",
        "failed",
        "resolved",
      ])
      .default("received"),
    attempts: model.number().default(0),
    last_error: model.text().nullable(),
    // The code and params `last_error` was written with (lib/plugin/messages.ts, storedMessage); so for the note.
    last_error_code: model.json().nullable(),
    processed_at: model.dateTime().nullable(),
    // A person settled a row outside the plugin ("resolved"): what they did, who, when.
    resolution_note: model.text().nullable(),
    resolution_note_code: model.json().nullable(),
    resolved_by: model.text().nullable(),
    resolved_at: model.dateTime().nullable(),
    // Held by the instance processing the row; expires by itself when that instance dies.
    claimed_until: model.dateTime().nullable(),
  })
  .indexes([{ on: ["shop_order_id"] }, { on: ["state"] }])
