import BigNumber from "bignumber.js"
import type { PaymentSessionStatus } from "@medusajs/framework/types"
import type { BillStatusResult } from "../../../lib/piastrix"
import {
  describeError,
  isKnownServiceStatus,
  maskAccount,
  medusaStatusOf,
  outcomeOfServiceStatus,
  paidAsAsked,
  readPaymentStatus,
  stateOfOutcome,
  statusEndpointOf,
  type PaymentStatusRecord,
  type PiastrixSessionData,
} from "../../../lib/plugin"
import { type VerifiedVerdict } from "../../../modules/piastrix/repositories/inbox"
import type { ProviderContext } from "./context"

export type Resolution = {
  status: PaymentSessionStatus
  data: PiastrixSessionData
}

/** States the service cannot leave; a verified success notification is the one thing that still counts. */
const FINAL_STATES = new Set([
  "paid",
  "amount_mismatch",
  "failed",
  "expired",
  "canceled",
])

const resolved = (
  ctx: ProviderContext,
  data: PiastrixSessionData
): Resolution => ({
  status: medusaStatusOf(data.state, ctx.kind),
  data,
})

/** Money arrived: captured only when amount and currency are exactly what the session asked for. */
function settlePaid(
  ctx: ProviderContext,
  data: PiastrixSessionData,
  received: { amount: string; currency: number; source: string }
): PiastrixSessionData {
  if (paidAsAsked(received, data)) {
    ctx.logger.info(
      `Piastrix session ${data.session_id}: paid (${received.source})`
    )
    return { ...data, state: "paid", failure: null, amount_mismatch: null }
  }
  ctx.logger.warn(
    `Piastrix session ${data.session_id}: paid ${received.amount} in ${received.currency}, ` +
      `expected ${data.amount} in ${data.currency}: not captured (${received.source})`
  )
  return {
    ...data,
    state: "amount_mismatch",
    amount_mismatch: {
      expected_amount: data.amount,
      expected_currency: data.currency,
      received_amount: new BigNumber(received.amount).toFixed(),
      received_currency: received.currency,
    },
  }
}

/**
 * What the service said in verified notifications, recorded in the inbox by the callback route: a
 * success outweighs any rejection (the money arrived); a rejection fails a session that is not
 * final. Null when the inbox holds nothing for this session, or cannot be read (then the status
 * endpoint decides, which captures only when corroborated).
 */
async function fromInbox(
  ctx: ProviderContext,
  data: PiastrixSessionData
): Promise<PiastrixSessionData | null> {
  let verdicts: VerifiedVerdict[]
  try {
    verdicts = await ctx.verdicts(data.shop_order_id)
  } catch (error) {
    ctx.logger.warn(
      `Piastrix session ${data.session_id}: the notification inbox could not be read: ${describeError(error)}`
    )
    return null
  }
  const success = verdicts.find((v) => v.status === "success")
  const verdict = success ?? verdicts.find((v) => v.status === "rejected")
  if (!verdict) {
    return null
  }
  const withFacts: PiastrixSessionData = {
    ...data,
    payment_id: verdict.payment_id ?? data.payment_id,
    // Masked: session data goes to the storefront; the inbox keeps the notification whole for refunds.
    payer_account: maskAccount(verdict.payer_account) ?? data.payer_account,
  }
  const refunded = verdicts.find((v) => v.refunded)
  if (refunded) {
    // Money that went back to the payer (from the inbox, or a failed completion's compensation refunded
    // it) pays for nothing now. Medusa never authorizes a session twice, so an order already placed
    // with this payment is not touched.
    ctx.logger.warn(
      `Piastrix session ${data.session_id}: the payment of notification ${refunded.notification_id} was refunded to the payer; not authorized`
    )
    return {
      ...withFacts,
      state: "failed",
      failure: {
        reason: `the payment was refunded to the payer (notification ${refunded.notification_id}); it cannot pay for an order`,
        at: refunded.received_at,
      },
    }
  }
  if (success) {
    if (data.state === "paid" || data.state === "amount_mismatch") {
      return withFacts
    }
    return settlePaid(ctx, withFacts, {
      amount: success.shop_amount,
      currency: success.shop_currency,
      source: `verified notification ${success.notification_id}`,
    })
  }
  if (FINAL_STATES.has(data.state)) {
    return withFacts
  }
  ctx.logger.info(
    `Piastrix session ${data.session_id}: the service rejected the payment (notification)`
  )
  return {
    ...withFacts,
    state: "failed",
    failure: {
      reason: `the service rejected the payment (status ${verdict.status})`,
      at: verdict.received_at,
    },
  }
}

/** The payer's wallet a wallet status answer names, whole; null for other kinds or when it names none. */
function payerAccountIn(
  ctx: ProviderContext,
  record: PaymentStatusRecord
): string | null {
  return ctx.kind === "wallet"
    ? (record as BillStatusResult).ps_data?.ps_payer_account || null
    : null
}

function applyRecord(
  ctx: ProviderContext,
  data: PiastrixSessionData,
  record: PaymentStatusRecord,
  fetchedAt: number
): PiastrixSessionData {
  if (String(record.shop_order_id) !== data.shop_order_id) {
    ctx.logger.warn(
      `Piastrix session ${data.session_id}: the status answer was for another order; ignored`
    )
    return data
  }
  const next: PiastrixSessionData = {
    ...data,
    service_status: record.status,
    checked_at: new Date(fetchedAt).toISOString(),
    payment_id: String(record.payment_id),
    payer_account:
      maskAccount(payerAccountIn(ctx, record)) ?? data.payer_account,
  }
  const endpoint = statusEndpointOf(ctx.kind)
  // What a status read alone may not decide stays pending, with a notice the store owner can see.
  const undecided = (notice: string): PiastrixSessionData => {
    ctx.logger.warn(`Piastrix session ${data.session_id}: ${notice}`)
    return { ...next, notice }
  }
  if (!isKnownServiceStatus(record.status, ctx.kind, ctx.options.statuses)) {
    return undecided(
      `status ${record.status} from ${endpoint} not understood: treated as pending (see the statuses option)`
    )
  }
  const outcome = outcomeOfServiceStatus(
    record.status,
    ctx.kind,
    ctx.options.statuses
  )
  if (outcome === "paid") {
    // Captured only when corroborated: the paid code, a processing time, and the amount and currency asked.
    if (!record.processed) {
      return undecided(
        `status ${record.status} from ${endpoint} reads as paid but carries no processing time: ` +
          `not captured until a signed notification confirms it`
      )
    }
    return settlePaid(
      ctx,
      { ...next, notice: null },
      {
        amount: record.shop_amount,
        currency: record.shop_currency,
        source: `status ${record.status}`,
      }
    )
  }
  const state = stateOfOutcome(outcome)
  if (state === "pending") {
    return { ...next, notice: null }
  }
  // The payer may still pay a page a status read calls failed: only a signed notification fails a session,
  // except a wallet payment whose lifetime has passed by this store's clock.
  const lifetimeOver =
    ctx.kind === "wallet" &&
    data.expires_at !== null &&
    Date.parse(data.expires_at) <= Date.now()
  if (!(outcome === "expired" && lifetimeOver)) {
    return undecided(
      `status ${record.status} from ${endpoint} reads as ${outcome}: the session stays open until a signed notification says so`
    )
  }
  ctx.logger.info(
    `Piastrix session ${data.session_id}: the service reports ${outcome} (status ${record.status})`
  )
  return {
    ...next,
    state,
    notice: null,
    failure: {
      reason: `the service reports the payment ${outcome} (status ${record.status})`,
      at: next.checked_at!,
    },
  }
}

/**
 * Where a payment stands: a verified notification in the inbox first (no service call), then the status endpoint
 * through the shop's polling guard (inside its 10 s window the last answer is reused). When the
 * service cannot be asked, the session stays waiting: never an exception, which Medusa would turn
 * into a failure without a message.
 */
export async function resolvePiastrixPayment(
  ctx: ProviderContext,
  stored: PiastrixSessionData
): Promise<Resolution> {
  let data = (await fromInbox(ctx, stored)) ?? stored
  if (FINAL_STATES.has(data.state)) {
    return resolved(ctx, data)
  }
  const shopOrderId = data.shop_order_id
  const read = await readPaymentStatus(ctx, ctx.kind, shopOrderId)
  if (read.outcome === "found") {
    data = applyRecord(ctx, data, read.record, read.fetchedAt)
    const account =
      String(read.record.shop_order_id) === shopOrderId
        ? payerAccountIn(ctx, read.record)
        : null
    if (account) {
      // Whole in the register (a refund is sent back to it), masked in the session data above.
      await ctx.register.notePayer(shopOrderId, account).catch((error) => {
        ctx.logger.warn(
          `Piastrix session ${data.session_id}: the payer's wallet not noted in the register: ${describeError(error)}`
        )
      })
    }
  } else {
    const why =
      read.outcome === "absent"
        ? "not found at the service"
        : describeError(read.error)
    ctx.logger.info(
      `Piastrix session ${shopOrderId}: status unavailable, still waiting: ${why}`
    )
  }
  return resolved(ctx, data)
}
