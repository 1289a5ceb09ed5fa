import BigNumber from "bignumber.js"
import { randomUUID } from "node:crypto"
import { defaultCurrencyTable } from "../../../lib/piastrix"
import type { InferTypeOf } from "@medusajs/framework/types"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import {
  storedMessageJson,
  type StoredMessage,
} from "../../../lib/plugin/messages"
import type { PiastrixLedgerEntry } from "../models/ledger-entry"
import {
  checkPosting,
  LedgerError,
  type LedgerAccount,
  type Posting,
} from "../../../lib/payouts/postings"
import { LEDGER_TABLE, PAYOUT_TABLE } from "./tables"

/**
 * The ledger as SQL on the store's database (`piastrix_ledger_entry`, the plugin module's model).
 * Entries are only ever inserted; balances are sums. A posting is one INSERT statement, so it is
 * written whole or not at all, and its idempotency key makes a retried posting a no-op.
 * Over 300 lines: every statement on the ledger's table (postings, balances, the zero-sum check, the
 * recipient's listing) in one file, so how an entry is written and how it is summed read together.
 */

/** knex (Medusa's `__pg_connection__`): SQL, and transactions whose handle runs SQL too. */
export type SqlDatabase = SqlConnection & {
  transaction<T>(work: (trx: SqlConnection) => Promise<T>): Promise<T>
}

/** A leg as its SQL reads it, from the model: `amount` (numeric) read as text, `account` one of the accounts. */
export type LedgerEntry = Pick<
  InferTypeOf<typeof PiastrixLedgerEntry>,
  | "id"
  | "idempotency_key"
  | "transaction_id"
  | "recipient_id"
  | "currency"
  | "kind"
  | "reason"
  | "related_transaction_id"
  | "order_id"
  | "line_item_id"
  | "fulfillment_id"
  | "payout_id"
> & {
  account: LedgerAccount
  amount: string
  created_at: Date | string
  /** The reason's code and params (lib/plugin/messages.ts); null for entries written before the codes. */
  reason_code: StoredMessage | null
}

export type PostedTransaction = {
  transaction_id: string
  entries: LedgerEntry[]
  /** False when the key had been posted before: `entries` are the first posting's. */
  created: boolean
}

const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, "")}`

/**
 * The legs with exactly the currency's digits ("120" RUB is stored as 120.00); an amount with more
 * digits than the currency has is refused, never rounded.
 */
function inCurrencyDigits(p: Posting): Posting {
  const digits = defaultCurrencyTable.resolve(p.currency, "currency").digits
  const legs = p.legs.map((leg) => {
    const amount = new BigNumber(leg.amount)
    if ((amount.decimalPlaces() ?? 0) > digits) {
      throw new LedgerError(
        `amount: ${leg.amount} has more decimals than the currency's ${digits}`
      )
    }
    return { ...leg, amount: amount.toFixed(digits) }
  })
  return { ...p, legs }
}

/** The key of a posting's leg: the posting's key and the leg's place in it. */
const legKey = (key: string, index: number) => `${key}#${index}`

const ENTRY_COLUMNS = `id, idempotency_key, transaction_id, recipient_id, currency, account, amount::text as amount, kind,
  reason, reason_code, related_transaction_id, order_id, line_item_id, fulfillment_id, payout_id, created_at`

/**
 * One INSERT of the legs of `postings`, each posting written once (a key posted before writes nothing; the
 * unique key decides between concurrent ones), only the legs for which the SQL condition `where` on `v` holds:
 * a statement that settles payouts posts only for those it did settle. Add `returning` to see what it wrote.
 */
export function insertPostings(
  postings: Posting[],
  where = "true"
): { sql: string; bindings: unknown[] } {
  const columns: unknown[][] = Array.from({ length: 16 }, () => [])
  for (const posting of postings) {
    const p = inCurrencyDigits(checkPosting(posting))
    const transactionId = newId("pxtxn")
    const refs = p.references ?? {}
    p.legs.forEach((leg, index) => {
      const row = [
        newId("pxled"),
        legKey(p.key, index),
        transactionId,
        leg.recipient_id,
        p.currency,
        leg.account,
        leg.amount,
        p.kind,
        p.reason ?? null,
        storedMessageJson(p.reason),
        p.related_transaction_id ?? null,
        refs.order_id ?? null,
        refs.line_item_id ?? null,
        refs.fulfillment_id ?? null,
        refs.payout_id ?? null,
        legKey(p.key, 0),
      ]
      row.forEach((value, column) => columns[column].push(value))
    })
  }
  const types = ["text", "text", "text", "text", "integer"]
  const arrays = columns.map((_, i) => `?::${types[i] ?? "text"}[]`).join(", ")
  return {
    sql: `insert into ${LEDGER_TABLE}
       (id, idempotency_key, transaction_id, recipient_id, currency, account, amount, raw_amount, kind, reason,
        reason_code, related_transaction_id, order_id, line_item_id, fulfillment_id, payout_id)
     select v.id, v.idempotency_key, v.transaction_id, v.recipient_id, v.currency, v.account, v.amount::numeric,
            jsonb_build_object('value', v.amount, 'precision', 20), v.kind, v.reason, v.reason_code::jsonb,
            v.related_transaction_id, v.order_id, v.line_item_id, v.fulfillment_id, v.payout_id
       from unnest(${arrays}) as v(id, idempotency_key, transaction_id, recipient_id, currency, account, amount, kind,
            reason, reason_code, related_transaction_id, order_id, line_item_id, fulfillment_id, payout_id, posting_key)
      where (${where})
        and not exists (select 1 from ${LEDGER_TABLE} e where e.idempotency_key = v.posting_key and e.deleted_at is null)
     on conflict (idempotency_key) where deleted_at is null do nothing`,
    bindings: columns,
  }
}

/**
 * Writes a balanced posting once. A second call with the same key (also a concurrent one: the unique
 * key decides) writes nothing and returns the first posting.
 */
export async function post(
  db: SqlConnection,
  posting: Posting
): Promise<PostedTransaction> {
  const insert = insertPostings([posting])
  const inserted = await db.raw(
    `${insert.sql} returning ${ENTRY_COLUMNS}`,
    insert.bindings
  )
  if (inserted.rows.length > 0) {
    return {
      transaction_id: inserted.rows[0].transaction_id,
      entries: inserted.rows,
      created: true,
    }
  }
  return (await postingByKey(db, posting.key))!
}

/** The posting written with a key, if any (`created` false). */
export async function postingByKey(
  db: SqlConnection,
  key: string
): Promise<PostedTransaction | null> {
  const existing = await db.raw(
    `select ${ENTRY_COLUMNS} from ${LEDGER_TABLE}
      where transaction_id = (select transaction_id from ${LEDGER_TABLE} where idempotency_key = ? and deleted_at is null)
      order by idempotency_key`,
    [legKey(key, 0)]
  )
  if (existing.rows.length === 0) {
    return null
  }
  return {
    transaction_id: existing.rows[0].transaction_id,
    entries: existing.rows,
    created: false,
  }
}

/** The legs of one posting. */
export async function transactionEntries(
  db: SqlConnection,
  transactionId: string
): Promise<LedgerEntry[]> {
  const { rows } = await db.raw(
    `select ${ENTRY_COLUMNS} from ${LEDGER_TABLE} where transaction_id = ? and deleted_at is null order by idempotency_key`,
    [transactionId]
  )
  return rows
}

/**
 * A recipient's balance per account in one currency, with the currency's digits (accounts without
 * entries are absent).
 */
export async function recipientBalances(
  db: SqlConnection,
  recipientId: string,
  currency: number
): Promise<Partial<Record<LedgerAccount, string>>> {
  const { rows } = await db.raw(
    `select account, sum(amount)::text as balance from ${LEDGER_TABLE}
      where recipient_id = ? and currency = ? and deleted_at is null
      group by account`,
    [recipientId, currency]
  )
  const digits = defaultCurrencyTable.resolve(currency, "currency").digits
  return Object.fromEntries(
    rows.map((r) => [r.account, new BigNumber(r.balance).toFixed(digits)])
  )
}

export type LedgerCheck = {
  /** True when every currency and every posting sums to zero. */
  balanced: boolean
  /** The sum of all entries per currency (each should be "0"). */
  totals: Array<{ currency: number; total: string }>
  /** Postings whose legs do not sum to zero (should be none). */
  unbalanced_transactions: string[]
}

/** The ledger's invariant: all entries sum to zero per currency, and so does every posting. */
export async function ledgerBalances(db: SqlConnection): Promise<LedgerCheck> {
  const totals = await db.raw(
    `select currency, sum(amount)::text as total from ${LEDGER_TABLE} where deleted_at is null group by currency order by currency`
  )
  const unbalanced = await db.raw(
    `select transaction_id from ${LEDGER_TABLE} where deleted_at is null
      group by transaction_id having sum(amount) <> 0 limit 100`
  )
  const list = totals.rows.map((r) => ({
    currency: Number(r.currency),
    total: r.total,
  }))
  return {
    balanced:
      unbalanced.rows.length === 0 &&
      list.every((t) => new BigNumber(t.total).isZero()),
    totals: list,
    unbalanced_transactions: unbalanced.rows.map((r) => r.transaction_id),
  }
}

/**
 * Serialises, until the transaction ends, everything that reads a recipient's balance in a currency
 * and posts from it (payout creation, reversals, releases), across instances.
 */
export async function lockRecipient(
  trx: SqlConnection,
  recipientId: string,
  currency: number
): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [
    `piastrix-ledger:${recipientId}:${currency}`,
  ])
}

export type EntryFilter = {
  recipient_id: string
  /** ISO dates; entries created at or after / before. */
  created_after?: string
  created_before?: string
  limit: number
  offset: number
}

/**
 * SQL: the order entry `alias` is for: its own, or for a hold's release (which names only the accrual it
 * moves) the accrual's.
 */
export const entryOrderId = (alias: string) =>
  `coalesce(${alias}.order_id, (select a.order_id from ${LEDGER_TABLE} a
     where a.transaction_id = ${alias}.related_transaction_id and a.order_id is not null and a.deleted_at is null
     limit 1))`

/**
 * SQL: the payout entry `alias` is for, as a person names it (`payoutName`): `payout_amount` and
 * `payout_created_at`, null when it has none.
 */
export const entryPayoutColumns = (alias: string) =>
  `(select p.amount::text from ${PAYOUT_TABLE} p where p.id = ${alias}.payout_id) as payout_amount,
   (select p.created_at from ${PAYOUT_TABLE} p where p.id = ${alias}.payout_id) as payout_created_at`

/**
 * A listed entry: `for_order_id` is the order it is for (entryOrderId), also for a release; `payout_amount`
 * and `payout_created_at` name its payout (entryPayoutColumns).
 */
export type ListedEntry = LedgerEntry & {
  for_order_id: string | null
  payout_amount: string | null
  payout_created_at: Date | null
}

/** A recipient's entries, newest first, filtered by date, with their total count. */
export async function listEntries(
  db: SqlConnection,
  f: EntryFilter
): Promise<{ entries: ListedEntry[]; count: number }> {
  const where = `recipient_id = ? and deleted_at is null
    and (?::timestamptz is null or created_at >= ?::timestamptz)
    and (?::timestamptz is null or created_at < ?::timestamptz)`
  const bindings = [
    f.recipient_id,
    f.created_after ?? null,
    f.created_after ?? null,
    f.created_before ?? null,
    f.created_before ?? null,
  ]
  const [list, total] = await Promise.all([
    db.raw(
      `select ${ENTRY_COLUMNS}, ${entryOrderId("e")} as for_order_id, ${entryPayoutColumns("e")}
         from ${LEDGER_TABLE} e where ${where} order by created_at desc, idempotency_key limit ? offset ?`,
      [...bindings, f.limit, f.offset]
    ),
    db.raw(
      `select count(*)::int as n from ${LEDGER_TABLE} where ${where}`,
      bindings
    ),
  ])
  return { entries: list.rows, count: total.rows[0].n }
}
