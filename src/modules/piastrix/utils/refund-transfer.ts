import BigNumber from "bignumber.js"
import { MedusaError } from "@medusajs/framework/utils"
import {
  createOnce,
  isInsufficientBalance,
  PiastrixApiError,
  type CreateOutcome,
  type PiastrixClient,
  type PollingGuard,
  type TransferStatusResult,
} from "../../../lib/piastrix"
import { describeError } from "../../../lib/plugin/describe-error"
import { readTransferStatus } from "../../../lib/plugin/payment-status"
import type {
  OpenedRefund,
  RefundRequest,
  RefundRow,
  RefundSettlement,
} from "../repositories/refund-register"

/**
 * A wallet payment sent back to the payer by a wallet transfer (`/transfer/create`), at most once per
 * refund id: the refund register's row first, a lost reply settled by the transfer's status. Used by
 * the provider's `refundPayment` (a Medusa refund) and by the inbox's refund of money that never became
 * an order (a notification). Just over 300 lines: the recovery of an unknown outcome (orphans,
 * mismatches) reads best beside the send.
 */

/** What sending a refund transfer needs: the client, the shop's polling guard, a logger, the register. */
export type RefundTransferContext = {
  client: PiastrixClient
  guard: PollingGuard
  logger: {
    info(message: string): void
    warn(message: string): void
    error(message: string): void
  }
  refunds: {
    open: (
      r: RefundRequest,
      beforeNew: () => Promise<void>
    ) => Promise<OpenedRefund>
    orphans: (shopOrderId: string) => Promise<RefundRow[]>
    settle: (id: string, s: RefundSettlement) => Promise<void>
  }
}

/** One refund to send: the payment, the payer's wallet and currency, the amount, and the refund's id. */
export type RefundTransfer = {
  /** Names the refund in log lines ("session payses_...", "notification pxntf_..."). */
  label: string
  shop_order_id: string
  /** The payer's wallet; null when the service never told it. */
  payee: string | null
  /** A decimal string with the currency's digits. */
  amount: string
  /** ISO 4217 numeric: what the shop pays from. */
  currency: number
  /** ISO 4217 numeric: what the payer is paid in. */
  payee_currency: number
  /** Ties the transfer to one refund: Medusa's refund id, or the inbox's. */
  refund_id: string
}

const notAllowed = (message: string) =>
  new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

/**
 * The transfer with this shop_payment_id, or null when the service says it was never made (error 7).
 * Asked through the shop's polling guard, once per logical read: it is a payout status.
 */
async function findTransfer(
  ctx: RefundTransferContext,
  shopPaymentId: string
): Promise<TransferStatusResult | null> {
  const read = await readTransferStatus(ctx, shopPaymentId)
  if (read.outcome === "unavailable") {
    throw read.error
  }
  return read.outcome === "found" ? read.record : null
}

function unknownOutcome(shopPaymentId: string): MedusaError {
  return notAllowed(
    `The refund transfer ${shopPaymentId} may or may not have been made (Piastrix did not answer). ` +
      "Try the refund again later with the same amount: it reuses the same transfer id, so the payer cannot be paid twice."
  )
}

/** A transfer found under a refund's id that is not what its row says was sent. */
class TransferMismatch extends Error {
  constructor(
    readonly transferId: string,
    readonly difference: string
  ) {
    super(`the transfer found is not this refund: ${difference}`)
  }
}

function refusedTransfer(error: PiastrixApiError): MedusaError {
  if (isInsufficientBalance(error)) {
    return notAllowed(
      `Piastrix refused the refund transfer: the shop balance is insufficient (${error.serviceMessage}). ` +
        "Top up the shop balance and refund again."
    )
  }
  return notAllowed(
    `Piastrix refused the refund transfer (error ${error.errorCode}): ${error.serviceMessage}`
  )
}

/**
 * Where a transfer found at the service differs from the one this refund's row says was sent; null when
 * none. The status answer does not name the payee: the row does, and only this row's payee is ever sent
 * under its `shop_payment_id`. An answer without the amount cannot be checked, so it is a difference too.
 */
function differenceOf(
  found: TransferStatusResult,
  row: RefundRow
): string | null {
  if (String(found.shop_payment_id) !== row.shop_payment_id) {
    return `it answered for ${found.shop_payment_id}`
  }
  if (
    found.write_off_amount == null ||
    !new BigNumber(found.write_off_amount).isEqualTo(row.amount)
  ) {
    return `it moved ${found.write_off_amount ?? "an unstated amount"}, this refund is ${row.amount}`
  }
  if (
    found.shop_currency != null &&
    Number(found.shop_currency) !== row.currency
  ) {
    return `it was paid from currency ${found.shop_currency}, this refund from ${row.currency}`
  }
  if (
    found.payee_currency != null &&
    Number(found.payee_currency) !== row.payee_currency
  ) {
    return `it paid in currency ${found.payee_currency}, this refund pays in ${row.payee_currency}`
  }
  return null
}

/**
 * Earlier transfers of this payment whose outcome stayed unknown and whose Medusa refund is gone, with
 * another amount than this refund (one of the same amount was taken over). Before money moves again the
 * service is asked about each: never made -> void; made -> this refund is refused, because Medusa would
 * record one amount while the payer got another. The admin is told which refund records it.
 */
async function settleOrphans(
  ctx: RefundTransferContext,
  data: Pick<RefundTransfer, "label" | "shop_order_id">
): Promise<void> {
  for (const orphan of await ctx.refunds.orphans(data.shop_order_id)) {
    let found: TransferStatusResult | null
    try {
      found = await findTransfer(ctx, orphan.shop_payment_id)
    } catch (error) {
      ctx.logger.warn(
        `Piastrix ${data.label}: status of earlier transfer ${orphan.shop_payment_id} unavailable: ${describeError(error)}`
      )
      throw notAllowed(
        `An earlier refund of ${orphan.amount} (transfer ${orphan.shop_payment_id}) may or may not have reached the payer, ` +
          "and Piastrix cannot be asked right now. Try again later, or refund exactly that amount to record it."
      )
    }
    if (!found) {
      await ctx.refunds.settle(orphan.id, {
        state: "void",
        last_error: "the service never made this transfer",
      })
      continue
    }
    throw notAllowed(
      `An earlier refund of ${orphan.amount} reached the payer (transfer ${orphan.shop_payment_id}) but Medusa has no ` +
        `record of it: refund exactly ${orphan.amount} to record it, before any other refund of this payment.`
    )
  }
}

/**
 * Sends a refund back to the payer's wallet at most once per refund id. The refund's row in the
 * refund register is written first and fixes the transfer's `shop_payment_id`, amount and payee (see
 * refund-register.ts): concurrent refunds get their own transfers, and a retry after an unknown
 * outcome reuses the same id. A transfer the service already holds under that id counts only if its
 * amount and currencies are this refund's. Returns the row once the transfer is made; throws a
 * MedusaError (NOT_ALLOWED) with what to do otherwise.
 */
export async function sendRefundTransfer(
  ctx: RefundTransferContext,
  data: RefundTransfer
): Promise<RefundRow> {
  const { amount, refund_id: refundId } = data
  const payee = data.payee
  if (!payee) {
    throw notAllowed(
      "The payer's wallet account is unknown for this payment, so the refund cannot be sent back: " +
        "refund it from the Piastrix dashboard"
    )
  }
  const wanted = {
    refund_id: refundId,
    shop_payment_id: `${data.shop_order_id}-${refundId}`,
    shop_order_id: data.shop_order_id,
    payee,
    amount,
    currency: data.currency,
    payee_currency: data.payee_currency,
  }
  const opened = await ctx.refunds.open(wanted, () => settleOrphans(ctx, data))
  const row = opened.row
  if (row.payee !== payee || row.amount !== amount) {
    throw notAllowed(
      `Refund ${refundId} was started for ${row.amount} to another wallet; it cannot be changed`
    )
  }
  if (row.state === "mismatch") {
    throw notAllowed(
      `The refund transfer ${row.shop_payment_id} does not match this refund: ${row.last_error}`
    )
  }
  if (row.state === "sent") {
    return row
  }
  if (opened.how === "adopted") {
    ctx.logger.info(
      `Piastrix ${data.label}: refund ${refundId} takes over unresolved transfer ${row.shop_payment_id}`
    )
  }
  const transfer = {
    amount: row.amount,
    amount_type: "writeoff_amount" as const,
    payee_account: row.payee,
    payee_currency: row.payee_currency,
    shop_currency: row.currency,
    shop_payment_id: row.shop_payment_id,
  }
  const unknown = async (why: string) => {
    await ctx.refunds.settle(row.id, { state: "unknown", last_error: why })
    return unknownOutcome(row.shop_payment_id)
  }
  const refused = async (error: PiastrixApiError) => {
    await ctx.refunds.settle(row.id, {
      state: "refused",
      last_error: `${error.errorCode}: ${error.serviceMessage}`,
    })
    return refusedTransfer(error)
  }
  // At most once (lib/piastrix/create-once.ts): an unclear create is resolved through the transfer's status,
  // asked through the polling guard, and a transfer found under this id must be this row's.
  let outcome: CreateOutcome<{ id: unknown }>
  try {
    outcome = await createOnce<{ id: unknown }>({
      create: () => ctx.client.transferCreate(transfer),
      find: async () => {
        ctx.logger.warn(
          `Piastrix ${data.label}: refund transfer ${row.shop_payment_id} unclear; checking status`
        )
        const found = await findTransfer(ctx, row.shop_payment_id)
        const difference = found && differenceOf(found, row)
        if (found && difference) {
          throw new TransferMismatch(String(found.id), difference)
        }
        return found
      },
    })
  } catch (error) {
    if (error instanceof PiastrixApiError) {
      throw await refused(error)
    }
    throw await unknown(describeError(error))
  }
  if (outcome.state === "unknown") {
    if (outcome.error instanceof TransferMismatch) {
      const { transferId, difference } = outcome.error
      ctx.logger.error(
        `Piastrix ${data.label}: transfer ${row.shop_payment_id} is not this refund: ${difference}`
      )
      await ctx.refunds.settle(row.id, {
        state: "mismatch",
        transfer_id: transferId,
        last_error: difference,
      })
      throw notAllowed(
        `Piastrix already holds a transfer ${row.shop_payment_id} that is not this refund (${difference}); ` +
          "nothing was recorded: check the transfer in the Piastrix dashboard"
      )
    }
    ctx.logger.warn(
      `Piastrix ${data.label}: transfer ${row.shop_payment_id} still unclear: ${describeError(outcome.error)}`
    )
    throw await unknown(describeError(outcome.error))
  }
  const made = outcome.record
  await ctx.refunds.settle(row.id, {
    state: "sent",
    transfer_id: String(made.id),
  })
  ctx.logger.info(
    `Piastrix ${data.label}: refund ${amount} sent back as transfer ${String(made.id)}`
  )
  return { ...row, state: "sent", transfer_id: String(made.id) }
}
