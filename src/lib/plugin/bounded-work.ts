/**
 * Work run at most `concurrency` at a time, in the order it was offered, with at most `capacity` waiting.
 * Work offered while that many wait is not taken: `run` answers false at once. Only for work that
 * something else picks up later when it is not taken (an inbox row the reconcile job processes).
 */
export type BoundedWork = {
  /** Runs `work` when a place is free; true once it ran (its error, if any, thrown), false if not taken. */
  run(work: () => Promise<unknown>): Promise<boolean>
  /** Work running now and work waiting for a place. */
  readonly running: number
  readonly waiting: number
}

export function boundedWork(s: {
  concurrency: number
  capacity: number
}): BoundedWork {
  let running = 0
  const waiting: Array<() => void> = []
  return {
    async run(work) {
      if (running < s.concurrency) {
        running += 1
      } else if (waiting.length < s.capacity) {
        // The place is handed over by the work that ends (`running` stays as it is).
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else {
        return false
      }
      try {
        await work()
      } finally {
        const next = waiting.shift()
        if (next) {
          next()
        } else {
          running -= 1
        }
      }
      return true
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}
