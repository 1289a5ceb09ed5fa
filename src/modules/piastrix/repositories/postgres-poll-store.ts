import {
  PollingGuard,
  sharedPollingGuard,
  type PiastrixClient,
  type PollClaim,
  type PollOutcome,
  type PollRecord,
  type PollStore,
} from "../../../lib/piastrix"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import { POLL_TABLE } from "./tables"

export { POLL_TABLE }

/**
 * The polling guard's store in Postgres, shared by every Medusa instance on the database: the service's limits
 * hold for the installation, not per process. `claim` is one conditional upsert; times are the database's
 * (`clock_timestamp()`), so a window is as long as the service asked whatever each instance's clock says.
 */
export class PostgresPollStore implements PollStore {
  constructor(private readonly db: SqlConnection) {}

  async claim(slot: string, _now: number, leaseMs: number): Promise<PollClaim> {
    const { rows } = await this.db.raw(
      `insert into ${POLL_TABLE} (id, next_allowed_at, claimed_until)
       values (?, clock_timestamp(), clock_timestamp() + make_interval(secs => ?))
       on conflict (id) do update set claimed_until = excluded.claimed_until, updated_at = now()
        where (${POLL_TABLE}.claimed_until is null or ${POLL_TABLE}.claimed_until <= clock_timestamp())
          and ${POLL_TABLE}.next_allowed_at <= clock_timestamp()
       returning id`,
      [slot, leaseMs / 1000]
    )
    if (rows.length) {
      return { claimed: true }
    }
    const { rows: found } = await this.db.raw(
      `select extract(epoch from next_allowed_at)::float8 * 1000 as next_allowed_at,
              extract(epoch from claimed_until)::float8 * 1000 as claimed_until,
              extract(epoch from value_at)::float8 * 1000 as value_at,
              value, last_error
         from ${POLL_TABLE} where id = ?`,
      [slot]
    )
    const row = found[0]
    const record: PollRecord = {
      nextAllowedAt: Number(row?.next_allowed_at ?? Date.now()),
    }
    if (row?.claimed_until != null) {
      record.claimedUntil = Number(row.claimed_until)
    }
    if (row?.value_at != null) {
      record.valueAt = Number(row.value_at)
      record.value = row.value
    }
    if (row?.last_error) {
      record.lastError = row.last_error
    }
    return { claimed: false, record }
  }

  async settle(slot: string, outcome: PollOutcome): Promise<void> {
    // The window the guard computed, anchored to the database's clock.
    const windowSecs =
      outcome.nextAllowedAt === null
        ? null
        : Math.max(0, outcome.nextAllowedAt - outcome.at) / 1000
    if (outcome.ok) {
      await this.db.raw(
        `update ${POLL_TABLE}
            set claimed_until = null, next_allowed_at = clock_timestamp() + make_interval(secs => ?),
                value = ?::jsonb, value_at = clock_timestamp(), last_error = null, updated_at = now()
          where id = ?`,
        [windowSecs, JSON.stringify(outcome.value ?? null), slot]
      )
      return
    }
    const lastError = JSON.stringify({
      at: outcome.error.at,
      message: outcome.error.message,
    })
    await this.db.raw(
      `update ${POLL_TABLE}
          set claimed_until = null,
              next_allowed_at = case when ?::float8 is null then next_allowed_at
                                     else clock_timestamp() + make_interval(secs => ?::float8) end,
              last_error = ?::jsonb, updated_at = now()
        where id = ?`,
      [windowSecs, windowSecs, lastError, slot]
    )
  }
}

/** How long a window's row is kept after it ended: long enough for any answer to be reused, then pruned. */
export const POLL_ROW_RETENTION_SECONDS = 3600

/**
 * Deletes the rows of windows that ended more than `retentionSeconds` ago and are not claimed: a later ask
 * about the same payment starts a fresh row, which is what it would find anyway. Returns how many went.
 */
export async function prunePollWindows(
  db: SqlConnection,
  retentionSeconds = POLL_ROW_RETENTION_SECONDS
): Promise<number> {
  const { rows } = await db.raw(
    `delete from ${POLL_TABLE}
      where next_allowed_at < clock_timestamp() - make_interval(secs => ?)
        and (claimed_until is null or claimed_until < clock_timestamp())
     returning id`,
    [retentionSeconds]
  )
  return rows.length
}

/**
 * The installation's polling guard for the shop a client talks to: one per process (concurrent callers in
 * a process share one request) over the Postgres store (every instance shares the windows).
 */
export function installationPollingGuard(
  client: PiastrixClient,
  db: SqlConnection
): PollingGuard {
  return sharedPollingGuard(
    client.apiUrl,
    client.shopId,
    () => new PostgresPollStore(db)
  )
}
