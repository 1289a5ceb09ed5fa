import { model } from "@medusajs/framework/utils"
import { PAYOUT_TABLE } from "../repositories/tables"

/**
 * A payout to a recipient, written with its `shop_payment_id` and its ledger posting before the
 * service is asked anything (docs/architecture.md, "Payouts"). Written and read through
 * `modules/piastrix/repositories/payouts.ts`.
 */
export const PiastrixPayout = model
  .define(PAYOUT_TABLE, {
    id: model.id({ prefix: "pxpo" }).primaryKey(),
    recipient_id: model.text(),
    currency: model.number(),
    // Debited from the shop's balance (and from the recipient's ledger).
    amount: model.bigNumber(),
    // The service's fee, from its quote: the recipient receives amount - fee.
    fee: model.bigNumber().nullable(),
    rail: model.enum(["transfer", "withdraw"]),
    payway: model.text().nullable(),
    // The recipient's encrypted account and details as they were when the payout was written.
    account: model.text(),
    account_masked: model.text().nullable(),
    account_details: model.json().nullable(),
    // Derived from the id, never minted again: a lost create is found by it.
    shop_payment_id: model.text().unique(),
    status: model
      .enum([
        "awaiting_approval",
        "pending",
        "processing",
        "succeeded",
        "rejected",
        "canceled",
        "needs_attention",
      ])
      .default("pending"),
    rejected_reason: model.text().nullable(),
    last_error: model.text().nullable(),
    // The code and params of each text above (lib/plugin/messages.ts, storedMessage).
    rejected_reason_code: model.json().nullable(),
    last_error_code: model.json().nullable(),
    // The transfer or withdraw id at the service.
    service_id: model.text().nullable(),
    attempts: model.number().default(0),
    sent_at: model.dateTime().nullable(),
    settled_at: model.dateTime().nullable(),
    // The service may be asked about this payout's status from then on (at most once a minute).
    next_poll_at: model.dateTime().nullable(),
    // Held by the instance sending the payout; expires by itself.
    claimed_until: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["status", "next_poll_at"] },
    { on: ["recipient_id", "currency"] },
  ])
