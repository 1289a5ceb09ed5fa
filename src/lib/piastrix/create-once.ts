import type { PiastrixClient } from "./client"
import { isNotFound, isNotUnique, PiastrixOutcomeUnknownError } from "./errors"
import type { TransferStatusResult, WithdrawRecord } from "./schemas"

/**
 * Making a payout at most once (docs/service-facts.md#errors). A create whose reply was lost (timeout,
 * reset, 5xx, or a crash before its answer was recorded) is resolved only through the status endpoint
 * with the same `shop_payment_id`: found means it was made; not found means it never took effect, so
 * one more create with the same id cannot pay twice; "not unique" (6) on a create means it exists.
 * The id is never minted again. Used by refunds (wallet transfers back) and by vendor payouts.
 */

/** Where a create stands once its lost reply was looked into. Refusals are thrown as `PiastrixApiError`. */
export type CreateOutcome<T> =
  { state: "made"; record: T } | { state: "unknown"; error: unknown }

/** A create that may have taken effect: its reply was lost, or the service says the id is taken. */
export function isUnclearCreate(error: unknown): boolean {
  return error instanceof PiastrixOutcomeUnknownError || isNotUnique(error)
}

/** The answer of a status read, or null when the service says it never made the payout. */
async function unlessNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read
  } catch (error) {
    if (isNotFound(error)) {
      return null
    }
    throw error
  }
}

/** The wallet transfer with this `shop_payment_id`, or null when the service says it was never made. */
export function findTransfer(
  client: PiastrixClient,
  shopPaymentId: string
): Promise<TransferStatusResult | null> {
  return unlessNotFound(
    client.transferShopPaymentStatus({ shop_payment_id: shopPaymentId })
  )
}

/** The withdraw with this `shop_payment_id`, or null when the service says it was never made. */
export function findWithdraw(
  client: PiastrixClient,
  shopPaymentId: string
): Promise<WithdrawRecord | null> {
  return unlessNotFound(
    client.withdrawShopPaymentStatus({ shop_payment_id: shopPaymentId })
  )
}

export type CreateSteps<T> = {
  /** Sends the create, always with the same `shop_payment_id`. */
  create: () => Promise<T>
  /** Asks the status endpoint by that id; null when the service never made it. */
  find: () => Promise<T | null>
}

/**
 * Settles a create whose outcome is unknown: the status first; only when the service says it never
 * made it, one more create with the same id. A second unclear answer stays unknown (ask again later).
 */
export async function resolveLostCreate<T>(
  steps: CreateSteps<T>
): Promise<CreateOutcome<T>> {
  let found: T | null
  try {
    found = await steps.find()
  } catch (error) {
    return { state: "unknown", error }
  }
  if (found) {
    return { state: "made", record: found }
  }
  try {
    return { state: "made", record: await steps.create() }
  } catch (error) {
    if (isUnclearCreate(error)) {
      return { state: "unknown", error }
    }
    throw error
  }
}

/**
 * Creates once. When the reply is unclear, the status is asked (if `mayAsk` allows it now: the
 * service limits status polls) and the create resolved as `resolveLostCreate` does.
 */
export async function createOnce<T>(
  steps: CreateSteps<T> & { mayAsk?: () => Promise<boolean> }
): Promise<CreateOutcome<T>> {
  try {
    return { state: "made", record: await steps.create() }
  } catch (error) {
    if (!isUnclearCreate(error)) {
      throw error
    }
    if (steps.mayAsk && !(await steps.mayAsk())) {
      return { state: "unknown", error }
    }
  }
  return resolveLostCreate(steps)
}
