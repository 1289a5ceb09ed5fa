import type { SqlConnection } from "../plugin/inbox"
import { LedgerError } from "./postings"
import { RECIPIENT_TABLE } from "./tables"

export type PayoutRail = "transfer" | "withdraw"
export type PayoutSchedule = "daily" | "weekly" | "monthly" | "manual"

/** A recipient as the payout code reads it: money as decimal strings. */
export type Recipient = {
  id: string
  name: string
  email: string
  rail: PayoutRail
  payway: string | null
  account: string
  account_details: Record<string, unknown> | null
  currency: number
  commission_percent: string
  commission_fixed: string
  hold_days: number
  schedule: PayoutSchedule
  minimum_payout: string
  state: "active" | "suspended"
}

export const RECIPIENT_COLUMNS = `id, name, email, rail, payway, account, account_details, currency,
  commission_percent::text as commission_percent, commission_fixed::text as commission_fixed, hold_days, schedule,
  minimum_payout::text as minimum_payout, state`

export async function getRecipient(db: SqlConnection, id: string): Promise<Recipient> {
  const { rows } = await db.raw(`select ${RECIPIENT_COLUMNS} from ${RECIPIENT_TABLE} where id = ? and deleted_at is null`, [id])
  if (!rows[0]) {
    throw new LedgerError(`recipient_id: no recipient ${id}`)
  }
  return { ...rows[0], currency: Number(rows[0].currency) }
}

/** The time between two scheduled payouts of a recipient; manual recipients are never paid by schedule. */
export const SCHEDULE_INTERVALS: Record<Exclude<PayoutSchedule, "manual">, string> = {
  daily: "1 day",
  weekly: "7 days",
  monthly: "1 month",
}
