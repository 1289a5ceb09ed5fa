import BigNumber from "bignumber.js"
import { defaultCurrencyTable } from "../piastrix"
import type { SqlConnection } from "../plugin/inbox"
import {
  lockRecipient,
  post,
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
} from "./postings"
import { getRecipient } from "./recipients"
import { LEDGER_TABLE, RECIPIENT_TABLE } from "./tables"

/** Postings of a recipient's earnings: accrual, the hold's release, reversal, manual adjustment. */

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

/** Accrues a sale: the recipient's share into held, the platform's commission beside it. */
export async function accrue(
  db: SqlConnection,
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
  return post(db, {
    key: input.key,
    kind: "accrual",
    currency: recipient.currency,
    legs: accrualLegs(recipient.id, input.gross, commission),
    references: input.references,
  })
}

/** Whether an accrual was already released or reversed (each happens once). */
async function settledAccrual(
  db: SqlConnection,
  transactionId: string
): Promise<{ released: boolean; reversed: boolean }> {
  const { rows } = await db.raw(
    `select kind from ${LEDGER_TABLE} where related_transaction_id = ? and deleted_at is null group by kind`,
    [transactionId]
  )
  const kinds = new Set(rows.map((r) => r.kind))
  return { released: kinds.has("release"), reversed: kinds.has("reversal") }
}

/**
 * Moves held money whose hold elapsed (the recipient's `hold_days`, by the database's clock) to
 * available: one release per accrual, under the recipient's lock, so a reversal running at the same
 * time either comes first (nothing to release) or after (it reverses from available).
 */
export async function releaseDueHolds(
  db: SqlDatabase,
  limit = 500
): Promise<PostedTransaction[]> {
  const { rows } = await db.raw(
    `select e.transaction_id, e.recipient_id, e.currency, e.amount::text as share
       from ${LEDGER_TABLE} e join ${RECIPIENT_TABLE} r on r.id = e.recipient_id
      where e.kind = 'accrual' and e.account = 'held' and e.deleted_at is null
        and e.created_at <= now() - make_interval(days => r.hold_days)
        and not exists (select 1 from ${LEDGER_TABLE} x where x.related_transaction_id = e.transaction_id and x.deleted_at is null)
      order by e.created_at
      limit ?`,
    [limit]
  )
  const released: PostedTransaction[] = []
  for (const row of rows) {
    const posted = await db.transaction(async (trx) => {
      await lockRecipient(trx, row.recipient_id, Number(row.currency))
      const state = await settledAccrual(trx, row.transaction_id)
      if (state.released || state.reversed) {
        return null
      }
      return post(trx, {
        key: `release:${row.transaction_id}`,
        kind: "release",
        currency: Number(row.currency),
        legs: releaseLegs(row.recipient_id, row.share),
        related_transaction_id: row.transaction_id,
      })
    })
    if (posted?.created) {
      released.push(posted)
    }
  }
  return released
}

/**
 * Reverses an accrual once (a refund, a return or a canceled order): from held while held; once
 * released, from available as far as it goes and the rest as a clawback the next payouts net.
 */
export async function reverseAccrual(
  db: SqlDatabase,
  input: { accrual_transaction_id: string; reason: string }
): Promise<PostedTransaction> {
  const legs = await transactionEntries(db, input.accrual_transaction_id)
  const held = legs.find((l) => l.kind === "accrual" && l.account === "held")
  if (!held?.recipient_id) {
    throw new LedgerError(
      `accrual_transaction_id: ${input.accrual_transaction_id} is not an accrual`
    )
  }
  const sales = legs.find((l) => l.account === "shop_sales")
  const commission = legs.find((l) => l.account === "platform_commission")
  const recipientId = held.recipient_id
  const currency = Number(held.currency)
  return db.transaction(async (trx) => {
    await lockRecipient(trx, recipientId, currency)
    const { released } = await settledAccrual(trx, input.accrual_transaction_id)
    const balances = await recipientBalances(trx, recipientId, currency)
    return post(trx, {
      key: `reversal:${input.accrual_transaction_id}`,
      kind: "reversal",
      currency,
      reason: input.reason,
      related_transaction_id: input.accrual_transaction_id,
      legs: reversalLegs(
        recipientId,
        {
          share: held.amount,
          commission: commission?.amount ?? "0",
          gross: new BigNumber(sales?.amount ?? "0").negated().toFixed(),
        },
        { released, available: balances.available ?? "0" }
      ),
      references: {
        order_id: held.order_id,
        line_item_id: held.line_item_id,
        fulfillment_id: held.fulfillment_id,
      },
    })
  })
}

/** The accruals of an order (or of one of its fulfillments) not reversed yet, oldest first. */
export async function openAccrualsOf(
  db: SqlConnection,
  of: { order_id: string; fulfillment_id?: string | null }
): Promise<string[]> {
  const { rows } = await db.raw(
    `select e.transaction_id from ${LEDGER_TABLE} e
      where e.kind = 'accrual' and e.account = 'held' and e.deleted_at is null
        and e.order_id = ? and (?::text is null or e.fulfillment_id = ?)
        and not exists (select 1 from ${LEDGER_TABLE} x
                         where x.related_transaction_id = e.transaction_id and x.kind = 'reversal' and x.deleted_at is null)
      order by e.created_at`,
    [of.order_id, of.fulfillment_id ?? null, of.fulfillment_id ?? null]
  )
  return rows.map((r) => r.transaction_id)
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
