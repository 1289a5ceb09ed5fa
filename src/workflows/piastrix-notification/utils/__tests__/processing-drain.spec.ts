import { EventEmitter } from "node:events"
import { ProcessingDrain } from "../processing-drain"

const OPTIONS = {
  quietMs: 5,
  maxDeferMs: 1000,
  busyConcurrency: 1,
  idleConcurrency: 3,
  now: () => Date.now(),
}

/** A callback request in flight: `end()` answers it. */
function callback(drain: ProcessingDrain) {
  const res = Object.assign(new EventEmitter(), { destroyed: false })
  drain.noteCallback(res)
  return {
    end: () => {
      res.destroyed = true
      res.emit("close")
    },
  }
}

/** Rows whose processing runs until the test ends it. */
function rows(drain: ProcessingDrain) {
  const started: string[] = []
  const finish = new Map<string, () => void>()
  const schedule = (id: string) =>
    drain.schedule(id, () => {
      started.push(id)
      return new Promise<void>((resolve) => finish.set(id, resolve))
    })
  const end = async (id: string) => {
    finish.get(id)!()
    await jest.advanceTimersByTimeAsync(0)
  }
  return { started, schedule, end }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe("ProcessingDrain", () => {
  it("starts every row at once in a process that serves no callback (the worker)", async () => {
    const drain = new ProcessingDrain(OPTIONS)
    const { started, schedule } = rows(drain)
    for (let i = 0; i < 10; i++) {
      void schedule(`row_${i}`)
    }
    expect(started).toHaveLength(10)
  })

  it("starts a row only once the route is quiet: no callback in flight, none ended in the last quietMs", async () => {
    const drain = new ProcessingDrain(OPTIONS)
    const { started, schedule } = rows(drain)
    const request = callback(drain)
    void schedule("row_1")
    await jest.advanceTimersByTimeAsync(100)
    expect(started).toEqual([])
    request.end()
    await jest.advanceTimersByTimeAsync(4)
    expect(started).toEqual([])
    await jest.advanceTimersByTimeAsync(1)
    expect(started).toEqual(["row_1"])
  })

  it("does not count a callback whose client left before the route ran (its close came already)", async () => {
    const drain = new ProcessingDrain(OPTIONS)
    const { started, schedule } = rows(drain)
    drain.noteCallback(Object.assign(new EventEmitter(), { destroyed: true }))
    void schedule("row_1")
    await jest.advanceTimersByTimeAsync(5)
    expect(started).toEqual(["row_1"])
  })

  it("starts a row that waited maxDeferMs while callbacks keep coming, busyConcurrency at a time", async () => {
    const drain = new ProcessingDrain(OPTIONS)
    const { started, schedule, end } = rows(drain)
    // A callback answered every millisecond: never quiet for quietMs.
    callback(drain).end()
    const stream = setInterval(() => callback(drain).end(), 1)
    try {
      void schedule("row_1")
      void schedule("row_2")
      await jest.advanceTimersByTimeAsync(999)
      expect(started).toEqual([])
      await jest.advanceTimersByTimeAsync(1)
      expect(started).toEqual(["row_1"])
      await end("row_1")
      expect(started).toEqual(["row_1", "row_2"])
    } finally {
      clearInterval(stream)
    }
  })

  it("runs at most idleConcurrency rows once quiet, the next as one ends", async () => {
    const drain = new ProcessingDrain(OPTIONS)
    const { started, schedule, end } = rows(drain)
    callback(drain).end()
    for (let i = 0; i < 5; i++) {
      void schedule(`row_${i}`)
    }
    await jest.advanceTimersByTimeAsync(5)
    expect(started).toEqual(["row_0", "row_1", "row_2"])
    await end("row_1")
    expect(started).toEqual(["row_0", "row_1", "row_2", "row_3"])
    expect(drain.pending).toEqual({ waiting: 1, running: 3 })
  })

  it("joins a resend of a row still waiting to that row's wait", async () => {
    const drain = new ProcessingDrain(OPTIONS)
    const { started, schedule, end } = rows(drain)
    const request = callback(drain)
    const first = schedule("row_1")
    const resend = schedule("row_1")
    request.end()
    await jest.advanceTimersByTimeAsync(5)
    expect(started).toEqual(["row_1"])
    await end("row_1")
    await expect(Promise.all([first, resend])).resolves.toEqual([
      undefined,
      undefined,
    ])
  })

  it("passes a failed run's error on and frees its place", async () => {
    const drain = new ProcessingDrain({ ...OPTIONS, idleConcurrency: 1 })
    callback(drain).end()
    const failed = drain.schedule("row_1", () =>
      Promise.reject(new Error("boom"))
    )
    const next = drain.schedule("row_2", () => Promise.resolve())
    const outcome = expect(failed).rejects.toThrow("boom")
    await jest.advanceTimersByTimeAsync(5)
    await outcome
    await expect(next).resolves.toBeUndefined()
  })
})
