import { MedusaError } from "@medusajs/framework/utils"
import type { RefundPaymentInput } from "@medusajs/framework/types"
import {
  createOnce,
  findTransfer,
  PiastrixApiError,
  PiastrixErrorCode,
  toWireAmount,
  type CreateOutcome,
  type TransferCreateResult,
  type TransferStatusResult,
} from "../../../lib/piastrix"
import type { ProviderContext } from "./context"
import { describeError } from "../../../lib/plugin"
import type { PiastrixSessionData, RefundEntry } from "../../../lib/plugin"

const notAllowed = (message: string) => new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

function manualRefund(ctx: ProviderContext, data: PiastrixSessionData, amount: string, refundId: string | null) {
  ctx.logger.warn(
    `Piastrix: session ${data.session_id}: refund of ${amount} recorded as manual: refund the payer outside Medusa`
  )
  const entry: RefundEntry = {
    refund_id: refundId,
    shop_payment_id: null,
    amount,
    mode: "manual",
    state: "manual_required",
    transfer_id: null,
    at: new Date().toISOString(),
  }
  return { ...data, refunds: [...data.refunds, entry] }
}

function unknownOutcome(data: PiastrixSessionData, shopPaymentId: string): MedusaError {
  return notAllowed(
    `The refund transfer ${shopPaymentId} may or may not have been made (Piastrix did not answer). ` +
      "Try the refund again later: it reuses the same transfer id, so the payer cannot be paid twice."
  )
}

function refusedTransfer(error: PiastrixApiError): MedusaError {
  if (error.errorCode === PiastrixErrorCode.INSUFFICIENT_BALANCE) {
    return notAllowed(
      `Piastrix refused the refund transfer: the shop balance is insufficient (${error.serviceMessage}). ` +
        "Top up the shop balance and refund again."
    )
  }
  return notAllowed(`Piastrix refused the refund transfer (error ${error.errorCode}): ${error.serviceMessage}`)
}

/**
 * Sends the refund back to the payer's wallet at most once: the transfer id is derived from the
 * refunds already recorded, so a refund retried after a lost reply carries the same id, and the
 * service's status endpoint says whether it was made before anything is sent again.
 */
async function transferBack(
  ctx: ProviderContext,
  data: PiastrixSessionData,
  amount: string,
  refundId: string | null
): Promise<PiastrixSessionData> {
  const payee = data.payer_account
  if (!payee) {
    throw notAllowed(
      "The payer's wallet account is unknown for this payment, so the refund cannot be sent back: " +
        "refund it from the Piastrix dashboard"
    )
  }
  const sent = data.refunds.filter((r) => r.mode === "transfer" && r.state === "sent").length
  const shopPaymentId = `${data.session_id}-r${sent + 1}`
  const transfer = {
    amount,
    amount_type: "writeoff_amount" as const,
    payee_account: payee,
    payee_currency: data.payer_currency ?? data.currency,
    shop_currency: data.currency,
    shop_payment_id: shopPaymentId,
  }
  let outcome: CreateOutcome<TransferCreateResult | TransferStatusResult>
  try {
    outcome = await createOnce<TransferCreateResult | TransferStatusResult>({
      create: () => ctx.client.transferCreate(transfer),
      find: () => findTransfer(ctx.client, shopPaymentId),
    })
  } catch (error) {
    if (error instanceof PiastrixApiError) {
      throw refusedTransfer(error)
    }
    throw notAllowed(`The refund transfer could not be sent: ${describeError(error)}`)
  }
  if (outcome.state === "unknown") {
    ctx.logger.warn(
      `Piastrix: session ${data.session_id}: refund transfer ${shopPaymentId} unclear: ${describeError(outcome.error)}`
    )
    throw unknownOutcome(data, shopPaymentId)
  }
  const made = outcome.record
  ctx.logger.info(`Piastrix: session ${data.session_id}: refund ${amount} sent back as transfer ${made.id}`)
  const entry: RefundEntry = {
    refund_id: refundId,
    shop_payment_id: shopPaymentId,
    amount,
    mode: "transfer",
    state: "sent",
    transfer_id: String(made.id),
    at: new Date().toISOString(),
  }
  return { ...data, refunds: [...data.refunds, entry] }
}

export async function refundPiastrixPayment(
  ctx: ProviderContext,
  data: PiastrixSessionData,
  input: RefundPaymentInput
): Promise<PiastrixSessionData> {
  let amount: string
  try {
    amount = toWireAmount(input.amount as never, data.currency)
  } catch {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "amount: the refund amount is not a number")
  }
  const refundId = input.context?.idempotency_key ?? null
  if (ctx.kind === "wallet") {
    switch (ctx.options.refunds.wallet) {
      case "transfer":
        return transferBack(ctx, data, amount, refundId)
      case "manual":
        return manualRefund(ctx, data, amount, refundId)
      default:
        throw notAllowed(
          "Refunds of Piastrix wallet payments are turned off in this store (refunds.wallet is \"reject\"): " +
            "refund the payer from the Piastrix dashboard, or set refunds.wallet to \"transfer\" or \"manual\""
        )
    }
  }
  if (ctx.options.refunds.other === "manual") {
    return manualRefund(ctx, data, amount, refundId)
  }
  throw notAllowed(
    `Piastrix has no refund for ${ctx.kind} payments, so Medusa cannot move this money back: ` +
      "refund the payer outside Medusa (for example by a payout), or set the refunds.other option to " +
      "\"manual\" to record such refunds in Medusa"
  )
}
