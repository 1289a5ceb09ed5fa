import BigNumber from "bignumber.js"
import { defaultCurrencyTable } from "../../../lib/piastrix"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import type { Recipient } from "./recipients"
import { entryOrderId, entryPayoutColumns } from "./ledger"
import type { EntryKind, RecipientAccount } from "../../../lib/payouts/postings"
import { plainMessage, type StoredMessage } from "../../../lib/plugin/messages"
import {
  LEDGER_REASON_CODES,
  STATEMENT_WORDS,
  payoutName,
  type LedgerReasonCode,
  type StatementLanguage,
  type StatementWords,
} from "../../../lib/payouts/statement-words"
import { LEDGER_TABLE, PAYOUT_TABLE } from "./tables"

/**
 * A recipient's statement: every ledger entry of a period, oldest first, with the balance of the entry's
 * account after it (counted from the account's balance before the period), as CSV a spreadsheet opens. It
 * reads like the admin's ledger: dates in the reader's time zone (named in the header), kinds and accounts in
 * words, the plugin's reasons in words, orders by their display number (`#12`), payouts by their amount and
 * date as the admin lists them (`300.00 RUB of 2026-11-27 09:19:05`); amounts stay plain decimals a
 * spreadsheet sums. A payout's paid entry carries Piastrix's fee, which the vendor pays, and what the payee
 * received (the amount less the fee).
 */

export type StatementRange = {
  created_after?: string
  created_before?: string
}

export type StatementOptions = {
  language: StatementLanguage
  /** An IANA time zone, e.g. "Europe/Moscow". */
  timeZone: string
  /** The display numbers of the statement's orders, asked once for the whole statement. */
  orderNumbers: (orderIds: string[]) => Promise<Map<string, number>>
}

export const STATEMENT_COLUMNS = [
  "date",
  "kind",
  "account",
  "currency",
  "amount",
  "balance_after",
  "order",
  "payout",
  "reason",
  "fee",
  "payee_received",
] as const

type StatementRow = Record<(typeof STATEMENT_COLUMNS)[number], string | null>

const IN_RANGE = `recipient_id = ? and currency = ? and deleted_at is null
  and (?::timestamptz is null or created_at >= ?::timestamptz)
  and (?::timestamptz is null or created_at < ?::timestamptz)`

/** "2026-11-26 17:12:05" in `timeZone`: plain, and what a spreadsheet reads as a date. */
export function localDateTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value])
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}

export async function recipientStatement(
  db: SqlConnection,
  recipient: Pick<Recipient, "id" | "currency">,
  range: StatementRange,
  options: StatementOptions
): Promise<string> {
  const words = STATEMENT_WORDS[options.language]
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
      `select created_at, kind, account, amount::text as amount, ${entryOrderId("e")} as order_id, payout_id, reason,
              reason_code,
              case when e.kind = 'payout_succeeded' and e.account = 'paid'
                then (select p.fee::text from ${PAYOUT_TABLE} p where p.id = e.payout_id) end as payout_fee,
              ${entryPayoutColumns("e")}
         from ${LEDGER_TABLE} e where ${IN_RANGE}
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
  const orderIds = [
    ...new Set(
      entries.rows
        .map((e: { order_id: string | null }) => e.order_id)
        .filter(Boolean) as string[]
    ),
  ]
  const numbers = orderIds.length
    ? await options.orderNumbers(orderIds)
    : new Map<string, number>()
  const rows: StatementRow[] = entries.rows.map(
    (e: Record<string, string | Date | null>) => {
      const account = String(e.account)
      const balance = (balances.get(account) ?? new BigNumber(0)).plus(
        String(e.amount)
      )
      balances.set(account, balance)
      const orderId = e.order_id as string | null
      const number = orderId ? numbers.get(orderId) : undefined
      const fee =
        e.payout_fee === null ? null : new BigNumber(String(e.payout_fee))
      return {
        date: localDateTime(
          new Date(e.created_at as string | Date),
          options.timeZone
        ),
        kind: words.kinds[e.kind as EntryKind] ?? String(e.kind),
        account: words.accounts[account as RecipientAccount] ?? account,
        currency: currency.alpha,
        amount: new BigNumber(String(e.amount)).toFixed(currency.digits),
        balance_after: balance.toFixed(currency.digits),
        // An order Medusa no longer has keeps its id: the only way to find it.
        order: number !== undefined ? `#${number}` : orderId,
        payout: payoutWords(e, currency, options),
        reason: reasonWords(
          e.reason as string | null,
          e.reason_code as StoredMessage | null,
          words
        ),
        fee: fee ? fee.toFixed(currency.digits) : null,
        payee_received: fee
          ? new BigNumber(String(e.amount)).minus(fee).toFixed(currency.digits)
          : null,
      }
    }
  )
  const header = Object.fromEntries(
    STATEMENT_COLUMNS.map((c) => [
      c,
      words.columns[c].replace("{{zone}}", options.timeZone),
    ])
  ) as Record<(typeof STATEMENT_COLUMNS)[number], string>
  return toCsv(STATEMENT_COLUMNS, rows, header)
}

/**
 * An entry's payout as a person finds it in the admin: "300.00 RUB of 2026-11-27 09:19:05" (its amount
 * and when it was created); a payout no longer there keeps its id, the only way to find it.
 */
function payoutWords(
  e: Record<string, string | Date | null>,
  currency: { alpha: string; digits: number },
  options: Pick<StatementOptions, "language" | "timeZone">
): string | null {
  if (!e.payout_id) {
    return null
  }
  if (e.payout_amount === null || e.payout_created_at === null) {
    return String(e.payout_id)
  }
  return payoutName(
    options.language,
    `${new BigNumber(String(e.payout_amount)).toFixed(currency.digits)} ${currency.alpha}`,
    localDateTime(
      new Date(e.payout_created_at as string | Date),
      options.timeZone
    )
  )
}

/** A reason the plugin wrote, in the statement's words; one a person typed (an adjustment) as written. */
function reasonWords(
  text: string | null,
  stored: StoredMessage | null,
  words: StatementWords
): string | null {
  const code = plainMessage(text, {}, stored)?.code
  return (LEDGER_REASON_CODES as readonly string[]).includes(code ?? "")
    ? words.reasons[code as LedgerReasonCode]
    : text
}

/**
 * The statement's file name as a person reads it: `statement-<recipient>-<first day>-<last day>.csv`
 * (`from-<day>` or `to-<day>` with one bound, none for everything), the name in lowercase words joined by
 * `-`, and an ASCII twin for clients that cannot read the UTF-8 one.
 */
export function statementFileName(
  recipientName: string,
  range: StatementRange
): { utf8: string; ascii: string } {
  const words = (text: string, separators: RegExp) =>
    text.toLowerCase().split(separators).filter(Boolean).join("-").slice(0, 60)
  const day = (iso: string) => iso.slice(0, 10)
  // `created_before` is exclusive: the admin sends the day after the last one.
  const lastDay = (iso: string) =>
    day(new Date(new Date(iso).getTime() - 1).toISOString())
  const { created_after: from, created_before: to } = range
  const period =
    from && to
      ? `-${day(from)}-${lastDay(to)}`
      : from
        ? `-from-${day(from)}`
        : to
          ? `-to-${lastDay(to)}`
          : ""
  const name = (s: string) => `statement-${s || "recipient"}${period}.csv`
  return {
    utf8: name(words(recipientName, /[^\p{L}\p{N}]+/u)),
    // Accents dropped ("Café" -> "cafe"); other scripts leave nothing, and the file is "statement-recipient".
    ascii: name(
      words(
        recipientName.normalize("NFKD").replace(/\p{M}/gu, ""),
        /[^a-z0-9]+/
      )
    ),
  }
}

/**
 * RFC 4180 CSV (CRLF, quotes doubled). A text cell that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, a tab or CR first) gets a leading `'`; numbers such as "-12.50" stay numbers.
 */
export function toCsv<C extends string>(
  columns: readonly C[],
  rows: Array<Record<C, string | null>>,
  header?: Record<C, string>
): string {
  const cell = (value: string | null) => {
    let text = value ?? ""
    if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) {
      text = `'${text}`
    }
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  const lines = [columns.map((c) => cell(header ? header[c] : c)).join(",")]
  for (const row of rows) {
    lines.push(columns.map((c) => cell(row[c])).join(","))
  }
  return lines.join("\r\n") + "\r\n"
}
