import { describeError } from "../../../lib/plugin/describe-error"
import {
  claimDuePolls,
  claimPendingPayouts,
  createPayout,
  OPEN_PAYOUT_STATUSES,
  type CreatePayoutResult,
  type Payout,
} from "./payouts"
import { SCHEDULE_INTERVALS } from "./recipients"
import { sendPayout, syncPayout, type PayoutContext } from "../utils/send"
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

/** Settles payouts in flight whose minute has passed, a batch claimed in one query. */
export async function syncPayoutsInFlight(
  ctx: PayoutContext,
  s: { batchSize?: number } = {}
): Promise<Array<Payout | null>> {
  const claimed = await claimDuePolls(ctx.db, {
    limit: s.batchSize ?? 100,
    leaseSeconds: LEASE_SECONDS,
  })
  return eachPayout(ctx, claimed, syncPayout)
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
      if (after && after.status !== p.status) {
        const why = after.rejected_reason ?? after.last_error
        ctx.logger.info(
          `Piastrix payout ${p.id}: ${p.status} -> ${after.status}${why ? ` (${why})` : ""}`
        )
      }
      results.push(after)
    } catch (error) {
      ctx.logger.warn(`Piastrix payout ${p.id}: ${describeError(error)}`)
      results.push(null)
    }
  }
  return results
}
