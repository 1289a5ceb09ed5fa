import BigNumber from "bignumber.js"
import {
  CHECK_ACCOUNT_PROVIDER_STATUS,
  createOnce,
  findTransfer,
  findWithdraw,
  isInsufficientBalance,
  isPassingRefusal,
  PiastrixApiError,
  resolveLostCreate,
  type CreateOutcome,
  type CreateSteps,
  type PiastrixClient,
  type TransferCreateResult,
  type TransferStatusResult,
  type WithdrawRecord,
} from "../../../lib/piastrix"
import { describeError } from "../../../lib/plugin/describe-error"
import { maskCardNumbers } from "../../../lib/plugin/mask"
import { messageText } from "../../../lib/plugin/messages"
import type { PiastrixOptions } from "../../../lib/plugin/options"
import {
  AccountCipherError,
  type AccountCipher,
} from "../../../lib/payouts/account-cipher"
import {
  AccountKeyMissingError,
  openAccountFields,
  type AccountFields,
} from "../../../lib/payouts/accounts"
import type { SqlDatabase } from "../repositories/ledger"
import { getRecipient } from "../repositories/recipients"
import {
  applyOutcome,
  backToPending,
  claimStatusPoll,
  markNeedsAttention,
  markReturned,
  markSent,
  recordFee,
  type Payout,
  type PayoutOutcome,
} from "../repositories/payouts"

/**
 * Talking to the service about a payout that is already written (`payouts.ts`): quote, check the
 * account, create, and settle a lost create through the status endpoint with the same
 * `shop_payment_id` (`lib/piastrix/create-once.ts`). Every call goes through the client (timeouts);
 * status calls only when `next_poll_at` allows, so a payout is asked about at most once a minute. The
 * calls decide an outcome (`PayoutOutcome`); `payouts.ts` writes it.
 * Over 300 lines because the four calls share one recovery path (a lost create settled by its status),
 * which reads best beside them.
 */

export type PayoutContext = {
  db: SqlDatabase
  client: PiastrixClient
  options: PiastrixOptions
  /** The options with the admin's settings (modules/piastrix/repositories/settings.ts), read now. */
  effectiveOptions: () => Promise<PiastrixOptions>
  logger: { info(message: string): void; warn(message: string): void }
  /** Opens the stored accounts for the calls that send them; null when the store has no account key. */
  cipher: AccountCipher | null
}

/** The payout's account in plaintext: only for the request that carries it to the service. */
const accountOf = (
  ctx: Pick<PayoutContext, "cipher">,
  p: Pick<Payout, "recipient_id" | "account" | "account_details">
): AccountFields => openAccountFields(ctx.cipher, p.recipient_id, p)

type ServiceRecord =
  TransferCreateResult | TransferStatusResult | WithdrawRecord

/**
 * Refusals that say nothing about the payout itself (the shop's balance, its configuration, the
 * service busy): the payout stays pending with the reason and is tried again by a later run.
 */
const isRetryableRefusal = isPassingRefusal

/** Why the service refused, in its words with any card number in them masked (they are logged and stored). */
function refusalReason(error: PiastrixApiError): string {
  if (isInsufficientBalance(error)) {
    return messageText("payout.insufficient_balance", {
      detail: maskCardNumbers(error.serviceMessage),
    })
  }
  return messageText("payout.refused", {
    error_code: error.errorCode,
    detail: maskCardNumbers(error.serviceMessage),
  })
}

const described = (error: unknown) => maskCardNumbers(describeError(error))

/** The create and status calls of a payout, always with its one `shop_payment_id`. */
function createSteps(
  ctx: PayoutContext,
  p: Payout
): CreateSteps<ServiceRecord> {
  // Opened when a create is sent, not for a status read, which names only the shop_payment_id.
  if (p.rail === "transfer") {
    return {
      create: async () =>
        ctx.client.transferCreate({
          amount: p.amount,
          amount_type: "writeoff_amount",
          payee_account: accountOf(ctx, p).account,
          payee_currency: p.currency,
          shop_currency: p.currency,
          shop_payment_id: p.shop_payment_id,
        }),
      find: () => findTransfer(ctx.client, p.shop_payment_id),
    }
  }
  return {
    create: async () =>
      ctx.client.withdrawCreate({
        // The recipient's address as it is now: read only when a create is sent.
        email: (await getRecipient(ctx.db, p.recipient_id)).email,
        ...withdrawAccount(accountOf(ctx, p)),
        amount: p.amount,
        amount_type: "shop_amount",
        payway: p.payway!,
        shop_currency: p.currency,
        shop_payment_id: p.shop_payment_id,
      }),
    find: () => findWithdraw(ctx.client, p.shop_payment_id),
  }
}

/** The account fields of a withdraw or an account check. */
const withdrawAccount = (a: AccountFields) => ({
  account: a.account,
  account_details: a.account_details ?? undefined,
})

/** What the shop was debited, as the record says it (wallet transfers: `write_off_amount`). */
function writeOffOf(record: ServiceRecord): string | null {
  const r = record as {
    write_off_amount?: string | null
    shop_write_off?: string | null
  }
  return r.write_off_amount ?? r.shop_write_off ?? null
}

/** What the service's record of a payout it made says should become of the payout. */
function recordOutcome(
  ctx: PayoutContext,
  p: Payout,
  record: ServiceRecord
): PayoutOutcome {
  const serviceId = String(record.id)
  const debited = writeOffOf(record)
  if (debited !== null && !new BigNumber(debited).isEqualTo(p.amount)) {
    return {
      kind: "needs_attention",
      reason: messageText("payout.debited_differs", {
        debited,
        amount: p.amount,
      }),
    }
  }
  if (p.rail === "transfer") {
    // A wallet transfer is final once the service made it.
    return { kind: "succeeded", serviceId }
  }
  const w = record as WithdrawRecord
  switch (ctx.options.statuses.payout[String(w.status)] ?? "pending") {
    case "success":
      return { kind: "succeeded", serviceId }
    case "rejected":
      return {
        kind: "rejected",
        reason:
          w.rejected_reason ||
          messageText("payout.rejected_with_status", { status: w.status }),
        serviceId,
      }
    default:
      if (!(String(w.status) in ctx.options.statuses.payout)) {
        ctx.logger.warn(
          `Piastrix payout ${p.id}: unknown status ${w.status}, taken as still processing`
        )
      }
      return { kind: "in_flight", serviceId }
  }
}

/** What becomes of a create that was resolved (made) or not (unknown: the sync asks again later). */
async function createOutcome(
  ctx: PayoutContext,
  p: Payout,
  run: () => Promise<CreateOutcome<ServiceRecord>>
): Promise<PayoutOutcome> {
  let outcome: CreateOutcome<ServiceRecord>
  try {
    outcome = await run()
  } catch (error) {
    if (error instanceof AccountKeyMissingError) {
      // A create to resend and no key to open its account: nothing was sent; asked again once the key is back.
      ctx.logger.warn(`Piastrix payout ${p.id}: ${error.message}`)
      return { kind: "unsettled", reason: error.message }
    }
    if (!(error instanceof PiastrixApiError)) {
      // Refused by the client before anything was sent (bad input, an account that fails its check): a person has to look.
      return { kind: "needs_attention", reason: described(error) }
    }
    if (isRetryableRefusal(error)) {
      ctx.logger.warn(
        `Piastrix payout ${p.id}: left pending: ${refusalReason(error)}`
      )
      return { kind: "pending", reason: refusalReason(error) }
    }
    return { kind: "rejected", reason: refusalReason(error) }
  }
  if (outcome.state === "made") {
    return recordOutcome(ctx, p, outcome.record)
  }
  ctx.logger.warn(
    `Piastrix payout ${p.id}: outcome unknown, asked again later: ${described(outcome.error)}`
  )
  return {
    kind: "unsettled",
    reason: messageText("payout.outcome_unknown", {
      reason: described(outcome.error),
    }),
  }
}

/** What the service would take and pay for a payout: the fee is null when the payee is paid in another currency. */
export type PayoutQuote = {
  /** What the shop's balance is debited (the payout's amount). */
  amount: string
  /** What the payee does not receive (the service's fee); null when currencies differ. */
  fee: string | null
  /** What the payee receives, in `payee_currency`. */
  payee_receives: string
  /** ISO 4217 numeric. */
  payee_currency: number
}

/**
 * Asks the service what a payout would cost (`/transfer/try` or `/withdraw/try`), without making it: before
 * every send (the fee is kept on the payout) and for the admin's "Get quote".
 */
export async function quotePayout(
  ctx: Pick<PayoutContext, "client">,
  p: Pick<Payout, "rail" | "amount" | "currency" | "payway">
): Promise<PayoutQuote> {
  if (p.rail === "transfer") {
    const q = await ctx.client.transferTry({
      amount: p.amount,
      amount_type: "writeoff_amount",
      payee_currency: p.currency,
      shop_currency: p.currency,
    })
    return {
      amount: q.write_off_amount,
      fee: new BigNumber(q.write_off_amount).minus(q.payee_amount).toFixed(),
      payee_receives: q.payee_amount,
      payee_currency: p.currency,
    }
  }
  const q = await ctx.client.withdrawTry({
    amount: p.amount,
    amount_type: "shop_amount",
    payway: p.payway!,
    shop_currency: p.currency,
  })
  const writeOff = q.shop_write_off ?? q.write_off_amount
  return {
    // shop_amount: the amount asked is what the shop pays, when the answer does not repeat it.
    amount: writeOff ?? p.amount,
    fee:
      writeOff && q.ps_currency === q.shop_currency
        ? new BigNumber(writeOff).minus(q.payee_receive).toFixed()
        : null,
    payee_receives: q.payee_receive,
    payee_currency: q.ps_currency,
  }
}

/**
 * Why a withdraw account may not be paid `amount` now: refused (final) or unknown (ask again later); null
 * when fine. Used before every withdraw and by the admin's "check account"; the owner's personal data the
 * service may return (`account_info`) is never kept.
 */
export async function checkWithdrawAccount(
  ctx: PayoutContext,
  p: Pick<
    Payout,
    | "recipient_id"
    | "account"
    | "account_details"
    | "payway"
    | "amount"
    | "currency"
  >
): Promise<{ final: boolean; reason: string } | null> {
  const check = await ctx.client.checkAccount({
    ...withdrawAccount(accountOf(ctx, p)),
    payway: p.payway!,
    amount: p.amount,
    currency: p.currency,
  })
  if (check.provider_status !== CHECK_ACCOUNT_PROVIDER_STATUS.AVAILABLE) {
    return {
      final: false,
      reason: messageText("payout.account_check_unknown", {
        provider_status: check.provider_status,
      }),
    }
  }
  return check.result
    ? null
    : { final: true, reason: messageText("payout.account_refused") }
}

/**
 * Sends a pending payout the caller claimed: quote, account check (withdraws), then the create, marked
 * sent first so a crash after it leaves the payout to the status endpoint, never to a new id.
 */
export async function sendPayout(
  ctx: PayoutContext,
  p: Payout
): Promise<Payout | null> {
  try {
    // Opened first, though used later: a payout whose account cannot be opened is never quoted or sent.
    accountOf(ctx, p)
  } catch (error) {
    if (error instanceof AccountKeyMissingError) {
      ctx.logger.warn(`Piastrix payout ${p.id}: left pending: ${error.message}`)
      return backToPending(ctx.db, p.id, error.message)
    }
    if (error instanceof AccountCipherError) {
      // Changed or moved in the database since it was written: never paid anywhere until a person looks.
      return markNeedsAttention(
        ctx.db,
        p.id,
        messageText("payout.account_unreadable", { detail: error.message })
      )
    }
    throw error
  }
  try {
    await recordFee(ctx.db, p.id, (await quotePayout(ctx, p)).fee)
    const refusal =
      p.rail === "withdraw" ? await checkWithdrawAccount(ctx, p) : null
    if (refusal?.final) {
      return markReturned(ctx.db, p, {
        status: "rejected",
        reason: refusal.reason,
      })
    }
    if (refusal) {
      return backToPending(ctx.db, p.id, refusal.reason)
    }
  } catch (error) {
    // Nothing was made: a refusal of the quote rejects the payout, anything else waits for the next run.
    if (error instanceof PiastrixApiError && !isRetryableRefusal(error)) {
      return markReturned(ctx.db, p, {
        status: "rejected",
        reason: refusalReason(error),
      })
    }
    return backToPending(ctx.db, p.id, described(error))
  }
  const sent = await markSent(ctx.db, p.id)
  if (!sent) {
    return null
  }
  const steps = createSteps(ctx, sent)
  const outcome = await createOutcome(ctx, sent, () =>
    createOnce({ ...steps, mayAsk: () => claimStatusPoll(ctx.db, sent.id) })
  )
  return applyOutcome(ctx.db, sent, outcome)
}

/**
 * What the service says should become of a payout in flight whose poll the caller claimed: its status
 * by `shop_payment_id`. A payout the service never made (its create was lost) is created again with the
 * same id; one the service had reported and no longer knows needs a person. Nothing is written here: the
 * caller applies the outcomes of a batch together (`applyOutcomes`).
 */
export async function syncOutcome(
  ctx: PayoutContext,
  p: Payout
): Promise<PayoutOutcome> {
  const steps = createSteps(ctx, p)
  if (p.service_id) {
    try {
      const record = await steps.find()
      if (!record) {
        return {
          kind: "needs_attention",
          reason: messageText("payout.service_forgot", {
            service_id: p.service_id,
          }),
        }
      }
      return recordOutcome(ctx, p, record)
    } catch (error) {
      return {
        kind: "unsettled",
        reason: messageText("payout.status_unavailable", {
          reason: described(error),
        }),
      }
    }
  }
  return createOutcome(ctx, p, () => resolveLostCreate(steps))
}
