/**
 * Vendor payouts: recipients, a double-entry ledger and payouts written ahead of every call to the
 * service (docs/architecture.md, "Payouts"). SQL on the store's database and calls through the
 * client; the module service, the jobs and the workflows use it.
 */
export * from "./accruals"
export * from "./ledger"
export * from "./payouts"
export * from "./postings"
export * from "./recipients"
export * from "./returned-shares"
export * from "./runs"
export * from "./send"
export * from "./tables"
export * from "./statement"
export * from "./statement-words"
export * from "./order-shares"
export * from "./account-cipher"
export * from "./accounts"
export * from "./stored-accounts"
export * from "./payout-view"
