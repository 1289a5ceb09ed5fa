/**
 * Vendor payouts, the pure part: the legs of each posting, a return's part of an accrual, the statement's
 * words, the cipher of payout accounts and the admin's view of a payout. Their SQL (recipients, the
 * double-entry ledger, payouts written ahead of every call to the service) is the module's
 * (`modules/piastrix/repositories`, docs/architecture.md, "Payouts").
 */
export * from "./postings"
export * from "./returned-shares"
export * from "./statement-words"
export * from "./account-cipher"
export * from "./accounts"
export * from "./payout-view"
