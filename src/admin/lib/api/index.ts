/** The admin's hooks on the plugin's API, one file per resource, and the answers' types. */
export * from "./client"
export * from "./settings"
export * from "./shop"
export * from "./notifications"
export * from "./orders"
export * from "./payouts"
export * from "./recipients"
export * from "./ledger"
export type {
  AccountCheck,
  BalanceRow,
  BankTransferView,
  ConnectionReport,
  CredentialsState,
  DirectionRow,
  InboxPage,
  InboxRowView,
  LedgerEntryView,
  NotificationState,
  OptionView,
  OrderPaymentView,
  PayoutView,
  PlainMessage,
  PayoutQuote,
  PayoutStatus,
  ReceiptView,
  RecipientView,
  RecipientDetail,
  Requisites,
  SettingView,
  SettingsResponse,
  VendorShare,
} from "../../../types/admin-responses"
