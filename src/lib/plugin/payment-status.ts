import BigNumber from "bignumber.js"
import {
  isNotFound,
  type BillStatusResult,
  type InvoiceCheckResult,
  type PiastrixClient,
  type PollingGuard,
  type TransferStatusResult,
} from "../piastrix"
import type { PaymentKind } from "./identity"
import { statusEndpointOf } from "./identity"

/**
 * Reading a status from the service, the one way: through the shop's polling guard, one request per
 * logical read (status reads are never retried by the client: every request counts toward the limit),
 * and the service's "not found" told apart from "could not ask".
 */

export type PaymentStatusRecord = InvoiceCheckResult | BillStatusResult

export type StatusRead<T> =
  /** The service's record; `reused` when the guard gave the last answer instead of asking. */
  | { outcome: "found"; record: T; fetchedAt: number; reused: boolean }
  /** The service answered that it holds nothing under this id (error 7). */
  | { outcome: "absent" }
  /** Not asked (inside the limit's window, with no earlier answer) or no answer: a fault, a timeout. */
  | { outcome: "unavailable"; error: unknown }

type Reader = { client: PiastrixClient; guard: PollingGuard }

async function guardedRead<T>(
  { guard }: Reader,
  endpoint: Parameters<PollingGuard["run"]>[0],
  key: string,
  fetch: () => Promise<T>
): Promise<StatusRead<T>> {
  try {
    const answer = await guard.run(endpoint, key, fetch)
    return {
      outcome: "found",
      record: answer.value,
      fetchedAt: answer.fetchedAt,
      reused: answer.reused,
    }
  } catch (error) {
    if (isNotFound(error)) {
      return { outcome: "absent" }
    }
    return { outcome: "unavailable", error }
  }
}

/** The payment `shopOrderId` of this kind at the service (`/bill/shop_order_status` or `/invoice/check`). */
export function readPaymentStatus(
  reader: Reader,
  kind: PaymentKind,
  shopOrderId: string
): Promise<StatusRead<PaymentStatusRecord>> {
  const { client } = reader
  return guardedRead<PaymentStatusRecord>(
    reader,
    statusEndpointOf(kind),
    shopOrderId,
    () =>
      kind === "wallet"
        ? client.billStatus({ shop_order_id: shopOrderId })
        : client.invoiceCheck({ shop_order_id: shopOrderId })
  )
}

/** The wallet transfer `shopPaymentId` at the service; absent means never made (it may be created again). */
export function readTransferStatus(
  reader: Reader,
  shopPaymentId: string
): Promise<StatusRead<TransferStatusResult>> {
  return guardedRead(
    reader,
    "/transfer/shop_payment_status",
    shopPaymentId,
    () =>
      reader.client.transferShopPaymentStatus({
        shop_payment_id: shopPaymentId,
      })
  )
}

/**
 * Whether money the service reports paid is exactly what was asked: the same amount (compared as
 * decimals: "100", "100.0" and "100.00" agree) in the same currency. Anything else is never captured.
 */
export function paidAsAsked(
  received: { amount: BigNumber.Value; currency: number | string },
  asked: { amount: BigNumber.Value; currency: number }
): boolean {
  return (
    new BigNumber(received.amount).isEqualTo(asked.amount) &&
    Number(received.currency) === asked.currency
  )
}
