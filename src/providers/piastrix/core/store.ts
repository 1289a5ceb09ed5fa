import type { PollStore } from "../../../lib/piastrix"
import { type PaymentKind, type SqlConnection } from "../../../lib/plugin"
import {
  markPaymentCreated,
  notePayerAccount,
  payerAccountOf,
  registerPayment,
} from "../../../modules/piastrix/repositories/payment-register"
import { mayCarryPayment } from "../../../modules/piastrix/repositories/carried-payment"
import {
  capturedBeforeSession,
  refundOfPaymentWithoutOrder,
} from "../../../lib/plugin/medusa-tables"
import {
  openRefund,
  orphanRefunds,
  sentRefunds,
  settleRefund,
  type RefundRow,
} from "../../../modules/piastrix/repositories/refund-register"
import { PostgresPollStore } from "../../../modules/piastrix/repositories/postgres-poll-store"
import {
  recordNotification,
  verdictsOf,
  type RecordedNotification,
  type VerifiedVerdict,
} from "../../../modules/piastrix/repositories/inbox"
import {
  storedSettings,
  type StoredSettings,
} from "../../../modules/piastrix/repositories/settings"
import { type RefundTransferContext } from "../../../modules/piastrix/utils/refund-transfer"

/** A verified notification as `recordNotification` takes it. */
type Notification = Parameters<typeof recordNotification>[1]

/**
 * Everything the provider reads and writes in the store's database, as one port. In Medusa it is
 * `sqlProviderStore`: the plugin's SQL (lib/plugin/*.ts) over Medusa's connection, which integration
 * suites run against Postgres. Unit tests of the provider hand it an in-memory one
 * (providers/piastrix/__tests__/test-utils.ts), so no statement needs to be recognisable to a test.
 */
export interface ProviderStore {
  /** The admin's stored operational settings (modules/piastrix/repositories/settings.ts). */
  settings: () => Promise<StoredSettings>
  /** The verified notifications of an order, from the plugin's inbox. */
  verdicts: (shopOrderId: string) => Promise<VerifiedVerdict[]>
  /** Records a verified notification in the inbox (once per dedupe key). */
  record: (n: Notification) => Promise<RecordedNotification>
  /** Whether a new session may take over the paid payment `shopOrderId` of a deleted one. */
  mayCarry: (sessionId: string, shopOrderId: string) => Promise<boolean>
  /** Whether Medusa captured the payment `shopOrderId`, which `sessionId` carries, on another session's payment. */
  capturedBefore: (sessionId: string, shopOrderId: string) => Promise<boolean>
  /** The register of payments this store opened (modules/piastrix/repositories/payment-register.ts). */
  register: {
    opened: (p: {
      shop_order_id: string
      kind: PaymentKind
      amount: string
      currency: number
    }) => Promise<void>
    created: (shopOrderId: string, paymentId: string) => Promise<void>
    /** Keeps the payer's wallet in full in the register; session data holds it masked. */
    notePayer: (shopOrderId: string, account: string) => Promise<void>
    /** The payer's wallet in full, from the plugin's tables (payerAccountOf), or null. */
    payer: (shopOrderId: string) => Promise<string | null>
  }
  /** The register of refund transfers (modules/piastrix/repositories/refund-register.ts): what a send needs, and the sent ones. */
  refunds: RefundTransferContext["refunds"] & {
    sent: (shopOrderId: string) => Promise<RefundRow[]>
    /** Whether Medusa's refund `refundId` is of a payment no order holds (a failed completion's compensation). */
    withoutOrder: (refundId: string) => Promise<boolean>
  }
  /** Where the shop's polling guard keeps its slots, shared by every instance on the database. */
  polls: () => PollStore
}

/**
 * The port over the store's database. `db` is asked on each call: the provider is built before
 * Medusa's connection is needed, and resolves it from the payment module's container.
 */
export function sqlProviderStore(db: () => SqlConnection): ProviderStore {
  return {
    settings: () => storedSettings(db()),
    verdicts: (shopOrderId) => verdictsOf(db(), shopOrderId),
    record: (n) => recordNotification(db(), n),
    mayCarry: (sessionId, shopOrderId) =>
      mayCarryPayment(db(), sessionId, shopOrderId),
    capturedBefore: (sessionId, shopOrderId) =>
      capturedBeforeSession(db(), sessionId, shopOrderId),
    register: {
      opened: (p) => registerPayment(db(), p),
      created: (shopOrderId, paymentId) =>
        markPaymentCreated(db(), shopOrderId, paymentId),
      notePayer: (shopOrderId, account) =>
        notePayerAccount(db(), shopOrderId, account),
      payer: (shopOrderId) => payerAccountOf(db(), shopOrderId),
    },
    refunds: {
      open: (r, beforeNew) => openRefund(db(), r, beforeNew),
      orphans: (shopOrderId) => orphanRefunds(db(), shopOrderId),
      sent: (shopOrderId) => sentRefunds(db(), shopOrderId),
      withoutOrder: (refundId) => refundOfPaymentWithoutOrder(db(), refundId),
      settle: (id, s) => settleRefund(db(), id, s),
    },
    polls: () => new PostgresPollStore(db()),
  }
}
