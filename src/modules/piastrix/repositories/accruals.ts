import BigNumber from "bignumber.js"
import { defaultCurrencyTable } from "../../../lib/piastrix"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import {
  lockRecipient,
  post,
  postingByKey,
  recipientBalances,
  transactionEntries,
  type PostedTransaction,
  type SqlDatabase,
} from "./ledger"
import {
  accrualLegs,
  adjustmentLegs,
  commissionOf,
  LedgerError,
  releaseLegs,
  reversalLegs,
  type References,
} from "../../../lib/payouts/postings"
import { getRecipient } from "./recipients"
import {
  partOf,
  returnedPartOf,
  stillToReverse,
  type AccrualPart,
} from "../../../lib/payouts/returned-shares"
import { LEDGER_TABLE, RECIPIENT_TABLE } from "./tables"

/**
 * Postings of a recipient's earnings: accrual, the hold's release, reversal, manual adjustment.
 * Over 300 lines: the release and the reversals (cancel, return) read one accrual's state the same way
 * (`accrualState`), under the same lock, and are kept beside it so their rules are read together.
 */

export type AccrualInput = {
  /** One key per accrued thing (e.g. a fulfilled item): a second accrual with it writes nothing. */
  key: string
  recipient_id: string
  /** The sale's amount in the recipient's currency, as a decimal string. */
  gross: string
  /** Items sold, for the fixed part of the commission. */
  quantity: number
  references?: References
}

/**
 * Accrues a sale: the recipient's share into held, the platform's commission beside it. A recipient with no
 * hold (`hold_days` 0) has the share released at once, so it is payable when it accrues rather than at the
 * next release tick; should the release not be written (a crash between the two), the tick releases it.
 */
export async function accrue(
  db: SqlDatabase,
  input: AccrualInput
): Promise<PostedTransaction> {
  const recipient = await getRecipient(db, input.recipient_id)
  const digits = defaultCurrencyTable.resolve(
    recipient.currency,
    "currency"
  ).digits
  const gross = new BigNumber(input.gross)
  if (
    !gross.isFinite() ||
    !gross.isGreaterThan(0) ||
    (gross.decimalPlaces() ?? 0) > digits
  ) {
    throw new LedgerError(
      `gross: ${input.gross} is not a positive amount with at most ${digits} decimals`
    )
  }
  if (!Number.isInteger(input.quantity) || input.quantity < 1) {
    throw new LedgerError(
      `quantity: ${input.quantity} is not a positive whole number`
    )
  }
  const commission = commissionOf(
    input.gross,
    input.quantity,
    {
      percent: recipient.commission_percent,
      fixed: recipient.commission_fixed,
    },
    digits
  )
  const accrued = await post(db, {
    key: input.key,
    kind: "accrual",
    currency: recipient.currency,
    legs: accrualLegs(recipient.id, input.gross, commission),
    references: input.references,
  })
  if (recipient.hold_days === 0) {
    await releaseAccrual(db, {
      transaction_id: accrued.transaction_id,
      recipient_id: recipient.id,
      currency: recipient.currency,
    })
  }
  return accrued
}

type AccrualState = {
  recipient_id: string
  currency: number
  references: References
  /** What it accrued: share into held, commission, and gross out of the sales. */
  accrued: AccrualPart
  /** What reversals (cancels, returns) took back of it so far. */
  reversed: AccrualPart
  released: boolean
}

/** An accrual's legs and what happened to it since: released or not, and how much was reversed. */
async function accrualState(
  db: SqlConnection,
  transactionId: string
): Promise<AccrualState> {
  const legs = await transactionEntries(db, transactionId)
  const held = legs.find((l) => l.kind === "accrual" && l.account === "held")
  if (!held?.recipient_id) {
    throw new LedgerError(
      `accrual_transaction_id: ${transactionId} is not an accrual`
    )
  }
  const commission = legs.find((l) => l.account === "platform_commission")
  const { rows } = await db.raw(
    `select kind, account, sum(amount)::text as total from ${LEDGER_TABLE}
      where related_transaction_id = ? and deleted_at is null group by kind, account`,
    [transactionId]
  )
  const reversedFrom = (accounts: string[]) =>
    rows
      .filter((r) => r.kind === "reversal" && accounts.includes(r.account))
      .reduce((t, r) => t.minus(r.total), new BigNumber(0))
  return {
    recipient_id: held.recipient_id,
    currency: Number(held.currency),
    references: {
      order_id: held.order_id,
      line_item_id: held.line_item_id,
      fulfillment_id: held.fulfillment_id,
    },
    accrued: partOf(held.amount, commission?.amount ?? "0"),
    reversed: partOf(
      reversedFrom(["held", "available", "clawback"]),
      reversedFrom(["platform_commission"])
    ),
    released: rows.some((r) => r.kind === "release"),
  }
}

/**
 * Moves held money whose hold elapsed (the recipient's `hold_days`, by the database's clock) to
 * available: one release per accrual, of what a return did not take back yet, under the recipient's
 * lock, so a reversal running at the same time either comes first (it takes from held, the release
 * moves the rest) or after (it reverses from available).
 */
export async function releaseDueHolds(
  db: SqlDatabase,
  limit = 500
): Promise<PostedTransaction[]> {
  const { rows } = await db.raw(
    `select e.transaction_id, e.recipient_id, e.currency
       from ${LEDGER_TABLE} e join ${RECIPIENT_TABLE} r on r.id = e.recipient_id
      where e.kind = 'accrual' and e.account = 'held' and e.deleted_at is null
        and e.created_at <= now() - make_interval(days => r.hold_days)
        and not exists (select 1 from ${LEDGER_TABLE} x where x.related_transaction_id = e.transaction_id
                         and x.kind = 'release' and x.deleted_at is null)
        and e.amount + coalesce((select sum(x.amount) from ${LEDGER_TABLE} x
                                  where x.related_transaction_id = e.transaction_id and x.kind = 'reversal'
                                    and x.account = 'held' and x.deleted_at is null), 0) > 0
      order by e.created_at
      limit ?`,
    [limit]
  )
  const released: PostedTransaction[] = []
  for (const row of rows) {
    const posted = await releaseAccrual(db, row)
    if (posted?.created) {
      released.push(posted)
    }
  }
  return released
}

/** Releases one accrual's held share, what reversals left of it, once (its key), under the recipient's lock. */
async function releaseAccrual(
  db: SqlDatabase,
  accrual: { transaction_id: string; recipient_id: string; currency: unknown }
): Promise<PostedTransaction | null> {
  return db.transaction(async (trx) => {
    await lockRecipient(trx, accrual.recipient_id, Number(accrual.currency))
    const state = await accrualState(trx, accrual.transaction_id)
    // Before its release an accrual is reversed from held only: what is left there is its to move.
    const left = state.accrued.share.minus(state.reversed.share)
    if (state.released || !left.isGreaterThan(0)) {
      return null
    }
    return post(trx, {
      key: `release:${accrual.transaction_id}`,
      kind: "release",
      currency: Number(accrual.currency),
      legs: releaseLegs(accrual.recipient_id, left),
      related_transaction_id: accrual.transaction_id,
    })
  })
}

export type ReversalInput = {
  accrual_transaction_id: string
  reason: string
  /**
   * A return: `quantity` of the accrual's `of` items are back, counted from its first returned item
   * (all returns so far). Reverses what they are worth less what was reversed already. Left out (a
   * cancel): everything not reversed yet.
   */
  returned?: { quantity: number; of: number }
}

/**
 * Reverses an accrual, or the part of it a return took back: from held while held; once released, from
 * available as far as it goes and the rest as a clawback the next payouts net. Posted once per key
 * (`reversal:<accrual>` for a cancel, `reversal:<accrual>:returned:<quantity>` for a return): a rerun
 * returns the first posting. Null when nothing is left to reverse (a cancel after a full return, a
 * return after a cancel).
 */
export async function reverseAccrual(
  db: SqlDatabase,
  input: ReversalInput
): Promise<PostedTransaction | null> {
  const id = input.accrual_transaction_id
  const key = input.returned
    ? `reversal:${id}:returned:${input.returned.quantity}`
    : `reversal:${id}`
  return db.transaction(async (trx) => {
    const first = await accrualState(trx, id)
    await lockRecipient(trx, first.recipient_id, first.currency)
    const existing = await postingByKey(trx, key)
    if (existing) {
      return existing
    }
    const state = await accrualState(trx, id)
    const digits = defaultCurrencyTable.resolve(
      state.currency,
      "currency"
    ).digits
    const part = input.returned
      ? stillToReverse(
          returnedPartOf(
            state.accrued,
            input.returned.quantity,
            input.returned.of,
            digits
          ),
          state.reversed
        )
      : partOf(
          state.accrued.share.minus(state.reversed.share),
          state.accrued.commission.minus(state.reversed.commission)
        )
    if (!part.gross.isGreaterThan(0)) {
      return null
    }
    const balances = await recipientBalances(
      trx,
      state.recipient_id,
      state.currency
    )
    return post(trx, {
      key,
      kind: "reversal",
      currency: state.currency,
      reason: input.reason,
      related_transaction_id: id,
      legs: reversalLegs(state.recipient_id, part, {
        released: state.released,
        available: balances.available ?? "0",
      }),
      references: state.references,
    })
  })
}

/** The accruals of an order (or of one of its fulfillments) with something left to reverse, oldest first. */
export async function openAccrualsOf(
  db: SqlConnection,
  of: { order_id: string; fulfillment_id?: string | null }
): Promise<string[]> {
  const { rows } = await db.raw(
    `select e.transaction_id from ${LEDGER_TABLE} e
      where e.kind = 'accrual' and e.account = 'held' and e.deleted_at is null
        and e.order_id = ? and (?::text is null or e.fulfillment_id = ?)
        and e.amount + coalesce((select sum(x.amount) from ${LEDGER_TABLE} x
                                  where x.related_transaction_id = e.transaction_id and x.kind = 'reversal'
                                    and x.recipient_id is not null and x.deleted_at is null), 0) > 0
      order by e.created_at`,
    [of.order_id, of.fulfillment_id ?? null, of.fulfillment_id ?? null]
  )
  return rows.map((r) => r.transaction_id)
}

export type OrderAccrual = {
  transaction_id: string
  line_item_id: string
  fulfillment_id: string
}

/** An order's accruals of vendors' shares (one per fulfilled line), oldest first. */
export async function accrualsOfOrder(
  db: SqlConnection,
  orderId: string
): Promise<OrderAccrual[]> {
  const { rows } = await db.raw(
    `select transaction_id, line_item_id, fulfillment_id from ${LEDGER_TABLE}
      where kind = 'accrual' and account = 'held' and deleted_at is null and order_id = ?
      order by created_at, transaction_id`,
    [orderId]
  )
  return rows
}

/** Of these fulfillments, the ones with an accrual in the ledger (the lost-fulfillment sweep skips them). */
export async function accruedFulfillmentIds(
  db: SqlConnection,
  fulfillmentIds: readonly string[]
): Promise<Set<string>> {
  const { rows } = await db.raw(
    `select distinct fulfillment_id from ${LEDGER_TABLE} where fulfillment_id = any(?) and kind = 'accrual'`,
    [fulfillmentIds]
  )
  return new Set(rows.map((r: { fulfillment_id: string }) => r.fulfillment_id))
}

/** A manual correction of a recipient's available balance (positive or negative), with its reason. */
export async function adjustBalance(
  db: SqlConnection,
  input: { key: string; recipient_id: string; amount: string; reason: string }
): Promise<PostedTransaction> {
  const recipient = await getRecipient(db, input.recipient_id)
  return post(db, {
    key: input.key,
    kind: "adjustment",
    currency: recipient.currency,
    reason: input.reason,
    legs: adjustmentLegs(recipient.id, input.amount),
  })
}
