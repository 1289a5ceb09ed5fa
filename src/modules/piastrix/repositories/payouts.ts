import BigNumber from "bignumber.js"
import { messageText, storedMessageJson } from "../../../lib/plugin/messages"
import { randomUUID } from "node:crypto"
import { defaultCurrencyTable } from "../../../lib/piastrix"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import { maskCardNumbers } from "../../../lib/plugin/mask"
import {
  insertPostings,
  lockRecipient,
  post,
  recipientBalances,
  type SqlDatabase,
} from "./ledger"
import {
  payableOf,
  payoutCreatedLegs,
  payoutReturnedLegs,
  payoutSucceededLegs,
  type Posting,
} from "../../../lib/payouts/postings"
import { getRecipient, type Recipient } from "./recipients"
import { PAYOUT_TABLE, RECIPIENT_TABLE } from "./tables"
import type { Payout, PayoutStatus } from "../../../types/admin-responses"

export type { Payout, PayoutStatus } from "../../../types/admin-responses"

/**
 * Payout rows (`piastrix_payout`) and their ledger postings, written together in one transaction so a
 * payout's state and the ledger always agree. Every state change is conditional on the state it
 * leaves, so two instances racing on one payout change it once. Over 300 lines: each edge of the diagram
 * below is one conditional update with its posting, kept beside the diagram.
 *
 *   awaiting_approval ──approve──> pending ──sent──> processing ──> succeeded
 *          │                          │  ^                 │
 *          └──────cancel──────────────┤  └─ balance (9) ───┤──> rejected (reason)
 *                                     v                    └──> needs_attention
 *                                  canceled / rejected
 */

/** Payouts whose money is still in flight: a recipient has at most one per currency. */
export const OPEN_PAYOUT_STATUSES: PayoutStatus[] = [
  "awaiting_approval",
  "pending",
  "processing",
  "needs_attention",
]

/** The service is asked about one payout at most this often (the reference's limit). */
export const PAYOUT_POLL_SECONDS = 60
export const PAYOUT_POLL_INTERVAL = `${PAYOUT_POLL_SECONDS} seconds`

const COLUMNS = `id, recipient_id, currency, amount::text as amount, fee::text as fee, rail, payway, account, account_masked, account_details,
  shop_payment_id, status, rejected_reason, rejected_reason_code, last_error, last_error_code, service_id, attempts, sent_at, next_poll_at, created_at`

/** A SQL list of known states (constants of this file, never input). */
const states = (list: PayoutStatus[]) => list.map((s) => `'${s}'`).join(", ")

const read = (row: any): Payout => ({ ...row, currency: Number(row.currency) })
const raw = (amount: string | null) =>
  amount === null ? null : JSON.stringify({ value: amount, precision: 20 })
// Reasons come from the service too, which may quote the account it was sent: never stored readable.
const clip = (text: string) => maskCardNumbers(text).slice(0, 1000)
/** A reason's code and params, stored beside it (lib/plugin/messages.ts). */
const message = (text: string) => storedMessageJson(text, clip)

/** The `shop_payment_id` of a payout: its own id, so a retry can never mint another one. */
export const shopPaymentIdOf = (payoutId: string) => payoutId

/**
 * A payout by id, or null. Hand-written rather than the generated `listPiastrixPayouts`, as the listing
 * below: the payout code reads a payout inside its transactions, and amounts as decimal strings
 * (`::text`), where the generated reads answer a `bigNumber` column as a JavaScript number.
 */
export async function findPayout(
  db: SqlConnection,
  id: string
): Promise<Payout | null> {
  const { rows } = await db.raw(
    `select ${COLUMNS} from ${PAYOUT_TABLE} where id = ? and deleted_at is null`,
    [id]
  )
  return rows[0] ? read(rows[0]) : null
}

export async function getPayout(
  db: SqlConnection,
  id: string
): Promise<Payout> {
  const payout = await findPayout(db, id)
  if (!payout) {
    throw new Error(`payout ${id} not found`)
  }
  return payout
}

/**
 * Payouts, newest first, optionally of one recipient or in one status, with their total count; SQL for
 * amounts as text, as `findPayout`.
 */
export async function listPayouts(
  db: SqlConnection,
  f: {
    id?: string
    recipient_id?: string
    status?: PayoutStatus
    created_after?: string
    created_before?: string
    limit: number
    offset: number
  }
): Promise<{ payouts: Payout[]; count: number }> {
  const where = `deleted_at is null and (?::text is null or id = ?) and (?::text is null or recipient_id = ?)
    and (?::text is null or status = ?)
    and (?::timestamptz is null or created_at >= ?::timestamptz)
    and (?::timestamptz is null or created_at < ?::timestamptz)`
  const bindings = [
    f.id ?? null,
    f.id ?? null,
    f.recipient_id ?? null,
    f.recipient_id ?? null,
    f.status ?? null,
    f.status ?? null,
    f.created_after ?? null,
    f.created_after ?? null,
    f.created_before ?? null,
    f.created_before ?? null,
  ]
  const [list, total] = await Promise.all([
    db.raw(
      `select ${COLUMNS} from ${PAYOUT_TABLE} where ${where} order by created_at desc, id limit ? offset ?`,
      [...bindings, f.limit, f.offset]
    ),
    db.raw(
      `select count(*)::int as n from ${PAYOUT_TABLE} where ${where}`,
      bindings
    ),
  ])
  return { payouts: list.rows.map(read), count: total.rows[0].n }
}

export type CreatePayoutInput = {
  recipient_id: string
  /** A decimal amount, or everything payable when left out. */
  amount?: string
  /** Above this amount the payout waits for an admin (`awaiting_approval`); null: never. */
  approval_threshold: string | null
  /** Refuse when the payable balance is under the recipient's minimum payout (scheduled runs). */
  respect_minimum?: boolean
}

/** `reason` starts with the field it is about (`amount:`, `recipient_id:`). */
export type CreatePayoutResult =
  { payout: Payout } | { payout: null; reason: string }

/**
 * The amount a payout of `recipient` would pay now (the one asked, or all that is payable), or why none
 * (`reason` naming the field): the recipient suspended, a payout of the recipient still open, more decimals
 * than the currency has, nothing or less than asked payable, under the minimum when it is respected.
 * Read-only: `createPayout` runs it under the recipient's lock, the admin's quote without.
 */
export async function payableAmount(
  db: SqlConnection,
  recipient: Recipient,
  input: Pick<CreatePayoutInput, "amount" | "respect_minimum">
): Promise<
  | {
      amount: BigNumber
      balances: Awaited<ReturnType<typeof recipientBalances>>
      digits: number
    }
  | { reason: string }
> {
  if (recipient.state !== "active") {
    return {
      reason: messageText("payout.recipient_inactive", {
        recipient: recipient.id,
        state: recipient.state,
      }),
    }
  }
  const currency = recipient.currency
  const open = await db.raw(
    `select id from ${PAYOUT_TABLE}
      where recipient_id = ? and currency = ? and status in (${states(OPEN_PAYOUT_STATUSES)}) and deleted_at is null
      limit 1`,
    [recipient.id, currency]
  )
  if (open.rows[0]) {
    return {
      reason: messageText("payout.still_open", { payout: open.rows[0].id }),
    }
  }
  const balances = await recipientBalances(db, recipient.id, currency)
  const payable = payableOf(balances)
  const amount = new BigNumber(input.amount ?? payable)
  const digits = defaultCurrencyTable.resolve(currency, "currency").digits
  if (!amount.isFinite() || (amount.decimalPlaces() ?? 0) > digits) {
    return {
      reason: messageText("payout.too_many_decimals", {
        amount: String(input.amount),
        digits,
      }),
    }
  }
  // Amounts in reasons with the currency's digits, as the admin shows them ("1012.90", not "1012.9").
  const fixed = (value: BigNumber.Value) => new BigNumber(value).toFixed(digits)
  if (payable.isNegative()) {
    // A clawback: the vendor owes what later sales pay back first.
    return {
      reason: messageText("payout.vendor_owes", {
        owed: fixed(payable.negated()),
      }),
    }
  }
  if (!amount.isGreaterThan(0)) {
    return {
      reason: messageText("payout.nothing_payable", {
        payable: fixed(payable),
      }),
    }
  }
  if (amount.isGreaterThan(payable)) {
    return {
      reason: messageText("payout.more_than_payable", {
        amount: fixed(amount),
        payable: fixed(payable),
      }),
    }
  }
  if (input.respect_minimum && payable.isLessThan(recipient.minimum_payout)) {
    return {
      reason: messageText("payout.under_minimum", {
        payable: fixed(payable),
        minimum: fixed(recipient.minimum_payout),
      }),
    }
  }
  return { amount, balances, digits }
}

/**
 * Writes a payout ahead of any call to the service: the row, its `shop_payment_id` and the posting that
 * moves its amount from available to in flight (netting what the recipient owes), in one transaction
 * under the recipient's lock. A negative or zero payable balance is never paid.
 */
export async function createPayout(
  db: SqlDatabase,
  input: CreatePayoutInput
): Promise<CreatePayoutResult> {
  const recipient = await getRecipient(db, input.recipient_id)
  const currency = recipient.currency
  return db.transaction(async (trx): Promise<CreatePayoutResult> => {
    await lockRecipient(trx, recipient.id, currency)
    const checked = await payableAmount(trx, recipient, input)
    if ("reason" in checked) {
      return { payout: null, reason: checked.reason }
    }
    const { amount, balances, digits } = checked
    const owed = BigNumber.min(0, balances.clawback ?? 0).negated()
    const threshold = input.approval_threshold
    const status: PayoutStatus =
      threshold !== null && amount.isGreaterThan(threshold)
        ? "awaiting_approval"
        : "pending"
    const id = `pxpo_${randomUUID().replace(/-/g, "")}`
    const inserted = await trx.raw(
      `insert into ${PAYOUT_TABLE}
         (id, recipient_id, currency, amount, raw_amount, rail, payway, account, account_masked, account_details,
          shop_payment_id, status)
       values (?, ?, ?, ?::numeric, ?::jsonb, ?, ?, ?, ?, ?::jsonb, ?, ?)
       returning ${COLUMNS}`,
      [
        id,
        recipient.id,
        currency,
        amount.toFixed(digits),
        raw(amount.toFixed(digits)),
        recipient.rail,
        recipient.payway,
        // Copied sealed: sealed for the recipient, it opens for its payouts (`accountContext`).
        recipient.account,
        recipient.account_masked,
        recipient.account_details === null
          ? null
          : JSON.stringify(recipient.account_details),
        shopPaymentIdOf(id),
        status,
      ]
    )
    await post(trx, {
      key: `payout:${id}:created`,
      kind: "payout_created",
      currency,
      legs: payoutCreatedLegs(recipient.id, amount, owed),
      references: { payout_id: id },
    })
    return { payout: read(inserted.rows[0]) }
  })
}

/** Changes a payout's state only from the given ones; null when it was not in any of them. */
async function transition(
  db: SqlConnection,
  id: string,
  from: PayoutStatus[],
  set: string,
  bindings: unknown[] = []
): Promise<Payout | null> {
  const { rows } = await db.raw(
    `update ${PAYOUT_TABLE} set ${set}, updated_at = now()
      where id = ? and status in (${states(from)}) and deleted_at is null
      returning ${COLUMNS}`,
    [...bindings, id]
  )
  return rows[0] ? read(rows[0]) : null
}

/**
 * What becomes of a payout after a call to the service (or an admin's cancel): settled with its posting
 * (`succeeded`, `rejected`, `canceled`), or let go for a later run: still in flight (`in_flight`), back to
 * `pending`, `needs_attention`, or its state kept with a note (`unsettled`). `applyOutcomes` writes them.
 */
export type PayoutOutcome =
  | { kind: "succeeded"; serviceId: string }
  | { kind: "rejected"; reason: string; serviceId?: string | null }
  | { kind: "canceled"; reason: string }
  | { kind: "in_flight"; serviceId: string }
  | { kind: "pending"; reason: string }
  | { kind: "needs_attention"; reason: string }
  | { kind: "unsettled"; reason: string }

type Settlement = Extract<
  PayoutOutcome,
  { kind: "succeeded" | "rejected" | "canceled" }
>
type Release = Exclude<PayoutOutcome, Settlement>
type Decided<O> = { payout: SettledPayout; outcome: O }
/** What a settlement's posting needs of its payout. */
type SettledPayout = Pick<Payout, "id" | "recipient_id" | "currency" | "amount">

const isSettlement = (o: PayoutOutcome): o is Settlement =>
  o.kind === "succeeded" || o.kind === "rejected" || o.kind === "canceled"

/** The states each outcome leaves (any other: the payout moved on meanwhile, and nothing is written). */
const SETTLED_FROM: PayoutStatus[] = [
  "pending",
  "processing",
  "needs_attention",
]
const CANCELED_FROM: PayoutStatus[] = ["awaiting_approval", "pending"]
const RELEASED_FROM: PayoutStatus[] = ["pending", "processing"]

/**
 * Writes the outcomes of many payouts in at most two statements, whatever their number: one settles those
 * that are settled together with their postings (one statement, so a payout's state and the ledger agree
 * without a transaction), one lets the others go. Each change is conditional on the state it leaves, so
 * two instances racing on one payout change it once. `afterReads`: the outcomes follow status reads that
 * have just ended, so every payout let go is asked again a polling interval after now at the earliest (its
 * claim pushed `next_poll_at` from before the read; the service counts from the read). Answers per payout,
 * in order: the payout as written, or null when it was in no state its outcome leaves.
 */
export async function applyOutcomes(
  db: SqlConnection,
  decided: Array<Decided<PayoutOutcome>>,
  s: { afterReads?: boolean } = {}
): Promise<Array<Payout | null>> {
  const settlements = decided.filter((d): d is Decided<Settlement> =>
    isSettlement(d.outcome)
  )
  const releases = decided.flatMap((d) =>
    isSettlement(d.outcome) ? [] : [{ id: d.payout.id, outcome: d.outcome }]
  )
  const written = new Map<string, Payout>()
  for (const p of [
    ...(await settle(db, settlements)),
    ...(await release(db, releases, s.afterReads ?? false)),
  ]) {
    written.set(p.id, p)
  }
  return decided.map((d) => written.get(d.payout.id) ?? null)
}

/** One payout's outcome (`applyOutcomes`). */
export async function applyOutcome(
  db: SqlConnection,
  payout: SettledPayout,
  outcome: PayoutOutcome
): Promise<Payout | null> {
  return (await applyOutcomes(db, [{ payout, outcome }]))[0]
}

/**
 * Settles payouts and posts for those it settled: a payout made moves its amount from in flight to paid;
 * one rejected or canceled makes it available again, the reason kept on the payout and the posting.
 */
async function settle(
  db: SqlConnection,
  settlements: Array<Decided<Settlement>>
): Promise<Payout[]> {
  if (!settlements.length) {
    return []
  }
  const postings = settlements.map(({ payout, outcome }): Posting => {
    const made = outcome.kind === "succeeded"
    return {
      key: `payout:${payout.id}:${made ? "succeeded" : "returned"}`,
      kind: made ? "payout_succeeded" : "payout_returned",
      currency: payout.currency,
      reason: made ? null : outcome.reason,
      legs: made
        ? payoutSucceededLegs(payout.recipient_id, payout.amount)
        : payoutReturnedLegs(payout.recipient_id, payout.amount),
      references: { payout_id: payout.id },
    }
  })
  const posting = insertPostings(
    postings,
    "v.payout_id in (select id from settled)"
  )
  const column = <T>(of: (d: Decided<Settlement>) => T) => settlements.map(of)
  const { rows } = await db.raw(
    `with settled as (
       update ${PAYOUT_TABLE} p
          set status = o.settled_as, service_id = coalesce(o.settled_service_id, p.service_id),
              rejected_reason = coalesce(o.settled_reason, p.rejected_reason),
              rejected_reason_code = case when o.settled_reason is null then p.rejected_reason_code
                                          else o.settled_reason_code::jsonb end,
              last_error = case when o.settled_as = 'succeeded' then null else p.last_error end,
              last_error_code = case when o.settled_as = 'succeeded' then null else p.last_error_code end,
              settled_at = now(), next_poll_at = null, claimed_until = null, updated_at = now()
         from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
              as o(payout_id, settled_as, settled_service_id, settled_reason, settled_reason_code)
        where p.id = o.payout_id and p.deleted_at is null
          and p.status = any(case when o.settled_as = 'canceled' then array[${states(CANCELED_FROM)}]
                                  else array[${states(SETTLED_FROM)}] end)
        returning ${COLUMNS}
     ),
     posted as (${posting.sql})
     select * from settled`,
    [
      column((d) => d.payout.id),
      column((d) => d.outcome.kind),
      column((d) =>
        d.outcome.kind === "canceled" ? null : (d.outcome.serviceId ?? null)
      ),
      column((d) =>
        d.outcome.kind === "succeeded" ? null : clip(d.outcome.reason)
      ),
      column((d) =>
        d.outcome.kind === "succeeded" ? null : message(d.outcome.reason)
      ),
      ...posting.bindings,
    ]
  )
  return rows.map(read)
}

/**
 * Lets payouts go for a later run (their claim ends): in flight again once the polling interval has
 * passed (`next_poll_at` is only ever pushed later), back to pending, needing attention (`next_poll_at` kept
 * for a retry, `retryPayout`), or the same state with a note. After reads, every one waits its interval.
 */
async function release(
  db: SqlConnection,
  releases: Array<{ id: string; outcome: Release }>,
  afterReads: boolean
): Promise<Payout[]> {
  if (!releases.length) {
    return []
  }
  const column = <T>(of: (d: { id: string; outcome: Release }) => T) =>
    releases.map(of)
  const { rows } = await db.raw(
    `update ${PAYOUT_TABLE} p
        set status = case when o.released_as in ('pending', 'needs_attention') then o.released_as else p.status end,
            service_id = coalesce(o.released_service_id, p.service_id),
            last_error = o.released_reason, last_error_code = o.released_reason_code::jsonb,
            claimed_until = null, updated_at = now(),
            next_poll_at = case when o.released_as <> 'in_flight' and not ?::boolean then p.next_poll_at
                                else greatest(coalesce(p.next_poll_at, now()), now() + interval '${PAYOUT_POLL_INTERVAL}') end
       from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
            as o(payout_id, released_as, released_service_id, released_reason, released_reason_code)
      where p.id = o.payout_id
        and case o.released_as when 'unsettled' then true
                               when 'in_flight' then p.status = 'processing' and p.deleted_at is null
                               else p.status in (${states(RELEASED_FROM)}) and p.deleted_at is null end
      returning ${COLUMNS}`,
    [
      afterReads,
      column((d) => d.id),
      column((d) => d.outcome.kind),
      column((d) =>
        d.outcome.kind === "in_flight" ? d.outcome.serviceId : null
      ),
      column((d) =>
        d.outcome.kind === "in_flight" ? null : clip(d.outcome.reason)
      ),
      column((d) =>
        d.outcome.kind === "in_flight" ? null : message(d.outcome.reason)
      ),
    ]
  )
  return rows.map(read)
}

/** The service made the payout: its amount is paid. */
export function markSucceeded(
  db: SqlConnection,
  payout: SettledPayout,
  serviceId: string
): Promise<Payout | null> {
  return applyOutcome(db, payout, { kind: "succeeded", serviceId })
}

/**
 * The payout will not be made: rejected (by the service, or an account it refused) or canceled before
 * it was sent. Its amount is available again; the reason stays on the payout and the posting.
 */
export function markReturned(
  db: SqlConnection,
  payout: SettledPayout,
  outcome: {
    status: "rejected" | "canceled"
    reason: string
    serviceId?: string | null
  }
): Promise<Payout | null> {
  return applyOutcome(
    db,
    payout,
    outcome.status === "canceled"
      ? { kind: "canceled", reason: outcome.reason }
      : {
          kind: "rejected",
          reason: outcome.reason,
          serviceId: outcome.serviceId,
        }
  )
}

/** An admin lets a payout above the approval threshold go. */
export function approvePayout(
  db: SqlConnection,
  id: string
): Promise<Payout | null> {
  return transition(db, id, ["awaiting_approval"], `status = 'pending'`)
}

/** An admin cancels a payout that was never sent; its amount is available again. */
export async function cancelPayout(
  db: SqlDatabase,
  id: string,
  reason: string
): Promise<Payout | null> {
  return markReturned(db, await getPayout(db, id), {
    status: "canceled",
    reason,
  })
}

/**
 * An admin retries a payout that needed attention: it is in flight again, so the sync asks the service
 * by its `shop_payment_id` and, only if the service never made it, creates it with that same id. Its
 * `next_poll_at` stays: a payout asked about less than a minute ago is asked again once its minute is
 * over, however soon the admin retries.
 */
export function retryPayout(
  db: SqlConnection,
  id: string
): Promise<Payout | null> {
  return transition(
    db,
    id,
    ["needs_attention"],
    // Why it needed attention is history once it is in flight again: a new read notes its own reason.
    `status = 'processing', claimed_until = null, last_error = null, last_error_code = null`
  )
}

/** Stores the fee the service quoted. */
export async function recordFee(
  db: SqlConnection,
  id: string,
  fee: string | null
): Promise<void> {
  await db.raw(
    `update ${PAYOUT_TABLE} set fee = ?::numeric, raw_fee = ?::jsonb, updated_at = now() where id = ?`,
    [fee, raw(fee), id]
  )
}

/** Written just before the create is sent: from now on only the status endpoint says what happened. */
export function markSent(
  db: SqlConnection,
  id: string
): Promise<Payout | null> {
  return transition(
    db,
    id,
    ["pending"],
    `status = 'processing', sent_at = now(), last_error = null, last_error_code = null`
  )
}

/** Not sent (or the service refused it without making it): tried again by a later run. */
export function backToPending(
  db: SqlConnection,
  id: string,
  reason: string
): Promise<Payout | null> {
  return released(db, id, { kind: "pending", reason })
}

/** Made at the service and not final yet (a withdraw): asked again after the polling interval. */
export function markInFlight(
  db: SqlConnection,
  id: string,
  serviceId: string
): Promise<Payout | null> {
  return released(db, id, { kind: "in_flight", serviceId })
}

/**
 * Cannot be settled automatically; a person looks at it (the money stays in flight). `next_poll_at` is
 * kept for a retry (`retryPayout`).
 */
export function markNeedsAttention(
  db: SqlConnection,
  id: string,
  reason: string
): Promise<Payout | null> {
  return released(db, id, { kind: "needs_attention", reason })
}

/** Keeps the state, notes what went wrong and lets the payout go for the next run. */
export async function noteError(
  db: SqlConnection,
  id: string,
  reason: string
): Promise<void> {
  await released(db, id, { kind: "unsettled", reason })
}

/** One payout let go (`release`). */
async function released(
  db: SqlConnection,
  id: string,
  outcome: Release
): Promise<Payout | null> {
  return (await release(db, [{ id, outcome }], false))[0] ?? null
}

/**
 * Takes the right to ask the service about this payout now: at most once per polling interval, by the
 * database's clock, whichever instance asks.
 */
export async function claimStatusPoll(
  db: SqlConnection,
  id: string
): Promise<boolean> {
  const { rows } = await db.raw(
    `update ${PAYOUT_TABLE} set next_poll_at = now() + interval '${PAYOUT_POLL_INTERVAL}'
      where id = ? and (next_poll_at is null or next_poll_at <= now())
      returning id`,
    [id]
  )
  return rows.length === 1
}

/**
 * Claims pending payouts of active recipients for sending, least recently tried first (one left pending
 * by a refusal goes to the back, so a batch of stuck payouts never blocks the others; a suspended
 * recipient's payout waits); a claim whose holder died expires.
 */
export async function claimPendingPayouts(
  db: SqlConnection,
  s: { limit: number; leaseSeconds: number }
): Promise<Payout[]> {
  const { rows } = await db.raw(
    `update ${PAYOUT_TABLE} p set claimed_until = now() + make_interval(secs => ?), attempts = p.attempts + 1
      where p.id in (
        select id from ${PAYOUT_TABLE}
         where status = 'pending' and deleted_at is null and (claimed_until is null or claimed_until < now())
           and recipient_id in (select id from ${RECIPIENT_TABLE} where state = 'active' and deleted_at is null)
         order by updated_at, created_at
         limit ?
         for update skip locked)
      returning ${COLUMNS}`,
    [s.leaseSeconds, s.limit]
  )
  return rows.map(read)
}

/**
 * Claims payouts in flight whose poll is due, and pushes their `next_poll_at` by the polling interval
 * in the same statement: one batch costs one query, and no payout is asked about twice a minute
 * however many instances sync.
 */
export async function claimDuePolls(
  db: SqlConnection,
  s: { limit: number; leaseSeconds: number }
): Promise<Payout[]> {
  const { rows } = await db.raw(
    `update ${PAYOUT_TABLE} p
        set next_poll_at = now() + interval '${PAYOUT_POLL_INTERVAL}',
            claimed_until = now() + make_interval(secs => ?)
      where p.id in (
        select id from ${PAYOUT_TABLE}
         where status = 'processing' and deleted_at is null
           and (next_poll_at is null or next_poll_at <= now())
           and (claimed_until is null or claimed_until < now())
         order by next_poll_at nulls first
         limit ?
         for update skip locked)
      returning ${COLUMNS}`,
    [s.leaseSeconds, s.limit]
  )
  return rows.map(read)
}
