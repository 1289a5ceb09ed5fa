import { describeError } from "../../../lib/plugin/describe-error"
import {
  applyOutcomes,
  claimDuePolls,
  claimPendingPayouts,
  createPayout,
  OPEN_PAYOUT_STATUSES,
  PAYOUT_POLL_SECONDS,
  type CreatePayoutResult,
  type Payout,
  type PayoutOutcome,
} from "./payouts"
import { SCHEDULE_INTERVALS } from "./recipients"
import { sendPayout, syncOutcome, type PayoutContext } from "../utils/send"
import { LEDGER_TABLE, PAYOUT_TABLE, RECIPIENT_TABLE } from "./tables"

/**
 * The scheduled payout runs, each safe on several instances at once: claims and locks live in the
 * database. The jobs in `src/jobs` are thin wrappers over these.
 */

/** A send or a sync holds its payout this long; a holder that died lets go by itself. */
const LEASE_SECONDS = 120

const scheduleInterval = `case r.schedule ${Object.entries(SCHEDULE_INTERVALS)
  .map(
    ([schedule, interval]) => `when '${schedule}' then interval '${interval}'`
  )
  .join(" ")} end`

/**
 * Creates one payout per recipient that is due: active, paid by schedule, no payout open, none made
 * within its schedule's interval, and a payable balance at or over its minimum. Above the approval
 * threshold (`payouts.approvalThreshold`, an option or the admin's setting) the payout waits for an admin.
 */
export async function createDuePayouts(
  ctx: PayoutContext,
  s: { limit?: number } = {}
): Promise<CreatePayoutResult[]> {
  const open = OPEN_PAYOUT_STATUSES.map((status) => `'${status}'`).join(", ")
  const { rows } = await ctx.db.raw(
    `select r.id from ${RECIPIENT_TABLE} r
      -- what a payout may pay (payableOf): available less what is owed, so recipients with nothing to pay
      -- never crowd out the others
      cross join lateral (
        select coalesce(sum(e.amount) filter (where e.account = 'available'), 0)
             + least(coalesce(sum(e.amount) filter (where e.account = 'clawback'), 0), 0) as payable
          from ${LEDGER_TABLE} e
         where e.recipient_id = r.id and e.currency = r.currency and e.deleted_at is null
           and e.account in ('available', 'clawback')) b
      where r.deleted_at is null and r.state = 'active' and r.schedule <> 'manual'
        and b.payable > 0 and b.payable >= r.minimum_payout
        and not exists (select 1 from ${PAYOUT_TABLE} p
                         where p.recipient_id = r.id and p.currency = r.currency and p.deleted_at is null
                           and (p.status in (${open})
                             or (p.status = 'succeeded' and p.created_at > now() - ${scheduleInterval})))
      order by r.id
      limit ?`,
    [s.limit ?? 200]
  )
  const results: CreatePayoutResult[] = []
  const { approvalThreshold } = (await ctx.effectiveOptions()).payouts
  for (const { id } of rows) {
    const result = await createPayout(ctx.db, {
      recipient_id: id,
      approval_threshold: approvalThreshold,
      respect_minimum: true,
    })
    if (result.payout) {
      ctx.logger.info(
        `Piastrix payout ${result.payout.id}: ${result.payout.amount} to ${id} (${result.payout.status})`
      )
    }
    results.push(result)
  }
  return results
}

/** Sends pending payouts (approved, or left pending by a passing refusal such as the shop's balance). */
export async function sendPendingPayouts(
  ctx: PayoutContext,
  s: { limit?: number } = {}
): Promise<Array<Payout | null>> {
  const claimed = await claimPendingPayouts(ctx.db, {
    limit: s.limit ?? 50,
    leaseSeconds: LEASE_SECONDS,
  })
  return eachPayout(ctx, claimed, sendPayout)
}

/** Status reads of one sync batch under way at once; each call has the client's own timeout. */
const SYNC_CONCURRENCY = 8

/** A sync pass starts status reads this long after its claim at the most (`syncPayoutsInFlight`). */
const SYNC_READ_WINDOW_MS = 30_000

/** The sync job claims no new batch after this long, well inside its minute (`syncAllDuePayouts`). */
const SYNC_BUDGET_MS = 40_000

/**
 * Settles payouts in flight whose minute has passed, in sets: the batch is claimed in one statement (which
 * also pushes each payout's `next_poll_at` a minute on, so no instance asks about it again before then),
 * its statuses are read a few at a time, and the outcomes written in at most two statements
 * (`applyOutcomes`), every payout let go waiting a minute from then. The claim's lease outlasts the last
 * read by a polling interval: reads start only within `readWindowMs` of the claim, and each ends within two
 * of the client's timeouts (a lost create: its read, then its create), so a pass that dies mid-way never
 * lets another instance read a payout early. A payout whose read threw, or that the window left unread,
 * keeps its claim, which lapses by itself.
 */
export async function syncPayoutsInFlight(
  ctx: PayoutContext,
  s: SyncOptions = {}
): Promise<Array<Payout | null>> {
  return writeBatch(ctx, await readBatch(ctx, s))
}

/**
 * Syncs every payout due, batch after batch (`syncPayoutsInFlight`), claiming no new batch after `budgetMs`:
 * a batch's outcomes are written while the next batch is claimed and read, so the database's time hides
 * behind the service's. Answers how many payouts were claimed.
 */
export async function syncAllDuePayouts(
  ctx: PayoutContext,
  s: SyncOptions & { budgetMs?: number } = {}
): Promise<number> {
  const until = Date.now() + (s.budgetMs ?? SYNC_BUDGET_MS)
  let synced = 0
  // Never rejects: a batch whose statement fails is written one payout at a time, each failure logged.
  let writing: Promise<unknown> = Promise.resolve()
  for (;;) {
    const batch = await readBatch(ctx, s)
    await writing
    if (!batch.claimed.length) {
      return synced
    }
    synced += batch.claimed.length
    writing = writeBatch(ctx, batch)
    if (Date.now() > until) {
      await writing
      return synced
    }
  }
}

type SyncOptions = {
  batchSize?: number
  concurrency?: number
  readWindowMs?: number
}

type ReadBatch = {
  claimed: Payout[]
  decided: Array<{ payout: Payout; outcome: PayoutOutcome }>
}

/** Claims a batch and reads its statuses (`syncPayoutsInFlight`); nothing is written yet. */
async function readBatch(
  ctx: PayoutContext,
  s: SyncOptions
): Promise<ReadBatch> {
  const readWindowMs = s.readWindowMs ?? SYNC_READ_WINDOW_MS
  const readsUntil = Date.now() + readWindowMs
  const claimed = await claimDuePolls(ctx.db, {
    limit: s.batchSize ?? 100,
    leaseSeconds: Math.max(
      LEASE_SECONDS,
      Math.ceil(
        (readWindowMs + 2 * ctx.options.timeoutMs) / 1000 + PAYOUT_POLL_SECONDS
      )
    ),
  })
  let late = 0
  const outcomes = await inParallel(
    claimed,
    s.concurrency ?? SYNC_CONCURRENCY,
    async (p) => {
      if (Date.now() > readsUntil) {
        late += 1
        return null
      }
      try {
        return await syncOutcome(ctx, p)
      } catch (error) {
        ctx.logger.warn(`Piastrix payout ${p.id}: ${describeError(error)}`)
        return null
      }
    }
  )
  if (late) {
    ctx.logger.warn(
      `Piastrix payouts: ${late} left to a later sync, the service answering too slowly to read them all in ${readWindowMs} ms`
    )
  }
  const decided = claimed.flatMap((payout, i) => {
    const outcome = outcomes[i]
    return outcome ? [{ payout, outcome }] : []
  })
  return { claimed, decided }
}

/** Writes a batch's outcomes; answers per claimed payout what was written (null: nothing). */
async function writeBatch(
  ctx: PayoutContext,
  { claimed, decided }: ReadBatch
): Promise<Array<Payout | null>> {
  const after = await applyInSets(ctx, decided)
  const written = new Map(decided.map(({ payout }, i) => [payout.id, after[i]]))
  return claimed.map((p) => {
    const result = written.get(p.id) ?? null
    logChange(ctx, p, result)
    return result
  })
}

/**
 * The outcomes of a batch in one go; should that fail (a row the database refuses), one payout at a time,
 * so one bad payout never holds back the others.
 */
async function applyInSets(
  ctx: PayoutContext,
  decided: Array<{ payout: Payout; outcome: PayoutOutcome }>
): Promise<Array<Payout | null>> {
  try {
    return await applyOutcomes(ctx.db, decided, { afterReads: true })
  } catch (error) {
    ctx.logger.warn(
      `Piastrix payouts: ${decided.length} outcomes at once failed, written one by one: ${describeError(error)}`
    )
  }
  const results: Array<Payout | null> = []
  for (const { payout, outcome } of decided) {
    try {
      const [one] = await applyOutcomes(ctx.db, [{ payout, outcome }], {
        afterReads: true,
      })
      results.push(one)
    } catch (error) {
      ctx.logger.warn(`Piastrix payout ${payout.id}: ${describeError(error)}`)
      results.push(null)
    }
  }
  return results
}

/** `work` over `items`, at most `concurrency` at once; the answers in the items' order. */
async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const lanes = Array.from(
    { length: Math.min(items.length, Math.max(1, concurrency)) },
    async () => {
      while (next < items.length) {
        const i = next++
        results[i] = await work(items[i])
      }
    }
  )
  await Promise.all(lanes)
  return results
}

/** One payout at a time (each is one or two calls to the service); a failure stays with its payout. */
async function eachPayout(
  ctx: PayoutContext,
  payouts: Payout[],
  work: (ctx: PayoutContext, p: Payout) => Promise<Payout | null>
): Promise<Array<Payout | null>> {
  const results: Array<Payout | null> = []
  for (const p of payouts) {
    try {
      const after = await work(ctx, p)
      logChange(ctx, p, after)
      results.push(after)
    } catch (error) {
      ctx.logger.warn(`Piastrix payout ${p.id}: ${describeError(error)}`)
      results.push(null)
    }
  }
  return results
}

/** A payout's change of state, with its reason, in the log. */
function logChange(ctx: PayoutContext, p: Payout, after: Payout | null): void {
  if (after && after.status !== p.status) {
    const why = after.rejected_reason ?? after.last_error
    ctx.logger.info(
      `Piastrix payout ${p.id}: ${p.status} -> ${after.status}${why ? ` (${why})` : ""}`
    )
  }
}
