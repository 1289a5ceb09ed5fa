import type { Logger } from "@medusajs/framework/types"
import type { PiastrixClient, PollingGuard } from "../../../lib/piastrix"
import type { PaymentKind, PiastrixOptions } from "../../../lib/plugin"
import type { ProviderStore } from "./store"

/** What the provider's steps share: one kind, its options, the client, the shop's polling guard and the store's data. */
export interface ProviderContext {
  kind: PaymentKind
  /** The service's `static identifier`, for log lines. */
  identifier: string
  options: PiastrixOptions
  /** The options with the admin's operational settings (modules/piastrix/repositories/settings.ts), read now: one query. */
  effectiveOptions: () => Promise<PiastrixOptions>
  client: PiastrixClient
  /** The process-wide guard of this shop: every payment status call goes through it. */
  guard: PollingGuard
  logger: Logger
  verdicts: ProviderStore["verdicts"]
  mayCarry: ProviderStore["mayCarry"]
  capturedBefore: ProviderStore["capturedBefore"]
  register: ProviderStore["register"]
  refunds: ProviderStore["refunds"]
}
