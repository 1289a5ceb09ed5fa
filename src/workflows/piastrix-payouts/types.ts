/** The inputs of the admin's recipient workflows, shared by the workflows and their steps. */

export type CreatePiastrixRecipientInput = {
  name: string
  email: string
  rail: "transfer" | "withdraw"
  /** The output payway of a withdraw (e.g. "card_rub"); ignored for a wallet transfer. */
  payway?: string | null
  account: string
  account_details?: Record<string, string> | null
  /** ISO 4217 numeric, as the service names currencies. */
  currency: number
  commission_percent: string
  commission_fixed: string
  /** Left out: the store's defaults (options or settings `payouts.defaultHoldDays`, ...). */
  hold_days?: number
  schedule?: "daily" | "weekly" | "monthly" | "manual"
  minimum_payout?: string
  state: "active" | "suspended"
}

/** What an admin may change of a recipient: rail and currency stay (its ledger is in one currency). */
export type PiastrixRecipientChanges = Partial<
  Omit<CreatePiastrixRecipientInput, "rail" | "currency">
>

export type UpdatePiastrixRecipientInput = {
  id: string
  changes: PiastrixRecipientChanges
}
