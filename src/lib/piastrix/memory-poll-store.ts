/**
 * Where the polling guard keeps, per polled thing ("slot"), when the service may next be asked and
 * the last answer. The in-memory store bounds one process only; with several Medusa instances each
 * would poll on its own schedule. A shared store (a Postgres table keyed by slot) makes the limit
 * hold for the whole installation: `claim` is then one conditional UPDATE ... RETURNING, and values
 * must be JSON. This file holds the store's contract and the in-memory store; the plugin's Postgres store
 * is `modules/piastrix/repositories/postgres-poll-store.ts`.
 */

export type PollErrorInfo = {
  /** When the failed call finished (ms since epoch). */
  at: number
  message: string
  /** The thrown value itself; a shared store keeps only the message. */
  error?: unknown
}

export type PollRecord = {
  /** The service must not be asked about this slot before this time (ms since epoch). */
  nextAllowedAt: number
  /** Set while a call is under way; lapses by itself if the caller died. */
  claimedUntil?: number
  /** When the last successful answer arrived; absent when there has been none. */
  valueAt?: number
  value?: unknown
  lastError?: PollErrorInfo
}

export type PollClaim =
  { claimed: true } | { claimed: false; record: PollRecord }

export type PollOutcome =
  | { ok: true; at: number; nextAllowedAt: number; value: unknown }
  | {
      ok: false
      at: number
      /** null when the failure did not reach the service: the window stays as it was. */
      nextAllowedAt: number | null
      error: PollErrorInfo
    }

export interface PollStore {
  /**
   * Atomically: when nobody holds `slot` and its window has passed at `now`, hold it until
   * `now + leaseMs` and answer `claimed: true`; otherwise answer the current record.
   */
  claim(slot: string, now: number, leaseMs: number): Promise<PollClaim>
  /** Records the outcome of a claimed call and releases the hold. */
  settle(slot: string, outcome: PollOutcome): Promise<void>
}

export interface MemoryPollStoreOptions {
  /** At most this many slots are remembered; default 10 000. */
  maxSlots?: number
}

/**
 * The default store. Memory is bounded: past `maxSlots`, slots whose window has passed go first
 * (oldest first), then, only if still over, the oldest idle slots even inside their window (such a
 * slot may then be polled early once; that takes more than `maxSlots` orders polled at once).
 * A slot with a call under way is never dropped.
 */
export class MemoryPollStore implements PollStore {
  private readonly records = new Map<string, PollRecord>()
  private readonly maxSlots: number

  constructor(options: MemoryPollStoreOptions = {}) {
    this.maxSlots = Math.max(1, options.maxSlots ?? 10_000)
  }

  get size(): number {
    return this.records.size
  }

  async claim(slot: string, now: number, leaseMs: number): Promise<PollClaim> {
    const record = this.records.get(slot)
    if (
      record &&
      ((record.claimedUntil ?? 0) > now || record.nextAllowedAt > now)
    ) {
      return { claimed: false, record: { ...record } }
    }
    const next: PollRecord = {
      ...(record ?? { nextAllowedAt: now }),
      claimedUntil: now + leaseMs,
    }
    this.touch(slot, next)
    this.prune(now)
    return { claimed: true }
  }

  async settle(slot: string, outcome: PollOutcome): Promise<void> {
    const record: PollRecord = {
      ...(this.records.get(slot) ?? { nextAllowedAt: outcome.at }),
    }
    delete record.claimedUntil
    if (outcome.ok) {
      record.nextAllowedAt = outcome.nextAllowedAt
      record.value = outcome.value
      record.valueAt = outcome.at
      delete record.lastError
    } else {
      if (outcome.nextAllowedAt !== null) {
        record.nextAllowedAt = outcome.nextAllowedAt
      }
      record.lastError = outcome.error
    }
    this.touch(slot, record)
    this.prune(outcome.at)
  }

  /** Re-inserting moves the slot to the end, so iteration order is least recently used first. */
  private touch(slot: string, record: PollRecord): void {
    this.records.delete(slot)
    this.records.set(slot, record)
  }

  private prune(now: number): void {
    if (this.records.size <= this.maxSlots) {
      return
    }
    const busy = (r: PollRecord) => (r.claimedUntil ?? 0) > now
    for (const pass of ["expired", "idle"] as const) {
      for (const [slot, record] of this.records) {
        if (this.records.size <= this.maxSlots) {
          return
        }
        if (!busy(record) && (pass === "idle" || record.nextAllowedAt <= now)) {
          this.records.delete(slot)
        }
      }
    }
  }
}
