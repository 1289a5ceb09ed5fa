import type { CallbackSender } from "./callbacks"
import type { SandboxClock } from "./clock"
import type { Faults } from "./faults"
import type { ShopConfig } from "./shop-config"
import type { Store } from "./store"

/** What every part of the sandbox works with: one shop, its state, time, faults and callbacks. */
export interface SandboxContext {
  readonly config: ShopConfig
  readonly store: Store
  readonly clock: SandboxClock
  readonly faults: Faults
  readonly callbacks: CallbackSender
  /** Address written into the URLs the sandbox hands out (payer pages, payform, receipts). */
  baseUrl(): string
  /** Schedules a job under a name; a job of the same name is replaced. */
  schedule(name: string, delayMs: number, run: () => void): void
  unschedule(name: string): void
  /** Marks the state changed so a `--state` file is rewritten. */
  changed(): void
}
