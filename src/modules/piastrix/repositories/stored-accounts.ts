import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import {
  isSealed,
  type AccountCipher,
} from "../../../lib/payouts/account-cipher"
import {
  accountContext,
  sealAccountFields,
} from "../../../lib/payouts/accounts"
import { PAYOUT_TABLE, RECIPIENT_TABLE } from "./tables"

/**
 * Stored accounts brought under the current key, at boot (the module's loader): plaintext rows (written
 * before the store had a key, or by an older version) are sealed, and rows sealed with a previous key are
 * opened with it and sealed again (key rotation). A migration cannot do it: it has no key. Soft-deleted rows
 * too, since they still hold the account. Each row is written by one update conditional on the values read,
 * so instances booting together, or an admin's change in between, are never overwritten; a row whose key is
 * gone or whose value fails its check is left as it is and named in the log (never its account).
 */

const BATCH = 200

type Logger = { info(message: string): void; warn(message: string): void }

export type SealedStoredAccounts = { sealed: number; failed: number }

const TABLES = [
  { table: RECIPIENT_TABLE, thing: "recipient", recipientId: "id" },
  { table: PAYOUT_TABLE, thing: "payout", recipientId: "recipient_id" },
] as const

/** The detail values of a row that are not sealed with the key of `prefix`, in SQL (`jsonb 'null'` has none). */
const detailsNotUnder = `exists (select 1 from jsonb_each_text(
    case when jsonb_typeof(account_details) = 'object' then account_details else '{}'::jsonb end) d
  where d.value not like ?)`

export async function sealStoredAccounts(
  db: SqlConnection,
  cipher: AccountCipher,
  logger: Logger
): Promise<SealedStoredAccounts> {
  const under = `pxenc:v1:${cipher.keyId}:%`
  const result: SealedStoredAccounts = { sealed: 0, failed: 0 }
  for (const { table, thing, recipientId } of TABLES) {
    let after = ""
    for (;;) {
      const { rows } = await db.raw(
        `select id, ${recipientId} as recipient_id, account, account_details from ${table}
          where id > ? and (account not like ? or ${detailsNotUnder})
          order by id limit ${BATCH}`,
        [after, under, under]
      )
      for (const row of rows) {
        try {
          result.sealed += await sealRow(db, cipher, table, row)
        } catch (error) {
          result.failed += 1
          logger.warn(
            `Piastrix ${thing} ${row.id}: account left as it is: ${(error as Error).message}`
          )
        }
      }
      if (rows.length < BATCH) {
        break
      }
      after = rows[rows.length - 1].id
    }
  }
  // The key's id at every boot: during a rotation, the owner sees when nothing is left under the old key.
  logger.info(
    `Piastrix accounts: key ${cipher.keyId}; ${result.sealed} stored account(s) encrypted with it at this boot, ${result.failed} left as they are`
  )
  return result
}

async function sealRow(
  db: SqlConnection,
  cipher: AccountCipher,
  table: string,
  row: {
    id: string
    recipient_id: string
    account: string
    account_details: Record<string, unknown> | null
  }
): Promise<number> {
  const open = (value: unknown, field: string) =>
    isSealed(value)
      ? cipher.open(value, accountContext(row.recipient_id, field))
      : String(value)
  const details =
    row.account_details && typeof row.account_details === "object"
      ? row.account_details
      : null
  const sealed = sealAccountFields(cipher, row.recipient_id, {
    account: open(row.account, "account"),
    account_details:
      details === null
        ? null
        : Object.fromEntries(
            Object.entries(details).map(([name, value]) => [
              name,
              open(value, `account_details.${name}`),
            ])
          ),
  })
  // Conditional on what was read: a concurrent boot or an admin's change wins, and nothing is sealed twice.
  const updated = await db.raw(
    `update ${table} set account = ?, account_details = ?::jsonb, account_masked = ?
      where id = ? and account = ?
        and coalesce(account_details, 'null'::jsonb) = coalesce(?::jsonb, 'null'::jsonb)`,
    [
      sealed.account,
      sealed.account_details === null
        ? null
        : JSON.stringify(sealed.account_details),
      sealed.account_masked,
      row.id,
      row.account,
      row.account_details === null ? null : JSON.stringify(row.account_details),
    ]
  )
  return (updated as { rowCount?: number }).rowCount ?? 0
}

/** How many stored accounts are plaintext: a store without a key is told at boot. */
export async function plaintextAccountCount(
  db: SqlConnection
): Promise<number> {
  let count = 0
  for (const { table } of TABLES) {
    const { rows } = await db.raw(
      `select count(*)::int as n from ${table} where account not like 'pxenc:%'`
    )
    count += rows[0].n
  }
  return count
}
