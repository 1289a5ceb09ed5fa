import { scheduleHoldRelease } from "./balances"
import { CallbackSender } from "./callbacks"
import { SandboxClock } from "./clock"
import type { SandboxContext } from "./context"
import { Faults } from "./faults"
import { scheduleExpiry, scheduleRequisites } from "./payments"
import { scheduleSettlement } from "./payouts"
import { StateFile } from "./persistence"
import type { Fidelity, ShopConfig } from "./shop-config"
import { emptyState, type StateData } from "./state"
import { Store } from "./store"

/** One emulated shop: configuration, state, time, faults and outgoing notifications. */
export class Sandbox implements SandboxContext {
  readonly clock = new SandboxClock()
  readonly faults = new Faults()
  readonly callbacks = new CallbackSender()
  readonly store: Store
  private readonly jobs = new Map<string, number>()
  private readonly stateFile: StateFile | null
  private address = "http://127.0.0.1"
  private readonly configuredFidelity: Fidelity

  constructor(
    readonly config: ShopConfig,
    statePath?: string
  ) {
    this.configuredFidelity = { ...config.fidelity }
    this.callbacks.attach(this)
    this.stateFile = statePath
      ? new StateFile(statePath, () => this.store.data)
      : null
    const saved = this.stateFile?.load()
    // A state file written before a field existed starts that field empty.
    this.store = new Store(
      saved ? { ...this.initialState(), ...saved } : this.initialState()
    )
    if (saved) {
      this.resumeTimers()
    }
  }

  private initialState(): StateData {
    return emptyState(this.config.balances)
  }

  /** Set by the server once it listens (or from `publicUrl`). */
  setBaseUrl(url: string): void {
    this.address = url.replace(/\/+$/, "")
  }

  baseUrl(): string {
    return this.address
  }

  schedule(name: string, delayMs: number, run: () => void): void {
    this.unschedule(name)
    const id = this.clock.schedule(delayMs, () => {
      this.jobs.delete(name)
      run()
    })
    this.jobs.set(name, id)
  }

  unschedule(name: string): void {
    const id = this.jobs.get(name)
    if (id !== undefined) {
      this.clock.cancel(id)
      this.jobs.delete(name)
    }
  }

  changed(): void {
    this.stateFile?.scheduleSave()
  }

  /** Back to the configured shop: no payments, payouts, logs, faults or pending jobs. */
  reset(): void {
    this.clock.clear()
    this.jobs.clear()
    this.faults.reset()
    this.config.fidelity = { ...this.configuredFidelity }
    this.store.replace(this.initialState())
    this.changed()
  }

  /** After loading a state file: re-arm what was waiting (expiries, requisites, settlements, resends). */
  private resumeTimers(): void {
    const now = this.clock.now()
    for (const payment of this.store.data.payments) {
      scheduleExpiry(this, payment)
      scheduleRequisites(this, payment)
    }
    for (const payout of this.store.data.payouts) {
      scheduleSettlement(this, payout)
    }
    for (const hold of this.store.data.holds) {
      scheduleHoldRelease(this, hold.id, Math.max(0, hold.releaseAt - now))
    }
    this.callbacks.resume()
  }

  async close(): Promise<void> {
    this.clock.close()
    this.jobs.clear()
    this.callbacks.stop()
    await this.callbacks.idle()
    this.stateFile?.saveNow()
  }
}
