/**
 * Numeric statuses the sandbox reports. Only invoice 4 (paid) and payout 3/5 come from the reference;
 * bill codes follow the one production integration known (DESIGN.md 3.3). The other invoice codes
 * are the sandbox's own choice, kept in this one map.
 */
export const INVOICE_STATUS = {
  created: 1,
  processing: 2,
  rejected: 3,
  paid: 4,
  expired: 5,
} as const

export const BILL_STATUS = {
  waiting: 1,
  paid: 2,
  canceled: 3,
  expired: 4,
} as const

/** External payouts (DESIGN.md 3.3). 5, 6 and 8 are final. */
export const PAYOUT_STATUS = {
  new: 1,
  awaitingConfirmation: 2,
  processing: 3,
  providerError: 4,
  success: 5,
  rejected: 6,
  manuallyConfirmed: 7,
  manuallyCanceled: 8,
  networkError: 9,
} as const

export const FINAL_PAYOUT_STATUSES: readonly number[] = [5, 6, 8]

/** Lifecycle of a payment inside the sandbox, whatever its kind. */
export type PaymentPhase =
  "created" | "processing" | "paid" | "rejected" | "expired" | "canceled"

export function invoiceStatusOf(phase: PaymentPhase): number {
  switch (phase) {
    case "created":
      return INVOICE_STATUS.created
    case "processing":
      return INVOICE_STATUS.processing
    case "paid":
      return INVOICE_STATUS.paid
    case "expired":
      return INVOICE_STATUS.expired
    default:
      return INVOICE_STATUS.rejected
  }
}

export function billStatusOf(phase: PaymentPhase): number {
  switch (phase) {
    case "paid":
      return BILL_STATUS.paid
    case "expired":
      return BILL_STATUS.expired
    case "rejected":
    case "canceled":
      return BILL_STATUS.canceled
    default:
      return BILL_STATUS.waiting
  }
}
