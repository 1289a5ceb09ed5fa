import {
  type InvoiceCheckResult,
  type PiastrixClient,
  type PollingGuard,
  type PollResult,
} from "../../../../lib/piastrix"

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
