import type { SandboxContext } from "./context"
import { EnvelopeError, PiastrixErrorCode } from "./envelope-error"
import { dec, formatAmount } from "./money"
import { countMoney } from "./money-totals"
import type { Balance } from "./state"

export function balanceOf(ctx: SandboxContext, currency: number): Balance {
  const balances = ctx.store.data.balances
  balances[currency] ??= { available: "0", hold: "0", frozen: "0" }
  return balances[currency]
}

function add(
  balance: Balance,
  key: keyof Balance,
  delta: string,
  currency: number
): void {
  balance[key] = formatAmount(dec(balance[key]).plus(delta), currency)
}

/** Incoming money: straight to `available`, or through `hold` when the shop holds payments. */
export function creditIncoming(
  ctx: SandboxContext,
  currency: number,
  amount: string
): void {
  countMoney(ctx, currency, "payments", amount)
  const balance = balanceOf(ctx, currency)
  const holdMs = ctx.config.timing.holdMs
  if (holdMs <= 0) {
    add(balance, "available", amount, currency)
    return
  }
  add(balance, "hold", amount, currency)
  const data = ctx.store.data
  const hold = {
    id: Math.max(0, ...data.holds.map((h) => h.id)) + 1,
    currency,
    amount,
    releaseAt: ctx.clock.now() + holdMs,
  }
  data.holds.push(hold)
  scheduleHoldRelease(ctx, hold.id, holdMs)
}

export function scheduleHoldRelease(
  ctx: SandboxContext,
  holdId: number,
  delayMs: number
): void {
  ctx.schedule(`hold:${holdId}`, delayMs, () => {
    const data = ctx.store.data
    const hold = data.holds.find((h) => h.id === holdId)
    if (!hold) {
      return
    }
    data.holds = data.holds.filter((h) => h !== hold)
    const balance = balanceOf(ctx, hold.currency)
    add(balance, "hold", `-${hold.amount}`, hold.currency)
    add(balance, "available", hold.amount, hold.currency)
    ctx.changed()
  })
}

function ensureAvailable(balance: Balance, amount: string): void {
  if (dec(balance.available).lt(amount)) {
    throw new EnvelopeError(
      PiastrixErrorCode.INSUFFICIENT_BALANCE,
      "Insufficient balance"
    )
  }
}

/** A withdraw in processing: the money leaves `available` and waits in `frozen`. */
export function freeze(
  ctx: SandboxContext,
  currency: number,
  amount: string
): void {
  const balance = balanceOf(ctx, currency)
  ensureAvailable(balance, amount)
  countMoney(ctx, currency, "withdraws", amount)
  add(balance, "available", `-${amount}`, currency)
  add(balance, "frozen", amount, currency)
}

/** Settles a withdraw's frozen money: gone on success, back to `available` when it failed. */
export function unfreeze(
  ctx: SandboxContext,
  currency: number,
  amount: string,
  refund: boolean
): void {
  const balance = balanceOf(ctx, currency)
  add(balance, "frozen", `-${amount}`, currency)
  if (refund) {
    add(balance, "available", amount, currency)
    countMoney(ctx, currency, "withdrawsReturned", amount)
  }
}

/** A wallet transfer: final at creation, the money leaves `available` at once. */
export function debit(
  ctx: SandboxContext,
  currency: number,
  amount: string
): void {
  const balance = balanceOf(ctx, currency)
  ensureAvailable(balance, amount)
  countMoney(ctx, currency, "transfers", amount)
  add(balance, "available", `-${amount}`, currency)
}
