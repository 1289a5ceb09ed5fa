import { randomUUID } from "node:crypto"
import { POLL_TABLE } from "./tables"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"

/**
 * A lease one request holds at a time across every Medusa instance on the database: a row of the polling
 * guard's table (`piastrix_poll`, its `claimed_until`) under a prefix no polling slot uses, with the holder's
 * token in `value`. It lapses by itself at `claimed_until` (a holder that died), times are the database's,
 * and only the holder's token releases it. An ended lease's row goes with the polling guard's pruning.
 */

const slotOf = (name: string, key: string) => `lease:${name}:${key}`

/**
 * Takes the lease `name` of `key` for `seconds`, or answers null while another holder has it. One statement:
 * the upsert's WHERE is evaluated on the row it locks, so of concurrent takers exactly one gets it.
 */
export async function takeLease(
  db: SqlConnection,
  name: string,
  key: string,
  seconds: number
): Promise<string | null> {
  const token = randomUUID()
  const { rows } = await db.raw(
    `insert into ${POLL_TABLE} (id, next_allowed_at, claimed_until, value)
     values (?, clock_timestamp(), clock_timestamp() + make_interval(secs => ?), to_jsonb(?::text))
     on conflict (id) do update set
       next_allowed_at = excluded.next_allowed_at, claimed_until = excluded.claimed_until,
       value = excluded.value, updated_at = now()
      where ${POLL_TABLE}.claimed_until is null or ${POLL_TABLE}.claimed_until <= clock_timestamp()
     returning id`,
    [slotOf(name, key), seconds, token]
  )
  return rows.length ? token : null
}

/** Ends the lease `name` of `key` if `token` still holds it (a lapsed one may have a new holder). */
export async function releaseLease(
  db: SqlConnection,
  name: string,
  key: string,
  token: string
): Promise<void> {
  await db.raw(
    `update ${POLL_TABLE} set claimed_until = null, value = null, updated_at = now()
      where id = ? and value = to_jsonb(?::text)`,
    [slotOf(name, key), token]
  )
}
