import { MedusaError } from "@medusajs/framework/utils"
import {
  AccountCipherError,
  openAccountFields,
  requireAccountCipher,
  type AccountFields,
} from "../../../lib/payouts"
import {
  withdrawAccountProblem,
  type Recipient,
} from "../../../modules/piastrix/repositories/recipients"
import { type Payout } from "../../../modules/piastrix/repositories/payouts"
import { describeError } from "../../../lib/plugin"
import type PiastrixModuleService from "../../../modules/piastrix/service"

/**
 * What the admin's payout routes and workflows refuse before anything changes: 404s naming the id, no account
 * key, a withdraw account its payway refuses.
 */

/**
 * Refuses (400 naming PIASTRIX_ACCOUNT_KEY) what needs a payout account in plaintext or stores one, when
 * the store has no account key; payments never need it.
 */
export function requireAccountKey(piastrix: PiastrixModuleService): void {
  try {
    requireAccountCipher(piastrix.accountCipher())
  } catch (error) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      (error as Error).message
    )
  }
}

export async function recipientOr404(
  piastrix: PiastrixModuleService,
  id: string
): Promise<Recipient> {
  const recipient = await piastrix.findRecipient(id)
  if (!recipient) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Piastrix recipient with id: ${id} was not found`
    )
  }
  return recipient
}

export async function payoutOr404(
  piastrix: PiastrixModuleService,
  id: string
): Promise<Payout> {
  const payout = await piastrix.findPayout(id)
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

/** A recipient's stored account opened, to check its format against a changed payway (400 when it cannot be). */
export function openRecipientAccount(
  piastrix: PiastrixModuleService,
  recipient: Recipient
): AccountFields {
  requireAccountKey(piastrix)
  try {
    return openAccountFields(piastrix.accountCipher(), recipient.id, recipient)
  } catch (error) {
    if (error instanceof AccountCipherError) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `account: ${error.message}; set the account again`
      )
    }
    throw error
  }
}

/** Refuses (400, naming the field) a withdraw account the payway's regex from the shop's output config refuses. */
export async function checkWithdrawAccountFormat(
  piastrix: PiastrixModuleService,
  r: {
    rail: string
    payway?: string | null
    account: string
    account_details?: Record<string, unknown> | null
  }
): Promise<void> {
  if (r.rail !== "withdraw" || !r.payway) {
    return
  }
  let directions
  try {
    directions = await piastrix.getClient().shopOutputConfig()
  } catch (error) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The shop's payout directions could not be read to check the account: ${describeError(error)}`
    )
  }
  const problem = withdrawAccountProblem(directions, { ...r, payway: r.payway })
  if (problem) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${problem.field}: ${problem.problem}`
    )
  }
}
