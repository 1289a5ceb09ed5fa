import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import { LedgerError } from "../../../lib/payouts/postings"
import { RECIPIENT_TABLE } from "./tables"
import type { PayoutSchedule, Recipient } from "../../../types/admin-responses"

export type {
  PayoutRail,
  PayoutSchedule,
  Recipient,
} from "../../../types/admin-responses"

export const RECIPIENT_COLUMNS = `id, name, email, rail, payway, account, account_masked, account_details, currency,
  commission_percent::text as commission_percent, commission_fixed::text as commission_fixed, hold_days, schedule,
  minimum_payout::text as minimum_payout, state`

/**
 * A recipient by id, or null. Hand-written rather than the generated `listPiastrixRecipients`, as the
 * listing below: the payout code reads a recipient inside its transactions (under the recipient's lock, on
 * the transaction's connection), and money as decimal strings (`::text`), where the generated reads answer
 * a `bigNumber` column as a JavaScript number.
 */
export async function findRecipient(
  db: SqlConnection,
  id: string
): Promise<Recipient | null> {
  const { rows } = await db.raw(
    `select ${RECIPIENT_COLUMNS} from ${RECIPIENT_TABLE} where id = ? and deleted_at is null`,
    [id]
  )
  return rows[0] ? { ...rows[0], currency: Number(rows[0].currency) } : null
}

export async function getRecipient(
  db: SqlConnection,
  id: string
): Promise<Recipient> {
  const recipient = await findRecipient(db, id)
  if (!recipient) {
    throw new LedgerError(`recipient_id: no recipient ${id}`)
  }
  return recipient
}

/** The time between two scheduled payouts of a recipient; manual recipients are never paid by schedule. */
export const SCHEDULE_INTERVALS: Record<
  Exclude<PayoutSchedule, "manual">,
  string
> = {
  daily: "1 day",
  weekly: "7 days",
  monthly: "1 month",
}

/** The payout directions the shop has (`/shop_output_config/shop`), as far as a recipient needs them. */
export type OutputDirections = Array<{
  payways: Array<{
    alias: string
    account_info_config?: Record<string, { regex?: string | null }> | null
  }>
}>

/**
 * Why a withdraw recipient's account cannot be paid through its payway, naming the field (`payway`,
 * `account` or `account_details.<name>`), or null when every field matches the payway's regex.
 */
export function withdrawAccountProblem(
  directions: OutputDirections,
  r: {
    payway: string
    account: string
    account_details?: Record<string, unknown> | null
  }
): { field: string; problem: string } | null {
  const payway = directions
    .flatMap((d) => d.payways)
    .find((p) => p.alias === r.payway)
  if (!payway) {
    return {
      field: "payway",
      problem: `${r.payway} is not a payout direction of this shop`,
    }
  }
  for (const [name, rule] of Object.entries(payway.account_info_config ?? {})) {
    const field = name === "account" ? "account" : `account_details.${name}`
    const value = name === "account" ? r.account : r.account_details?.[name]
    if (typeof value !== "string") {
      return { field, problem: `is required by ${r.payway}` }
    }
    if (rule.regex && !new RegExp(rule.regex).test(value)) {
      return {
        field,
        problem: `does not match the format ${r.payway} requires (${rule.regex})`,
      }
    }
  }
  return null
}

/** Recipients, newest first, with their total count; SQL for money as text, as `findRecipient`. */
export async function listRecipients(
  db: SqlConnection,
  page: { limit: number; offset: number }
): Promise<{ recipients: Recipient[]; count: number }> {
  const [list, total] = await Promise.all([
    db.raw(
      `select ${RECIPIENT_COLUMNS} from ${RECIPIENT_TABLE} where deleted_at is null order by created_at desc, id limit ? offset ?`,
      [page.limit, page.offset]
    ),
    db.raw(
      `select count(*)::int as n from ${RECIPIENT_TABLE} where deleted_at is null`
    ),
  ])
  return {
    recipients: list.rows.map((r) => ({ ...r, currency: Number(r.currency) })),
    count: total.rows[0].n,
  }
}
