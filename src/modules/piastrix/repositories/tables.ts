/** The payout tables of the plugin's module (`modules/piastrix/models`), named once for their SQL. */
export const RECIPIENT_TABLE = "piastrix_recipient"
export const LEDGER_TABLE = "piastrix_ledger_entry"
export const PAYOUT_TABLE = "piastrix_payout"
