/**
 * Refunds of a Piastrix payment, as the `refunds` option says: a wallet transfer back to the payer
 * (modules/piastrix/utils/refund-transfer.ts: written in the refund register before it is sent, a lost reply settled
 * by its status), a manual refund recorded for the store owner, or refused with the reason (`reject`).
 */
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type { RefundPaymentInput } from "@medusajs/framework/types"
import { toWireAmount } from "../../../lib/piastrix"
import type { ProviderContext } from "./context"
import { describeError, isMaskedAccount } from "../../../lib/plugin"
import { sendRefundTransfer } from "../../../modules/piastrix/utils/refund-transfer"
import type { PiastrixSessionData, RefundEntry } from "../../../lib/plugin"

const notAllowed = (message: string) =>
  new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

function manualRefund(
  ctx: ProviderContext,
  data: PiastrixSessionData,
  amount: string,
  refundId: string | null
) {
  ctx.logger.warn(
    `Piastrix session ${data.session_id}: refund of ${amount} recorded as manual: refund the payer outside Medusa`
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

/**
 * The payer's wallet in full, from the plugin's tables: session data holds it masked (the storefront reads
 * it). Sessions written before it was masked still hold it whole, which is used when the tables know none.
 */
async function payeeOf(
  ctx: ProviderContext,
  data: PiastrixSessionData
): Promise<string | null> {
  let account: string | null
  try {
    account = await ctx.register.payer(data.shop_order_id)
  } catch (error) {
    ctx.logger.error(
      `Piastrix session ${data.session_id}: the payer's wallet could not be read: ${describeError(error)}`
    )
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The refund was not started: the payer's wallet could not be read from the database; try again shortly"
    )
  }
  const stored = data.payer_account
  return account ?? (stored && !isMaskedAccount(stored) ? stored : null)
}

/**
 * Sends the refund back to the payer's wallet at most once per Medusa refund (modules/piastrix/utils/refund-transfer.ts),
 * then lists every transfer of the payment the register holds as sent.
 */
async function transferBack(
  ctx: ProviderContext,
  data: PiastrixSessionData,
  amount: string,
  refundId: string
): Promise<PiastrixSessionData> {
  await sendRefundTransfer(ctx, {
    label: `session ${data.session_id}`,
    shop_order_id: data.shop_order_id,
    payee: await payeeOf(ctx, data),
    amount,
    currency: data.currency,
    payee_currency: data.payer_currency ?? data.currency,
    refund_id: refundId,
  })
  return recorded(ctx, data)
}

/**
 * The session data listing every transfer of this payment the register holds as sent. Concurrent
 * refunds each return data Medusa stores last-writer-wins, so each lists all of them, not only its own.
 */
async function recorded(
  ctx: ProviderContext,
  data: PiastrixSessionData
): Promise<PiastrixSessionData> {
  const sent = await ctx.refunds.sent(data.shop_order_id)
  const transfers: RefundEntry[] = sent.map((row) => ({
    refund_id: row.refund_id,
    shop_payment_id: row.shop_payment_id,
    amount: row.amount,
    mode: "transfer",
    state: "sent",
    transfer_id: row.transfer_id,
    at: new Date(row.updated_at).toISOString(),
  }))
  return {
    ...data,
    refunds: [
      ...data.refunds.filter((r) => r.mode !== "transfer"),
      ...transfers,
    ],
  }
}

/**
 * Whether Medusa's refund `refundId` undoes the capture of a cart completion that failed after capturing
 * (its compensation refunds the captured payment and starts the cart a new session with the paid one's data):
 * the refunded payment is held by no order, which no refund from the admin can be (it goes through the order).
 * Sending the money back there would return a payment the store still sells against, without the store
 * owner's choice; recording it would show the order placed with it later as refunded. Unreadable: nothing is
 * moved, Medusa is told why.
 */
async function ofFailedCompletion(
  ctx: ProviderContext,
  data: PiastrixSessionData,
  refundId: string
): Promise<boolean> {
  try {
    return await ctx.refunds.withoutOrder(refundId)
  } catch (error) {
    ctx.logger.error(
      `Piastrix session ${data.session_id}: refund ${refundId} not started, its payment's order unreadable: ${describeError(error)}`
    )
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The refund was not started: the payment's order could not be read from the database; try again shortly"
    )
  }
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
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "amount: the refund amount is not a number"
    )
  }
  // Medusa passes its refund's id as the idempotency key; the register ties the transfer to it.
  const refundId = input.context?.idempotency_key ?? null
  if (refundId && (await ofFailedCompletion(ctx, data, refundId))) {
    // Medusa's compensation of a completion that failed after capturing. The payment stays the cart's: the
    // cart's next session carries it (initiate.ts) and the order placed with it records this capture
    // (authorize-carried.ts, run-piastrix-payment-processing.ts). Medusa logs the refusal and refunds nothing.
    ctx.logger.warn(
      `Piastrix session ${data.session_id}: no refund of ${amount} for ${data.shop_order_id}, captured by a cart ` +
        "completion that then failed: the payment stays the cart's (Retry in the inbox places the order with " +
        "it, Refund there sends it back)"
    )
    throw notAllowed(
      "A payment captured by a cart completion that failed is not refunded by Medusa's compensation: it stays " +
        "the cart's, and the Piastrix inbox places the order with it or refunds it"
    )
  }
  // The refund policy may have changed in the admin since this process started. Nothing moved yet.
  const { refunds } = await ctx.effectiveOptions().catch((error) => {
    ctx.logger.error(
      `Piastrix session ${data.session_id}: refund of ${data.shop_order_id} not started, settings unreadable: ${describeError(error)}`
    )
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The refund was not started: the Piastrix settings could not be read; try again shortly"
    )
  })
  if (ctx.kind === "wallet") {
    switch (refunds.wallet) {
      case "transfer":
        return transferBack(
          ctx,
          data,
          amount,
          refundId ?? generateEntityId(undefined, "pxrefreq")
        )
      case "manual":
        return manualRefund(ctx, data, amount, refundId)
      default:
        throw notAllowed(
          'Refunds of Piastrix wallet payments are turned off in this store (refunds.wallet is "reject"): ' +
            'refund the payer from the Piastrix dashboard, or set refunds.wallet to "transfer" or "manual"'
        )
    }
  }
  if (refunds.other === "manual") {
    return manualRefund(ctx, data, amount, refundId)
  }
  throw notAllowed(
    `Piastrix has no refund for ${ctx.kind} payments, so Medusa cannot move this money back: ` +
      "refund the payer outside Medusa (for example by a payout), or set the refunds.other option to " +
      '"manual" to record such refunds in Medusa'
  )
}
