import type { MessageCode } from "../plugin/messages"
import type { EntryKind, RecipientAccount } from "./postings"

/**
 * The statement's words, in the languages of the admin: a downloaded statement reads like the page it came
 * from. Kinds and accounts say what the admin's ledger says (src/admin/i18n/json, recipients.kinds and
 * recipients.accounts), and reasons what it says of the codes a ledger entry's reason can have
 * (`messages.<code>`); a test keeps them equal.
 */

/** The codes of the reasons the plugin writes on ledger entries: a canceled or returned share, a returned payout. */
export const LEDGER_REASON_CODES = [
  "ledger.order_canceled",
  "ledger.fulfillment_canceled",
  "ledger.return_received",
  "payout.canceled_in_admin",
  "payout.rejected_with_status",
  "payout.refused",
  "payout.account_refused",
] as const satisfies readonly MessageCode[]
export type LedgerReasonCode = (typeof LEDGER_REASON_CODES)[number]

export const STATEMENT_LANGUAGES = ["en", "ru"] as const
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number]

export type StatementWords = {
  columns: {
    /** `{{zone}}`: the time zone the dates are in. */
    date: string
    kind: string
    account: string
    currency: string
    amount: string
    balance_after: string
    order: string
    payout: string
    reason: string
    /** On a payout's paid entry: Piastrix's fee, and what the payee received. */
    fee: string
    payee_received: string
  }
  /**
   * An entry's payout by its amount and when it was created (`{{amount}}` with its currency, `{{date}}`),
   * never its internal id: the statement's payout column and the link of the admin's ledger (`payoutName`).
   * No comma: a cell a spreadsheet need not quote.
   */
  payout: string
  kinds: Record<EntryKind, string>
  accounts: Record<RecipientAccount, string>
  reasons: Record<LedgerReasonCode, string>
}

export const STATEMENT_WORDS: Record<StatementLanguage, StatementWords> = {
  en: {
    columns: {
      date: "Date ({{zone}})",
      kind: "Entry",
      account: "Account",
      currency: "Currency",
      amount: "Amount",
      balance_after: "Balance after",
      order: "Order",
      payout: "Payout",
      reason: "Reason",
      fee: "Piastrix fee",
      payee_received: "The payee received",
    },
    payout: "{{amount}} of {{date}}",
    kinds: {
      accrual: "Sale accrued",
      release: "Hold released",
      reversal: "Reversed",
      payout_created: "Payout sent",
      payout_succeeded: "Payout paid",
      payout_returned: "Payout returned",
      adjustment: "Adjustment",
    },
    accounts: {
      held: "On hold",
      available: "Available",
      in_flight: "Being paid",
      paid: "Paid out",
      clawback: "To recover",
    },
    reasons: {
      "ledger.order_canceled": "The order was canceled.",
      "ledger.fulfillment_canceled": "The fulfillment was canceled.",
      "ledger.return_received": "The items came back in a return.",
      "payout.canceled_in_admin": "Canceled in the admin.",
      "payout.rejected_with_status": "Piastrix rejected the payout.",
      "payout.refused": "Piastrix refused the payout.",
      "payout.account_refused": "The payout direction refused the account.",
    },
  },
  ru: {
    columns: {
      date: "Дата ({{zone}})",
      kind: "Запись",
      account: "Счёт",
      currency: "Валюта",
      amount: "Сумма",
      balance_after: "Остаток после",
      order: "Заказ",
      payout: "Выплата",
      reason: "Причина",
      fee: "Комиссия Piastrix",
      payee_received: "Получатель получил",
    },
    payout: "{{amount}} от {{date}}",
    kinds: {
      accrual: "Начисление за продажу",
      release: "Снято с удержания",
      reversal: "Сторно",
      payout_created: "Выплата отправлена",
      payout_succeeded: "Выплата проведена",
      payout_returned: "Выплата возвращена",
      adjustment: "Корректировка",
    },
    accounts: {
      held: "Удержано",
      available: "Доступно",
      in_flight: "Выплачивается",
      paid: "Выплачено",
      clawback: "К возврату",
    },
    reasons: {
      "ledger.order_canceled": "Заказ отменён.",
      "ledger.fulfillment_canceled": "Отгрузка отменена.",
      "ledger.return_received": "Товары вернули.",
      "payout.canceled_in_admin": "Отменена в админке.",
      "payout.rejected_with_status": "Piastrix отклонил выплату.",
      "payout.refused": "Piastrix отказал в выплате.",
      "payout.account_refused": "Направление выплат отказало этому счёту.",
    },
  },
}

/**
 * A payout as a person names it, in one wording for the statement and the admin's ledger: "300.00 RUB of
 * 2026-11-27 09:19:05" in a statement, "RUB 300.00 of 11/27/2026, 9:19:05 AM" on the page. `amount` and `date`
 * come formatted as the reader's medium wants them (plain in a CSV, in the page's locale in the admin).
 */
export function payoutName(
  language: StatementLanguage,
  amount: string,
  date: string
): string {
  return STATEMENT_WORDS[language].payout
    .replace("{{amount}}", amount)
    .replace("{{date}}", date)
}

/** The statement language nearest to a locale ("ru-RU" → ru); English for any other. */
export const statementLanguageOf = (locale: string): StatementLanguage =>
  locale.toLowerCase().startsWith("ru") ? "ru" : "en"
