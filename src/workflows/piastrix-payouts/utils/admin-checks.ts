import { MedusaError } from "@medusajs/framework/utils"
import {
  findPayout,
  findRecipient,
  requireAccountCipher,
  type Payout,
  type PayoutContext,
  type Recipient,
} from "../../../lib/payouts"

/** What the admin's payout routes and workflows refuse before anything changes: 404s naming the id, no account key. */

/**
 * Refuses (400 naming PIASTRIX_ACCOUNT_KEY) what needs a payout account in plaintext or stores one, when
 * the store has no account key; payments never need it.
 */
export function requireAccountKey(ctx: PayoutContext): void {
  try {
    requireAccountCipher(ctx.cipher)
  } catch (error) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      (error as Error).message
    )
  }
}

export async function recipientOr404(
  ctx: PayoutContext,
  id: string
): Promise<Recipient> {
  const recipient = await findRecipient(ctx.db, id)
  if (!recipient) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Piastrix recipient with id: ${id} was not found`
    )
  }
  return recipient
}

export async function payoutOr404(
  ctx: PayoutContext,
  id: string
): Promise<Payout> {
  const payout = await findPayout(ctx.db, id)
  if (!payout) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Piastrix payout with id: ${id} was not found`
    )
  }
  return payout
}

/**
 * A payout's change as the admin asked it, or 400 naming the states it applies to when the payout was
 * in another one (`payout` as it was read before the change).
 */
export function changedOrRefused<T>(
  payout: { status: string },
  changed: T | null,
  appliesTo: string
): T {
  if (!changed) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `id: the payout is ${payout.status}; only ${appliesTo}`
    )
  }
  return changed
}
