import type { PaymentPhase } from "./statuses"

/** Records of the sandbox. Plain JSON so a `--state` file can hold them; amounts are decimal strings. */

export type PaymentUrls = {
  callback: string | null
  callbackRejected: string | null
  success: string | null
  failed: string | null
}

export type Payment = {
  id: number
  type: "invoice" | "bill"
  kind: "wallet" | "redirect" | "card_h2h" | "bank_h2h"
  /** Opaque token of the payer page `/pay/{token}`. */
  token: string
  shopOrderId: string
  payway: string
  phase: PaymentPhase
  /** Requested amount in the shop currency. */
  amount: string
  currency: number
  psCurrency: number
  /** Amount the payer pays in the payment system currency, commission included. */
  payerPrice: string
  payerFee: string
  /** What reaches the shop balance once paid (shop commission taken). */
  shopRefund: string
  /** Amount actually received, in the shop currency; differs from `amount` after a wrong transfer. */
  paidAmount: string | null
  /**
   * The currency the service reports the payment in, when a test makes it report another than `currency`
   * (control API `pay` with `currency`); absent: `currency`.
   */
  reportedCurrency?: number
  clientPrice: string | null
  description: string | null
  email: string | null
  payerAccount: string | null
  urls: PaymentUrls
  created: number
  processed: number | null
  updated: number | null
  /** Bills: when an unpaid bill expires (epoch ms of sandbox time). */
  expiresAt: number | null
  lifetime: number | null
  /** Card host-to-host: the session handed to `/h2h_data` and the tokens of the card form. */
  sessionId: string | null
  formToken: string | null
  cardMask: string | null
  cardDeclined: boolean
  /** Bank transfer host-to-host: requisites once assigned, the receipt order id. */
  psData: Record<string, unknown> | null
  receiptOrderId: string | null
  rejectedReason: string | null
}

export type Payout = {
  id: number
  type: "withdraw" | "transfer"
  shopPaymentId: string
  payway: string | null
  account: string
  accountDetails: Record<string, unknown> | null
  email: string | null
  description: string | null
  amountType: string
  shopCurrency: number
  psCurrency: number
  payeeReceive: string
  writeOff: string
  status: number
  rejectedReason: string | null
  created: number
  /** A test's decision, applied at settlement instead of the configured outcome. */
  decision: { status: number; rejectedReason: string | null } | null
  /** When a processing payout settles (sandbox time). */
  settleAt: number | null
  /**
   * What status reads say the shop was debited, when a test makes the service report another amount than
   * it debited (`/__sandbox/payouts/:ref/report`); the money that moved is `writeOff`.
   */
  reportedWriteOff?: string | null
  /**
   * The service lost the payout (`/__sandbox/payouts/:ref/forget`): status reads say it is not found and its
   * `shop_payment_id` is free again; the record and the money it moved stay in the state.
   */
  forgotten?: boolean
}

export type Receipt = {
  id: string
  orderId: string
  status: "pending" | "succeeded" | "rejected"
  comment: string | null
  contentType: string
  size: number
  created: number
}

export type Balance = { available: string; hold: string; frozen: string }

/** Incoming money waiting in `hold` until `releaseAt`. */
export type Hold = {
  id: number
  currency: number
  amount: string
  releaseAt: number
}

export type Notification = {
  id: number
  paymentId: number
  shopOrderId: string
  event: "success" | "rejected"
  url: string
  fields: Record<string, string>
  attempts: number
  delivered: boolean
  gaveUp: boolean
  /** Held back by the out-of-order fault until the control API releases it. */
  held: boolean
  nextAttemptAt: number | null
}

export type CallbackAttempt = {
  notificationId: number
  attempt: number
  url: string
  event: "success" | "rejected"
  shopOrderId: string
  at: string
  status: number | null
  body: string | null
  error: string | null
  ok: boolean
}

export type PollViolation = {
  key: string
  endpoint: string
  at: string
  sincePreviousMs: number
  limitMs: number
  /** Strict polling refused it; otherwise it was answered (by the endpoint or a fault). */
  refused: boolean
}

export type AccountCheckRule = {
  providerStatus: 1 | 2 | 3
  result: boolean
  accountInfo: Record<string, unknown>
}

/** Faults that can hit a request (`faults.ts`). */
export type RequestFaultType =
  "latency" | "http_error" | "reset" | "drop_reply" | "hold_reply"

/** How requests to one endpoint (or naming one id) were answered. */
export type RequestCount = {
  /** Every request that reached the sandbox, whatever answered it. */
  total: number
  /** Handled by the endpoint: a create among them may have taken effect. */
  handled: number
  /** Handled, but the reply never reached the caller (`drop_reply`, or the caller gone during `hold_reply`). */
  unanswered: number
  /** Too-early status polls refused by strict polling. */
  refused: number
  /** Requests each fault hit (one request may be hit by several: latency, then a reset). */
  faults: Partial<Record<RequestFaultType, number>>
}

/** Requests of one endpoint path, in all and per id the body named. */
export type EndpointRequests = RequestCount & {
  shop_order_id: Record<string, RequestCount>
  shop_payment_id: Record<string, RequestCount>
}

/** Money that moved on one shop balance (one currency), as amounts with the currency's digits. */
export type MoneyTotal = { count: number; amount: string }
export type MoneyTotals = {
  /** Paid payments: what reached the balance (`shop_refund`), in `hold` or `available`. */
  payments: MoneyTotal
  /** Wallet transfers (vendor payouts and refunds alike): their write-off. */
  transfers: MoneyTotal
  /** External payouts: their write-off, frozen at creation. */
  withdraws: MoneyTotal
  /** Withdraws rejected or canceled: their write-off back to `available`. */
  withdrawsReturned: MoneyTotal
}

export type StateData = {
  nextPaymentId: number
  nextPayoutId: number
  nextNotificationId: number
  payments: Payment[]
  payouts: Payout[]
  receipts: Receipt[]
  balances: Record<string, Balance>
  holds: Hold[]
  notifications: Notification[]
  callbackLog: CallbackAttempt[]
  pollCounts: Record<string, number>
  pollLast: Record<string, number>
  pollViolations: PollViolation[]
  accountChecks: Record<string, AccountCheckRule>
  /** Every request to a service endpoint, by path (`request-counts.ts`). */
  requests: Record<string, EndpointRequests>
  /** Money moved per shop balance currency (`money-totals.ts`). */
  money: Record<string, MoneyTotals>
}

export function emptyState(balances: Record<string, Balance>): StateData {
  return {
    nextPaymentId: 100000001,
    nextPayoutId: 500000001,
    nextNotificationId: 1,
    payments: [],
    payouts: [],
    receipts: [],
    balances: structuredClone(balances),
    holds: [],
    notifications: [],
    callbackLog: [],
    pollCounts: {},
    pollLast: {},
    pollViolations: [],
    accountChecks: {},
    requests: {},
    money: {},
  }
}
