import { POLL_TABLE } from "./postgres-poll-store"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"

/**
 * Limits a stranger cannot exceed: at most `max` attempts per key (a payment session's receipts, a cart's
 * payment session starts) in a window that opens with the first attempt. The counters live in the
 * polling guard's table of windows (`piastrix_poll`, its `hits` column), so every Medusa instance on the
 * database counts into the same window; old windows go with the polling guard's pruning. Times are the
 * database's.
 */

/** The storefront limits (plugin option `limits`). */
export type AttemptLimitName = "receiptsPerSession" | "sessionStartsPerCart"

export type AttemptLimit = { max: number; windowMinutes: number }

export type AttemptVerdict =
  | { allowed: true; hits: number }
  | { allowed: false; hits: number; retryAfterSeconds: number; retryAt: Date }

/** The window's row: a prefix no polling slot uses (theirs name the service's endpoint). */
const slotOf = (name: AttemptLimitName, key: string) => `limit:${name}:${key}`

/**
 * Takes one attempt from the window of `key`, or refuses it with when the window ends. One statement:
 * the upsert's WHERE is evaluated on the row it locks, so concurrent attempts on any instance queue on
 * that row and exactly `max` of a window pass, never one more.
 */
export async function takeAttempt(
  db: SqlConnection,
  name: AttemptLimitName,
  key: string,
  limit: AttemptLimit
): Promise<AttemptVerdict> {
  const slot = slotOf(name, key)
  const { rows } = await db.raw(
    `insert into ${POLL_TABLE} (id, next_allowed_at, hits)
     values (?, clock_timestamp() + make_interval(mins => ?), 1)
     on conflict (id) do update set
       hits = case when ${POLL_TABLE}.next_allowed_at <= clock_timestamp() then 1 else ${POLL_TABLE}.hits + 1 end,
       next_allowed_at = case when ${POLL_TABLE}.next_allowed_at <= clock_timestamp() then excluded.next_allowed_at
                              else ${POLL_TABLE}.next_allowed_at end,
       updated_at = now()
      where ${POLL_TABLE}.next_allowed_at <= clock_timestamp() or ${POLL_TABLE}.hits < ?
     returning hits`,
    [slot, limit.windowMinutes, limit.max]
  )
  if (rows.length) {
    return { allowed: true, hits: Number(rows[0].hits) }
  }
  return refused(await readWindow(db, slot), limit)
}

/**
 * Whether the window of `key` is already full, without taking an attempt: lets a route refuse before
 * it reads a large body. Only `takeAttempt` decides; this can be out of date by the time it answers.
 */
export async function peekAttempt(
  db: SqlConnection,
  name: AttemptLimitName,
  key: string,
  limit: AttemptLimit
): Promise<AttemptVerdict> {
  const window = await readWindow(db, slotOf(name, key))
  if (!window || window.seconds_left <= 0 || window.hits < limit.max) {
    const open = window !== null && window.seconds_left > 0
    return { allowed: true, hits: open ? window.hits : 0 }
  }
  return refused(window, limit)
}

type Window = { hits: number; seconds_left: number }

async function readWindow(
  db: SqlConnection,
  slot: string
): Promise<Window | null> {
  const { rows } = await db.raw(
    `select hits, extract(epoch from next_allowed_at - clock_timestamp())::float8 as seconds_left
       from ${POLL_TABLE} where id = ?`,
    [slot]
  )
  return rows[0]
    ? { hits: Number(rows[0].hits), seconds_left: Number(rows[0].seconds_left) }
    : null
}

function refused(window: Window | null, limit: AttemptLimit): AttemptVerdict {
  // No row to read (pruned in between): the whole window is the honest upper bound.
  const seconds = Math.max(
    1,
    Math.ceil(window ? window.seconds_left : limit.windowMinutes * 60)
  )
  return {
    allowed: false,
    hits: window?.hits ?? limit.max,
    retryAfterSeconds: seconds,
    retryAt: new Date(Date.now() + seconds * 1000),
  }
}

const WHAT: Record<AttemptLimitName, { things: string; per: string }> = {
  receiptsPerSession: { things: "receipts", per: "payment session" },
  sessionStartsPerCart: {
    things: "Piastrix payment session starts",
    per: "cart",
  },
}

/** "At most 5 receipts per payment session in 60 minutes (limits.receiptsPerSession): try again in 59 minutes." */
export function attemptLimitMessage(
  name: AttemptLimitName,
  limit: AttemptLimit,
  retryAfterSeconds: number
): string {
  const { things, per } = WHAT[name]
  const wait =
    retryAfterSeconds < 120
      ? `${retryAfterSeconds} seconds`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`
  return (
    `Too many attempts: at most ${limit.max} ${things} per ${per} in ${limit.windowMinutes} minutes ` +
    `(limits.${name}); try again in ${wait}`
  )
}
