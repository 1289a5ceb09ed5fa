import BigNumber from "bignumber.js"
import { defaultCurrencyTable } from "../piastrix"
import type { SqlConnection } from "../plugin/inbox"
import type { Recipient } from "./recipients"
import { LEDGER_TABLE } from "./tables"

/**
 * A recipient's statement: every ledger entry of a period, oldest first, with the balance of the entry's
 * account after it (counted from the account's balance before the period), as CSV a spreadsheet opens.
 */

export type StatementRange = {
  created_after?: string
  created_before?: string
}

export const STATEMENT_COLUMNS = [
  "date",
  "transaction_id",
  "kind",
  "account",
  "currency",
  "amount",
  "balance_after",
  "order_id",
  "fulfillment_id",
  "payout_id",
  "reason",
] as const

type StatementRow = Record<(typeof STATEMENT_COLUMNS)[number], string | null>

const IN_RANGE = `recipient_id = ? and currency = ? and deleted_at is null
  and (?::timestamptz is null or created_at >= ?::timestamptz)
  and (?::timestamptz is null or created_at < ?::timestamptz)`

export async function recipientStatement(
  db: SqlConnection,
  recipient: Pick<Recipient, "id" | "currency">,
  range: StatementRange
): Promise<string> {
  const after = range.created_after ?? null
  const before = range.created_before ?? null
  const currency = defaultCurrencyTable.resolve(recipient.currency, "currency")
  const [opening, entries] = await Promise.all([
    db.raw(
      `select account, sum(amount)::text as balance from ${LEDGER_TABLE}
        where recipient_id = ? and currency = ? and deleted_at is null
          and ?::timestamptz is not null and created_at < ?::timestamptz
        group by account`,
      [recipient.id, recipient.currency, after, after]
    ),
    db.raw(
      `select created_at, transaction_id, kind, account, amount::text as amount, order_id, fulfillment_id,
              payout_id, reason
         from ${LEDGER_TABLE} where ${IN_RANGE}
        order by created_at, idempotency_key`,
      [recipient.id, recipient.currency, after, after, before, before]
    ),
  ])
  const balances = new Map<string, BigNumber>(
    opening.rows.map((r: { account: string; balance: string }) => [
      r.account,
      new BigNumber(r.balance),
    ])
  )
  const rows: StatementRow[] = entries.rows.map(
    (e: Record<string, string | Date | null>) => {
      const account = String(e.account)
      const balance = (balances.get(account) ?? new BigNumber(0)).plus(
        String(e.amount)
      )
      balances.set(account, balance)
      return {
        date: new Date(e.created_at as string | Date).toISOString(),
        transaction_id: e.transaction_id as string,
        kind: e.kind as string,
        account,
        currency: currency.alpha,
        amount: new BigNumber(String(e.amount)).toFixed(currency.digits),
        balance_after: balance.toFixed(currency.digits),
        order_id: e.order_id as string | null,
        fulfillment_id: e.fulfillment_id as string | null,
        payout_id: e.payout_id as string | null,
        reason: e.reason as string | null,
      }
    }
  )
  return toCsv(STATEMENT_COLUMNS, rows)
}

/**
 * RFC 4180 CSV (CRLF, quotes doubled). A text cell that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, a tab or CR first) gets a leading `'`; numbers such as "-12.50" stay numbers.
 */
export function toCsv<C extends string>(
  columns: readonly C[],
  rows: Array<Record<C, string | null>>
): string {
  const cell = (value: string | null) => {
    let text = value ?? ""
    if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) {
      text = `'${text}`
    }
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  const lines = [columns.join(",")]
  for (const row of rows) {
    lines.push(columns.map((c) => cell(row[c])).join(","))
  }
  return lines.join("\r\n") + "\r\n"
}
