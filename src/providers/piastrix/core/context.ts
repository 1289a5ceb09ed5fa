import type { Logger } from "@medusajs/framework/types"
import type { PiastrixClient, PollingGuard } from "../../../lib/piastrix"
import type {
  PiastrixOptions,
  RefundRow,
  RefundTransferContext,
  VerifiedVerdict,
} from "../../../lib/plugin"
import type { PaymentKind } from "../../../lib/plugin"

/** What the provider's steps share: one kind, its options, the client and the shop's polling guard. */
export interface ProviderContext {
  kind: PaymentKind
  /** The service's `static identifier`, for log lines. */
  identifier: string
  options: PiastrixOptions
  /** The options with the admin's operational settings (lib/plugin/settings.ts), read now: one query. */
  effectiveOptions: () => Promise<PiastrixOptions>
  client: PiastrixClient
  /** The process-wide guard of this shop: every payment status call goes through it. */
  guard: PollingGuard
  logger: Logger
  /** The verified notifications of an order, from the plugin's inbox. */
  verdicts: (shopOrderId: string) => Promise<VerifiedVerdict[]>
  /** Whether a new session may take over the paid payment `shopOrderId` of a deleted one. */
  mayCarry: (sessionId: string, shopOrderId: string) => Promise<boolean>
  /** The register of payments this store opened (lib/plugin/payment-register.ts). */
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
  /** The register of refund transfers (lib/plugin/refund-register.ts): what a send needs, and the sent ones. */
  refunds: RefundTransferContext["refunds"] & {
    sent: (shopOrderId: string) => Promise<RefundRow[]>
  }
}
