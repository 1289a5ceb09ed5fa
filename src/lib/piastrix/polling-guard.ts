import { PiastrixError } from "./errors"
import {
  MemoryPollStore,
  type PollErrorInfo,
  type PollRecord,
  type PollStore,
} from "./memory-poll-store"

export {
  MemoryPollStore,
  type MemoryPollStoreOptions,
  type PollClaim,
  type PollErrorInfo,
  type PollOutcome,
  type PollRecord,
  type PollStore,
} from "./memory-poll-store"

/**
 * Keeps status calls within the reference's limits: a payment's status at most once per 10 s, a
 * payout's at most once a minute. A call inside the window gets the last answer instead.
 *
 * With the default in-memory store this bounds one process: several Medusa instances would each
 * poll at that rate. Give every instance the same shared `PollStore` to bound the installation.
 */

export type PollKind = "payment" | "payout" | "directions"

/**
 * The reference's "Limits" table, and one window of the plugin's own: the shop's payment directions
 * change rarely (the account manager enables them) and every session start reads them, so an answer
 * serves the installation for five minutes. A failed directions call is not kept: the next caller asks.
 */
export const POLL_INTERVALS_MS: Readonly<Record<PollKind, number>> = {
  payment: 10_000,
  payout: 60_000,
  directions: 5 * 60_000,
}

/**
 * The status endpoints and their limit (and the directions, kept by the same mechanism). The reference names no limit for
 * `/transfer/shop_payment_status`; it is a payout status, so it gets the payout limit.
 */
export const POLLED_ENDPOINTS = {
  "/invoice/check": "payment",
  "/bill/shop_order_status": "payment",
  "/withdraw/status": "payout",
  "/withdraw/shop_payment_status": "payout",
  "/transfer/shop_payment_status": "payout",
  "/shop_input_config/shop": "directions",
} as const satisfies Record<string, PollKind>

export type PolledEndpoint = keyof typeof POLLED_ENDPOINTS

export type PollResult<T> = {
  value: T
  /** false only for the call that asked the service itself and got this answer. */
  reused: boolean
  /** How old the answer is. */
  ageMs: number
  /** When the answer arrived (ms since epoch). */
  fetchedAt: number
  /** The earliest time the service may be asked again about this key. */
  nextAllowedAt: number
  /** Set when a later call failed: the answer is older than the caller might think. */
  lastError?: PollErrorInfo
}

/** Thrown when the service may not be asked yet and there is no earlier answer to give. */
/** A status read refused here, before any request, because the service's polling window has not passed. */
export class PollThrottledError extends PiastrixError {
  readonly retryAfterMs: number

  constructor(
    readonly endpoint: PolledEndpoint,
    readonly key: string,
    readonly nextAllowedAt: number,
    now: number,
    /** The failure of the previous call, when there was one. */
    readonly lastError?: PollErrorInfo
  ) {
    super(
      `${endpoint} for this key may be called again in ${Math.max(0, nextAllowedAt - now)} ms` +
        (lastError ? `; the last call failed: ${lastError.message}` : ""),
      endpoint
    )
    this.retryAfterMs = Math.max(0, nextAllowedAt - now)
  }
}

export interface PollingGuardOptions {
  store?: PollStore
  /** Clock in ms since epoch; injectable for tests. */
  now?: () => number
  /** Overrides of `POLL_INTERVALS_MS` (a sandbox may allow faster polling; the service does not). */
  intervalsMs?: Partial<Record<PollKind, number>>
  /** How long a claim holds if its caller dies mid-call (shared stores); default 2 minutes. */
  leaseMs?: number
  /**
   * How long a caller waits for the answer of another instance that is asking the service about the same
   * key when no earlier answer is kept (shared stores); default 15 s, a call's timeout. 0: not at all.
   */
  joinWaitMs?: number
  /**
   * Whether a failed call counts toward the limit. Default: yes, because a timeout or an error
   * answer was still a request the service received, and hammering it after errors is what the
   * limit forbids. Say no for failures that never left the process (connection refused).
   */
  failureCounts?: (error: unknown) => boolean
}

type Settled = {
  value: unknown
  fetched: boolean
  fetchedAt: number
  nextAllowedAt: number
  lastError?: PollErrorInfo
}

function errorInfo(error: unknown, at: number): PollErrorInfo {
  const message = error instanceof Error ? error.message : String(error)
  return { at, message, error }
}

/** Pauses between looks at another instance's call under way, the last one repeated. */
const JOIN_LOOK_MS = [25, 50, 100, 200]

/** The id of a key's window in a `PollStore`. */
export function pollSlot(endpoint: PolledEndpoint, key: string): string {
  return `${endpoint} ${key}`
}

export class PollingGuard {
  private readonly store: PollStore
  private readonly now: () => number
  private readonly intervals: Record<PollKind, number>
  private readonly leaseMs: number
  private readonly joinWaitMs: number
  private readonly failureCounts: (error: unknown) => boolean
  /** Calls under way in this process, so concurrent callers for one key share one request. */
  private readonly inflight = new Map<string, Promise<Settled>>()

  constructor(options: PollingGuardOptions = {}) {
    this.store = options.store ?? new MemoryPollStore()
    // Read at each call, not captured: the process-wide guards follow a clock a test moves.
    this.now = options.now ?? (() => Date.now())
    this.intervals = { ...POLL_INTERVALS_MS, ...options.intervalsMs }
    this.leaseMs = options.leaseMs ?? 120_000
    this.joinWaitMs = options.joinWaitMs ?? 15_000
    this.failureCounts = options.failureCounts ?? (() => true)
  }

  /**
   * Calls `fetcher` when the service may be asked about `key` on `endpoint`; otherwise returns the
   * last answer (`reused: true`). Concurrent calls for one key share one request. A failure is
   * thrown to the callers of that request and is never handed out as an answer; inside the window
   * that follows it, later callers get the previous answer with `lastError` set, or a
   * `PollThrottledError` when there is none. `fetcher` must time out on its own.
   */
  async run<T>(
    endpoint: PolledEndpoint,
    key: string,
    fetcher: () => Promise<T>
  ): Promise<PollResult<T>> {
    const slot = pollSlot(endpoint, key)
    let joined = true
    let pending = this.inflight.get(slot)
    if (!pending) {
      joined = false
      // Registered before the first await, so a second caller in the same tick joins this one.
      pending = this.attempt(endpoint, slot, key, fetcher).finally(() =>
        this.inflight.delete(slot)
      )
      this.inflight.set(slot, pending)
    }
    const settled = await pending
    const result: PollResult<T> = {
      value: settled.value as T,
      reused: joined || !settled.fetched,
      ageMs: Math.max(0, this.now() - settled.fetchedAt),
      fetchedAt: settled.fetchedAt,
      nextAllowedAt: settled.nextAllowedAt,
    }
    if (settled.lastError) {
      result.lastError = settled.lastError
    }
    return result
  }

  private async attempt(
    endpoint: PolledEndpoint,
    slot: string,
    key: string,
    fetcher: () => Promise<unknown>
  ): Promise<Settled> {
    let claim = await this.store.claim(slot, this.now(), this.leaseMs)
    // Another instance is asking the service about this key and no answer is kept yet: its answer is waited
    // for, as a caller in this process joins the request under way (else two instances asking at once about
    // a new key got one answer and one PollThrottledError). Its failure is thrown as before.
    const waitUntil = Date.now() + this.joinWaitMs
    for (
      let look = 0;
      !claim.claimed &&
      claim.record.valueAt === undefined &&
      (claim.record.claimedUntil ?? 0) > this.now() &&
      Date.now() < waitUntil;
      look++
    ) {
      await new Promise((resolve) =>
        setTimeout(
          resolve,
          JOIN_LOOK_MS[Math.min(look, JOIN_LOOK_MS.length - 1)]
        )
      )
      claim = await this.store.claim(slot, this.now(), this.leaseMs)
    }
    if (!claim.claimed) {
      return this.fromRecord(endpoint, key, claim.record)
    }
    const kind = POLLED_ENDPOINTS[endpoint]
    const interval = this.intervals[kind]
    let value: unknown
    try {
      value = await fetcher()
    } catch (error) {
      // Measured from when the call ended, so the service sees the full gap even if a reply was slow.
      const at = this.now()
      const counts = kind !== "directions" && this.failureCounts(error)
      const nextAllowedAt = counts ? at + interval : null
      await this.store.settle(slot, {
        ok: false,
        at,
        nextAllowedAt,
        error: errorInfo(error, at),
      })
      throw error
    }
    const at = this.now()
    await this.store.settle(slot, {
      ok: true,
      at,
      nextAllowedAt: at + interval,
      value,
    })
    return { value, fetched: true, fetchedAt: at, nextAllowedAt: at + interval }
  }

  private fromRecord(
    endpoint: PolledEndpoint,
    key: string,
    record: PollRecord
  ): Settled {
    const nextAllowedAt = Math.max(
      record.nextAllowedAt,
      record.claimedUntil ?? 0
    )
    if (record.valueAt === undefined) {
      throw new PollThrottledError(
        endpoint,
        key,
        nextAllowedAt,
        this.now(),
        record.lastError
      )
    }
    const settled: Settled = {
      value: record.value,
      fetched: false,
      fetchedAt: record.valueAt,
      nextAllowedAt,
    }
    if (record.lastError && record.lastError.at >= record.valueAt) {
      settled.lastError = record.lastError
    }
    return settled
  }
}
