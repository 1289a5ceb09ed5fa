import {
  defaultCurrencyTable,
  isNotFound,
  type InvoiceCheckResult,
  type InvoicePsData,
  type PiastrixClient,
  type PollingGuard,
  type PollResult,
  type ReceiptStatusResult,
} from "../piastrix"
import {
  SHOWN_REQUISITES,
  type BankTransferView,
  type ReceiptView,
  type Requisites,
} from "../../types/admin-responses"

export type {
  BankTransferView,
  ReceiptView,
  Requisites,
} from "../../types/admin-responses"

/**
 * The service's record of a (non-wallet) payment, through the shop's polling guard: keyed by
 * `shop_order_id` (the session id) like the provider's checks, so a storefront polling requisites,
 * the provider authorizing and the reconcile job together ask at most once per 10 s.
 */
export function checkInvoice(
  { client, guard }: { client: PiastrixClient; guard: PollingGuard },
  shopOrderId: string
): Promise<PollResult<InvoiceCheckResult>> {
  return guard.run("/invoice/check", shopOrderId, () =>
    client.invoiceCheck({ shop_order_id: shopOrderId })
  )
}

const RECEIPT_PATH =
  /^(.*)\/api\/v1\/order\/([^/?#]+)\/receipt(?:\/status)?\/?$/

/** Where a payment's receipts go: the service names it in `ps_data` once requisites are assigned. */
export function receiptTarget(
  record: InvoiceCheckResult
): { receipt_base_url: string; order_id: string } | undefined {
  for (const url of [
    record.ps_data?.receipt_url,
    record.ps_data?.receipt_status_url,
  ]) {
    const match = url ? RECEIPT_PATH.exec(url) : null
    if (match) {
      try {
        return {
          receipt_base_url: match[1],
          order_id: decodeURIComponent(match[2]),
        }
      } catch {
        // A malformed escape: not an address we can use.
      }
    }
  }
  return undefined
}

/** The shown requisites, or null while the service has not named where to send the money. */
export function requisitesOf(
  psData: InvoicePsData | null | undefined
): Requisites | null {
  if (!psData || typeof psData !== "object") {
    return null
  }
  const shown: Requisites = {}
  for (const key of SHOWN_REQUISITES) {
    const value = psData[key]
    shown[key] =
      value === undefined || value === null || value === ""
        ? null
        : String(value)
  }
  // Assigned once the service names where to send the money.
  const assigned =
    shown.card || shown.phone || shown.qr_data || shown.url || shown.bank
  return assigned ? shown : null
}

/** The service's receipt list as the store and the admin show it. */
export function receiptViewsOf(receipts: ReceiptStatusResult): ReceiptView[] {
  return receipts.map((r) => ({
    id: r.id,
    status: r.status,
    comment: r.comment ?? null,
  }))
}

/**
 * The requisites and receipts of a bank transfer: one status read through the polling guard (inside the
 * window it gives the last answer instead of asking), then the receipt list once requisites name where
 * receipts go. A payment the service does not hold has neither. A service that cannot be asked throws.
 */
export async function bankTransferView(
  piastrix: { client: PiastrixClient; guard: PollingGuard },
  shopOrderId: string
): Promise<BankTransferView> {
  let status: PollResult<InvoiceCheckResult>
  try {
    status = await checkInvoice(piastrix, shopOrderId)
  } catch (error) {
    if (isNotFound(error)) {
      return { requisites: null, receipts: [], checked_at: null, reused: false }
    }
    throw error
  }
  const target = receiptTarget(status.value)
  // No requisites yet means no receipt could have been filed.
  const receipts = target ? await piastrix.client.receiptStatus(target) : []
  const requisites = requisitesOf(status.value.ps_data)
  if (requisites?.currency) {
    // The service names the payer's currency by its numeric code; staff read the alpha one.
    requisites.currency = defaultCurrencyTable.codeOf(requisites.currency)
  }
  return {
    requisites,
    receipts: receiptViewsOf(receipts),
    checked_at: new Date(status.fetchedAt).toISOString(),
    reused: status.reused,
  }
}
