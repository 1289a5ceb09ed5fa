import BigNumber from "bignumber.js"

/**
 * The ledger's accounts and the legs of each posting, as pure functions (no SQL, no service). An
 * amount is signed: a positive amount grows what the platform owes the account's holder. So a
 * recipient's `held`, `available`, `in_flight` and `paid` are positive in the normal course, the
 * `clawback` receivable is negative while the recipient owes the platform, and `shop_sales` (the
 * money that came in) is negative by what was accrued from it. Every posting's legs sum to zero,
 * so the whole ledger does too, per currency.
 * Over 300 lines: one function per posting kind beside the accounts it moves, so the zero-sum rules are
 * read in one place.
 */

/** Accounts held per recipient and currency. */
export const RECIPIENT_ACCOUNTS = [
  "held",
  "available",
  "in_flight",
  "paid",
  "clawback",
] as const
export type RecipientAccount = (typeof RECIPIENT_ACCOUNTS)[number]

/** The platform's own accounts (no recipient). */
export const PLATFORM_ACCOUNTS = [
  "shop_sales",
  "platform_commission",
  "platform_adjustments",
] as const
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number]

export type LedgerAccount = RecipientAccount | PlatformAccount

export const ENTRY_KINDS = [
  "accrual",
  "release",
  "reversal",
  "payout_created",
  "payout_succeeded",
  "payout_returned",
  "adjustment",
] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export type Leg = {
  account: LedgerAccount
  /** Null for platform accounts. */
  recipient_id: string | null
  /** Signed decimal string. */
  amount: string
}

export type References = {
  order_id?: string | null
  line_item_id?: string | null
  fulfillment_id?: string | null
  payout_id?: string | null
}

/** One balanced posting: written whole or not at all, once per key. */
export type Posting = {
  /** The posting's idempotency key: a second posting with it writes nothing. */
  key: string
  kind: EntryKind
  /** ISO 4217 numeric. */
  currency: number
  legs: Leg[]
  /** Required for adjustments; kept for rejections and reversals. */
  reason?: string | null
  /** The accrual a release or reversal is about. */
  related_transaction_id?: string | null
  references?: References
}

export class LedgerError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "LedgerError"
  }
}

const dec = (value: BigNumber.Value) => new BigNumber(value)

/** Checks a posting and drops zero legs: it must balance, name a reason when adjusting, and move money. */
export function checkPosting(posting: Posting): Posting {
  if (!posting.key.trim()) {
    throw new LedgerError("key: a posting needs an idempotency key")
  }
  if (posting.kind === "adjustment" && !posting.reason?.trim()) {
    throw new LedgerError("reason: an adjustment needs a reason")
  }
  let total = dec(0)
  for (const leg of posting.legs) {
    const amount = dec(leg.amount)
    if (!amount.isFinite()) {
      throw new LedgerError(`amount: ${leg.amount} is not a decimal amount`)
    }
    const platform = (PLATFORM_ACCOUNTS as readonly string[]).includes(
      leg.account
    )
    if (platform !== (leg.recipient_id === null)) {
      throw new LedgerError(
        `recipient_id: ${leg.account} ${platform ? "belongs to the platform" : "needs a recipient"}`
      )
    }
    total = total.plus(amount)
  }
  if (!total.isZero()) {
    throw new LedgerError(
      `legs: a posting must sum to zero, this one sums to ${total.toFixed()}`
    )
  }
  const legs = posting.legs.filter((leg) => !dec(leg.amount).isZero())
  if (legs.length === 0) {
    throw new LedgerError("legs: a posting must move money")
  }
  return { ...posting, legs }
}

const negate = (amount: BigNumber.Value) => dec(amount).negated().toFixed()

/** Moves `amount` from one of a recipient's accounts to another. */
function transfer(
  recipientId: string,
  from: RecipientAccount,
  to: RecipientAccount,
  amount: BigNumber.Value
): Leg[] {
  return [
    { account: from, recipient_id: recipientId, amount: negate(amount) },
    { account: to, recipient_id: recipientId, amount: dec(amount).toFixed() },
  ]
}

export type Commission = { percent: BigNumber.Value; fixed: BigNumber.Value }

/**
 * The platform's share of a sale of `quantity` items for `gross`: a percent of the gross (rounded half
 * up to the currency's digits) plus a fixed amount per item, never more than the gross.
 */
export function commissionOf(
  gross: BigNumber.Value,
  quantity: number,
  c: Commission,
  digits: number
): BigNumber {
  const percentPart = dec(gross)
    .times(c.percent)
    .div(100)
    .decimalPlaces(digits, BigNumber.ROUND_HALF_UP)
  const total = percentPart.plus(dec(c.fixed).times(quantity))
  return BigNumber.min(total, gross)
}

/**
 * What a fulfilled part of an order line sold for, the base of the vendor's share: the line's subtotal
 * less its discount, both without tax (taxes and shipping stay with the platform), pro rata for the
 * quantity fulfilled, rounded half up to the currency's digits.
 */
export function fulfilledSaleOf(
  line: {
    subtotal: BigNumber.Value
    discount_subtotal?: BigNumber.Value | null
    quantity: BigNumber.Value
  },
  fulfilled: BigNumber.Value,
  digits: number
): BigNumber {
  const net = dec(line.subtotal).minus(line.discount_subtotal ?? 0)
  return BigNumber.max(
    0,
    net.times(fulfilled).div(line.quantity)
  ).decimalPlaces(digits, BigNumber.ROUND_HALF_UP)
}

/** A sale accrued: the recipient's share into held, the commission to the platform, from the sales. */
export function accrualLegs(
  recipientId: string,
  gross: BigNumber.Value,
  commission: BigNumber.Value
): Leg[] {
  return [
    {
      account: "held",
      recipient_id: recipientId,
      amount: dec(gross).minus(commission).toFixed(),
    },
    {
      account: "platform_commission",
      recipient_id: null,
      amount: dec(commission).toFixed(),
    },
    { account: "shop_sales", recipient_id: null, amount: negate(gross) },
  ]
}

/** The hold of an accrual elapsed. */
export function releaseLegs(
  recipientId: string,
  share: BigNumber.Value
): Leg[] {
  return transfer(recipientId, "held", "available", share)
}

/**
 * Reverses an accrual (refund, return, cancel). Still held: out of held. Released: out of available as
 * far as it goes, and the rest (money already paid out or on its way) becomes a clawback receivable,
 * netted against the next payouts.
 */
export function reversalLegs(
  recipientId: string,
  accrual: {
    share: BigNumber.Value
    commission: BigNumber.Value
    gross: BigNumber.Value
  },
  where: { released: boolean; available: BigNumber.Value }
): Leg[] {
  const share = dec(accrual.share)
  const platform: Leg[] = [
    {
      account: "platform_commission",
      recipient_id: null,
      amount: negate(accrual.commission),
    },
    {
      account: "shop_sales",
      recipient_id: null,
      amount: dec(accrual.gross).toFixed(),
    },
  ]
  if (!where.released) {
    return [
      { account: "held", recipient_id: recipientId, amount: negate(share) },
      ...platform,
    ]
  }
  const fromAvailable = BigNumber.max(0, BigNumber.min(share, where.available))
  return [
    {
      account: "available",
      recipient_id: recipientId,
      amount: negate(fromAvailable),
    },
    {
      account: "clawback",
      recipient_id: recipientId,
      amount: negate(share.minus(fromAvailable)),
    },
    ...platform,
  ]
}

/**
 * What a payout may pay: the available balance less what the recipient owes (the clawback
 * receivable). Zero or less means nothing is paid.
 */
export function payableOf(
  balances: Partial<Record<RecipientAccount, BigNumber.Value>>
): BigNumber {
  return dec(balances.available ?? 0).plus(
    BigNumber.min(0, balances.clawback ?? 0)
  )
}

/**
 * A payout created: its amount goes in flight, and what the recipient owes is settled from the same
 * available money (`netted`, positive).
 */
export function payoutCreatedLegs(
  recipientId: string,
  amount: BigNumber.Value,
  netted: BigNumber.Value
): Leg[] {
  return [
    {
      account: "available",
      recipient_id: recipientId,
      amount: negate(dec(amount).plus(netted)),
    },
    {
      account: "in_flight",
      recipient_id: recipientId,
      amount: dec(amount).toFixed(),
    },
    {
      account: "clawback",
      recipient_id: recipientId,
      amount: dec(netted).toFixed(),
    },
  ]
}

export function payoutSucceededLegs(
  recipientId: string,
  amount: BigNumber.Value
): Leg[] {
  return transfer(recipientId, "in_flight", "paid", amount)
}

/** A payout rejected or canceled: its amount is available again (a netted clawback stays settled). */
export function payoutReturnedLegs(
  recipientId: string,
  amount: BigNumber.Value
): Leg[] {
  return transfer(recipientId, "in_flight", "available", amount)
}

/** A manual correction of a recipient's available balance, against the platform. */
export function adjustmentLegs(
  recipientId: string,
  amount: BigNumber.Value
): Leg[] {
  return [
    {
      account: "available",
      recipient_id: recipientId,
      amount: dec(amount).toFixed(),
    },
    {
      account: "platform_adjustments",
      recipient_id: null,
      amount: negate(amount),
    },
  ]
}
