/** The tables of the plugin's module, named once for its models (`../models`) and its SQL. */
export const RECIPIENT_TABLE = "piastrix_recipient"
export const LEDGER_TABLE = "piastrix_ledger_entry"
export const PAYOUT_TABLE = "piastrix_payout"
export const REFUND_REGISTER_TABLE = "piastrix_refund"
export const PAYMENT_REGISTER_TABLE = "piastrix_payment"
export const NOTIFICATION_TABLE = "piastrix_notification"
export const POLL_TABLE = "piastrix_poll"
export const SETTINGS_TABLE = "piastrix_setting"
