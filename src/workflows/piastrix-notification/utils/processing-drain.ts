/**
 * When a recorded notification's processing starts, in a process that also serves the callback route.
 *
 * A callback's route verifies, records and answers; its processing (a cart completion) costs several times
 * that on the same thread. Started as each row is recorded, a burst's processing takes the thread from the
 * burst itself. So in a process that serves the route, a row's processing waits until the route is quiet (no
 * callback in flight, none ended in the last `quietMs`), at most `maxDeferMs`, and only so many rows run at
 * once: `busyConcurrency` while callbacks keep coming, `idleConcurrency` once they stop. A burst is accepted
 * at the route's own rate and drained behind it; a steady stream, or a flood of refused callbacks, delays a
 * row by `maxDeferMs` at most.
 *
 * Nothing here decides an outcome: the row in Postgres is the truth and its claim keeps it to one instance
 * at a time. This only orders the work of one process; a row scheduled here and never started (the process
 * died) stays `received`, and the reconcile job processes it. A process that serves no callback (the worker,
 * in server/worker mode) starts each row at once, as the event bus delivers it.
 */

export type ProcessingDrainOptions = {
  /** The route counts as busy until this long after its last callback ended. */
  quietMs: number
  /** A row waits at most this long for the route to go quiet. */
  maxDeferMs: number
  /** Rows processing at once while the route is busy (only those that waited `maxDeferMs` start then). */
  busyConcurrency: number
  /** Rows processing at once while the route is quiet. */
  idleConcurrency: number
  /** Milliseconds, monotonic. */
  now?: () => number
}

/**
 * The in-process drain's bounds; docs/benchmarks.md ("Callbacks: where the time went") has how they were
 * chosen. Once quiet, every waiting row starts: a bound there (8) halved orders per second from callbacks,
 * a row's processing spending most of its time waiting, not computing. A row waits for the route up to 30 s:
 * with 1.5 s, a burst longer than that was processed one row at a time beside it and took a third of the
 * route's rate; a payer who comes back meanwhile has the storefront complete the cart itself.
 */
export const PROCESSING_DRAIN_DEFAULTS: ProcessingDrainOptions = {
  quietMs: 5,
  maxDeferMs: 30_000,
  busyConcurrency: 1,
  idleConcurrency: Infinity,
}

/** What the drain needs of a response: when it is done. */
export type RouteResponse = {
  once(event: "close", listener: () => void): unknown
  readonly destroyed: boolean
}

type Waiting = {
  at: number
  run: () => Promise<unknown>
  done: Promise<void>
  settle: (error?: unknown) => void
}

export class ProcessingDrain {
  private readonly options: Required<ProcessingDrainOptions>
  private routeServed = false
  private inFlight = 0
  private lastEnded = -Infinity
  private running = 0
  /** Rows not started yet, oldest first (a Map keeps insertion order); a resend joins its row's wait. */
  private readonly waiting = new Map<string, Waiting>()
  private timer: NodeJS.Timeout | null = null
  private timerDue = Infinity

  constructor(options: Partial<ProcessingDrainOptions> = {}) {
    this.options = {
      now: () => performance.now(),
      ...PROCESSING_DRAIN_DEFAULTS,
      ...options,
    }
  }

  /** The callback route calls this for every request, refused ones too: each takes the route's thread. */
  noteCallback(res: RouteResponse): void {
    this.routeServed = true
    if (res.destroyed) {
      // Its client left before the route ran (a load tool stopping): `close` came already, none will follow.
      this.lastEnded = this.options.now()
      return
    }
    this.inFlight++
    res.once("close", () => {
      this.inFlight--
      this.lastEnded = this.options.now()
      if (this.inFlight === 0 && this.waiting.size) {
        this.wakeIn(this.options.quietMs)
      }
    })
  }

  /** Runs `run` (row `id`'s processing) when this process's route lets it; resolves once it ran. */
  schedule(id: string, run: () => Promise<unknown>): Promise<void> {
    if (!this.routeServed) {
      return run().then(() => undefined)
    }
    const queued = this.waiting.get(id)
    if (queued) {
      return queued.done
    }
    let settle!: Waiting["settle"]
    const done = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error))
    })
    this.waiting.set(id, { at: this.options.now(), run, done, settle })
    this.pump()
    return done
  }

  /** Rows waiting and running, for tests. */
  get pending(): { waiting: number; running: number } {
    return { waiting: this.waiting.size, running: this.running }
  }

  private pump(): void {
    const { quietMs, maxDeferMs, busyConcurrency, idleConcurrency } =
      this.options
    for (const [id, head] of this.waiting) {
      const now = this.options.now()
      const quietAt = this.inFlight > 0 ? Infinity : this.lastEnded + quietMs
      const busy = now < quietAt
      if (this.running >= (busy ? busyConcurrency : idleConcurrency)) {
        // A row that ends wakes the drain.
        return
      }
      const overdueAt = head.at + maxDeferMs
      if (busy && now < overdueAt) {
        // The last callback's end wakes it sooner when one is in flight.
        this.wakeIn(Math.min(quietAt, overdueAt) - now)
        return
      }
      this.waiting.delete(id)
      this.start(head)
    }
  }

  private start(entry: Waiting): void {
    this.running++
    let outcome: unknown
    entry
      .run()
      .catch((error: unknown) => {
        outcome = error ?? new Error("processing failed")
      })
      .finally(() => {
        this.running--
        entry.settle(outcome)
        this.pump()
      })
  }

  private wakeIn(ms: number): void {
    const due = this.options.now() + Math.max(0, ms)
    if (this.timer && this.timerDue <= due) {
      return
    }
    if (this.timer) {
      clearTimeout(this.timer)
    }
    this.timerDue = due
    // Unref'd: a process may end with rows waiting; they are `received` in Postgres.
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.timerDue = Infinity
        this.pump()
      },
      Math.ceil(due - this.options.now())
    )
    this.timer.unref?.()
  }
}

/** The drain of this process: the callback route notes its requests here, the subscriber schedules rows. */
export const processingDrain = new ProcessingDrain()
