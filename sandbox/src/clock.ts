/**
 * Time of the sandbox. Real time plus an offset tests can move forward, and a scheduler whose jobs
 * fire either when real time reaches them or at once when the offset is advanced past them, so a
 * test can "wait" 30 days of bill lifetime or a minute of payout processing without sleeping.
 */

type Job = { id: number; due: number; run: () => void }

// setTimeout overflows past 2^31-1 ms; far jobs are re-armed when the nearer wake-up fires.
const MAX_TIMER_MS = 2 ** 31 - 1

export class SandboxClock {
  private offsetMs = 0
  private jobs: Job[] = []
  private nextId = 1
  private timer: NodeJS.Timeout | null = null
  private closed = false

  now(): number {
    return Date.now() + this.offsetMs
  }

  /** Runs `run` after `delayMs` of sandbox time; returns an id for `cancel`. */
  schedule(delayMs: number, run: () => void): number {
    const job = {
      id: this.nextId++,
      due: this.now() + Math.max(0, delayMs),
      run,
    }
    this.jobs.push(job)
    this.arm()
    return job.id
  }

  cancel(id: number): void {
    this.jobs = this.jobs.filter((job) => job.id !== id)
    this.arm()
  }

  pending(): number {
    return this.jobs.length
  }

  /**
   * Moves sandbox time forward, stepping through due jobs in order so that a job scheduled by
   * another one (a resend after a resend) runs too when the advance covers it.
   */
  advance(ms: number): void {
    const target = this.now() + Math.max(0, ms)
    for (;;) {
      const next = this.jobs
        .filter((job) => job.due <= target)
        .sort((a, b) => a.due - b.due || a.id - b.id)[0]
      if (!next) {
        break
      }
      this.offsetMs += Math.max(0, next.due - this.now())
      this.runDue()
    }
    this.offsetMs += Math.max(0, target - this.now())
    this.runDue()
  }

  /** Cancels every job (used by reset and close). */
  clear(): void {
    this.jobs = []
    this.arm()
  }

  close(): void {
    this.closed = true
    this.clear()
  }

  private runDue(): void {
    for (;;) {
      const now = this.now()
      const due = this.jobs
        .filter((job) => job.due <= now)
        .sort((a, b) => a.due - b.due || a.id - b.id)
      if (!due.length) {
        break
      }
      // A job may schedule new jobs; those that are already due run in the next pass.
      const first = due[0]
      this.jobs = this.jobs.filter((job) => job !== first)
      try {
        first.run()
      } catch (error) {
        // One broken job must not stop the others (a callback, a settlement) from running.
        console.error(
          `piastrix-sandbox: background job failed: ${(error as Error).message}`
        )
      }
    }
    this.arm()
  }

  private arm(): void {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (this.closed || !this.jobs.length) {
      return
    }
    const nextDue = Math.min(...this.jobs.map((job) => job.due))
    const wait = Math.min(Math.max(0, nextDue - this.now()), MAX_TIMER_MS)
    this.timer = setTimeout(() => {
      this.timer = null
      this.runDue()
    }, wait)
    // Background work must never keep a test runner or CLI alive on its own.
    this.timer.unref()
  }
}

/** The date layout of `/bill/create`'s `created`; other records use the client's `formatNow`. */
export function formatRfc5322(ms: number): string {
  return new Date(ms).toUTCString()
}
