import type { EntryKind, RecipientAccount } from "./postings"

/**
 * The statement's words, in the languages of the admin: a downloaded statement reads like the page it came
 * from. Kinds and accounts say what the admin's ledger says (src/admin/i18n/json, recipients.kinds and
 * recipients.accounts; a test keeps them equal).
 */

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
  }
  kinds: Record<EntryKind, string>
  accounts: Record<RecipientAccount, string>
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
    },
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
    },
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
  },
}
