import { model } from "@medusajs/framework/utils"
import { LEDGER_TABLE } from "../repositories/tables"

/**
 * One leg of a ledger posting. Rows are never changed or removed (a trigger refuses it): a correction
 * is a new posting. The legs of one posting share `transaction_id` and sum to zero; `idempotency_key`
 * is unique, so a posting retried with its key is written once. Written and read through
 * `modules/piastrix/repositories/ledger.ts`.
 */
export const PiastrixLedgerEntry = model
  .define(LEDGER_TABLE, {
    id: model.id({ prefix: "pxled" }).primaryKey(),
    idempotency_key: model.text().unique(),
    transaction_id: model.text(),
    // Null for the platform's own accounts (commission, sales).
    recipient_id: model.text().nullable(),
    currency: model.number(),
    account: model.text(),
    // Signed: what the platform owes the account's holder grows with a positive amount.
    amount: model.bigNumber(),
    kind: model.text(),
    reason: model.text().nullable(),
    // The code and params of `reason` (lib/plugin/messages.ts, storedMessage).
    reason_code: model.json().nullable(),
    // The posting this one releases or reverses (an accrual).
    related_transaction_id: model.text().nullable(),
    order_id: model.text().nullable(),
    line_item_id: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    payout_id: model.text().nullable(),
  })
  .indexes([
    { on: ["transaction_id"] },
    { on: ["recipient_id", "currency", "account"] },
    { on: ["related_transaction_id"] },
    { on: ["payout_id"] },
  ])
