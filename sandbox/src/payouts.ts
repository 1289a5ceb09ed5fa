import { unfreeze } from "./balances"
import type { SandboxContext } from "./context"
import { ControlError } from "./control-error"
import { EnvelopeError, PiastrixErrorCode } from "./envelope-error"
import { dec, feeOf, formatAmount, netOfFee } from "./money"
import { checkLimits, convert } from "./payways"
import type { Payout } from "./state"
import { FINAL_PAYOUT_STATUSES, PAYOUT_STATUS } from "./statuses"

export type PayoutQuote = {
  payeeReceive: string
  writeOff: string
  psCurrency: number
}

/**
 * Prices a payout: with "received" amounts the fee is added on top of what the payee gets; with
 * "debited" amounts the fee comes out of what the shop pays.
 */
export function quotePayout(
  ctx: SandboxContext,
  input: {
    amount: string
    payeeSide: boolean
    shopCurrency: number
    psCurrency: number
    fee: { fix: string; percent: string }
    limits?: { min: string; max: string; currency: number }
  }
): PayoutQuote {
  const { amount, shopCurrency, psCurrency, fee } = input
  let payeeReceive: string
  let writeOff: string
  if (input.payeeSide) {
    payeeReceive = formatAmount(dec(amount), psCurrency)
    const total = dec(payeeReceive).plus(
      feeOf(dec(payeeReceive), fee, psCurrency)
    )
    writeOff = convert(
      ctx,
      formatAmount(total, psCurrency),
      psCurrency,
      shopCurrency
    )
  } else {
    writeOff = formatAmount(dec(amount), shopCurrency)
    const total = convert(ctx, writeOff, shopCurrency, psCurrency)
    payeeReceive = formatAmount(
      netOfFee(dec(total), fee, psCurrency),
      psCurrency
    )
  }
  if (dec(payeeReceive).lte(0)) {
    throw new EnvelopeError(
      PiastrixErrorCode.AMOUNT_TOO_SMALL,
      "Amount is too small to cover the commission"
    )
  }
  if (input.limits) {
    checkLimits(input.limits, payeeReceive)
  }
  return { payeeReceive, writeOff, psCurrency }
}

export function ensureUniquePayout(
  ctx: SandboxContext,
  shopPaymentId: string
): void {
  if (ctx.store.payoutByShopId(shopPaymentId)) {
    throw new EnvelopeError(
      PiastrixErrorCode.OPERATION_NOT_UNIQUE,
      `Shop_payment_id '${shopPaymentId}' is not unique for shop(id=${ctx.config.shopId})`
    )
  }
}

/** External payouts stay at status 3 until they settle (after a delay, or when a test decides). */
export function scheduleSettlement(ctx: SandboxContext, payout: Payout): void {
  if (
    payout.type !== "withdraw" ||
    payout.settleAt === null ||
    FINAL_PAYOUT_STATUSES.includes(payout.status)
  ) {
    return
  }
  ctx.schedule(`payout:${payout.id}`, payout.settleAt - ctx.clock.now(), () => {
    payout.settleAt = null
    const outcome = payout.decision ?? {
      status: ctx.config.payoutOutcome.status,
      rejectedReason: ctx.config.payoutOutcome.rejectedReason ?? null,
    }
    applyOutcome(ctx, payout, outcome.status, outcome.rejectedReason)
  })
}

export type PayoutDecision = {
  status: number
  rejectedReason?: string | null
  now?: boolean
}

/** A test decides a payout's outcome: at once, or at its scheduled settlement. */
export function decidePayout(
  ctx: SandboxContext,
  payout: Payout,
  decision: PayoutDecision
): void {
  if (payout.type !== "withdraw") {
    throw new ControlError(
      409,
      `payout ${payout.id} is a wallet transfer: it is final at creation`
    )
  }
  if (FINAL_PAYOUT_STATUSES.includes(payout.status)) {
    throw new ControlError(
      409,
      `payout ${payout.id} is already final (status ${payout.status})`
    )
  }
  if (!Object.values(PAYOUT_STATUS).includes(decision.status as never)) {
    throw new ControlError(400, `unknown payout status ${decision.status}`)
  }
  const rejectedReason =
    decision.rejectedReason ??
    (decision.status === PAYOUT_STATUS.rejected
      ? "Rejected by the payment system"
      : null)
  if (decision.now === false) {
    payout.decision = { status: decision.status, rejectedReason }
    ctx.changed()
    return
  }
  ctx.unschedule(`payout:${payout.id}`)
  payout.settleAt = null
  applyOutcome(ctx, payout, decision.status, rejectedReason)
}

function applyOutcome(
  ctx: SandboxContext,
  payout: Payout,
  status: number,
  rejectedReason: string | null
): void {
  payout.status = status
  payout.rejectedReason =
    status === PAYOUT_STATUS.success ? null : rejectedReason
  if (FINAL_PAYOUT_STATUSES.includes(status)) {
    unfreeze(
      ctx,
      payout.shopCurrency,
      payout.writeOff,
      status !== PAYOUT_STATUS.success
    )
  }
  ctx.changed()
}
