import { model } from "@medusajs/framework/utils"
import { RECIPIENT_TABLE } from "../repositories/tables"

/**
 * A payout recipient (a marketplace vendor): where its money goes (a Piastrix wallet by `transfer`,
 * or an external payway by `withdraw`), in which currency, what the platform keeps of each sale, how
 * long sales are held and how often it is paid. Its balances are never stored: they are sums of the
 * ledger (`modules/piastrix/repositories/ledger.ts`).
 */
export const PiastrixRecipient = model.define(RECIPIENT_TABLE, {
  id: model.id({ prefix: "pxrcp" }).primaryKey(),
  name: model.text().searchable(),
  email: model.text(),
  rail: model.enum(["transfer", "withdraw"]),
  // The output payway of a withdraw (e.g. "card_rub"); null for wallet transfers.
  payway: model.text().nullable(),
  // Wallet number or e-mail (transfer), or the payway's account (withdraw), encrypted with the account key
  // (lib/payouts/accounts.ts): a card number is never stored readable.
  account: model.text(),
  // What the admin shows of `account` (`42••••••••••4242`), written with it.
  account_masked: model.text().nullable(),
  // The payway's fields besides `account` (its `account_info_config`), each value encrypted the same way.
  account_details: model.json().nullable(),
  // ISO 4217 numeric code, as the service names currencies.
  currency: model.number(),
  // The platform's share of each sale: a percent of the line and a fixed amount per item.
  commission_percent: model.bigNumber().default(0),
  commission_fixed: model.bigNumber().default(0),
  hold_days: model.number().default(14),
  schedule: model
    .enum(["daily", "weekly", "monthly", "manual"])
    .default("weekly"),
  minimum_payout: model.bigNumber().default(0),
  state: model.enum(["active", "suspended"]).default("active"),
})
