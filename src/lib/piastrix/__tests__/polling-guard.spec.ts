import {
  MemoryPollStore,
  POLLED_ENDPOINTS,
  POLL_INTERVALS_MS,
  PollThrottledError,
  PollingGuard,
  type PollingGuardOptions,
} from "../polling-guard"

function clock(start = 1_000_000) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
    at: (ms: number) => start + ms,
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function setup(options: PollingGuardOptions = {}) {
  const time = clock()
  const guard = new PollingGuard({ now: time.now, ...options })
  let calls = 0
  const answer = (value: string) => async () => {
    calls++
    return value
  }
  return { time, guard, answer, calls: () => calls }
}

describe("PollingGuard", () => {
  it("answers a second payment status call within 10 s with the first answer, without calling", async () => {
    const { time, guard, answer, calls } = setup()
    const first = await guard.run("/invoice/check", "sess_1", answer("pending"))
    expect(first).toEqual({
      value: "pending",
      reused: false,
      ageMs: 0,
      fetchedAt: time.at(0),
      nextAllowedAt: time.at(10_000),
    })

    time.advance(9_999)
    const second = await guard.run("/invoice/check", "sess_1", answer("paid"))
    expect(second).toEqual({
      value: "pending",
      reused: true,
      ageMs: 9_999,
      fetchedAt: time.at(0),
      nextAllowedAt: time.at(10_000),
    })
    expect(calls()).toBe(1)
  })

  it("asks the service again once 10 s have passed", async () => {
    const { time, guard, answer, calls } = setup()
    await guard.run("/bill/shop_order_status", "sess_1", answer("waiting"))
    time.advance(10_000)
    const later = await guard.run(
      "/bill/shop_order_status",
      "sess_1",
      answer("paid")
    )
    expect(later).toMatchObject({
      value: "paid",
      reused: false,
      nextAllowedAt: time.at(20_000),
    })
    expect(calls()).toBe(2)
  })

  it("limits payout status to once a minute on every payout status endpoint", async () => {
    for (const endpoint of [
      "/withdraw/status",
      "/withdraw/shop_payment_status",
      "/transfer/shop_payment_status",
    ] as const) {
      const { time, guard, answer, calls } = setup()
      await guard.run(endpoint, "payout_1", answer("3"))
      time.advance(59_999)
      expect(await guard.run(endpoint, "payout_1", answer("5"))).toMatchObject({
        value: "3",
        reused: true,
        nextAllowedAt: time.at(60_000),
      })
      time.advance(1)
      expect(await guard.run(endpoint, "payout_1", answer("5"))).toMatchObject({
        value: "5",
        reused: false,
      })
      expect(calls()).toBe(2)
    }
  })

  it("limits each key on its own", async () => {
    const { guard, answer, calls } = setup()
    const a = await guard.run("/invoice/check", "sess_a", answer("a"))
    const b = await guard.run("/invoice/check", "sess_b", answer("b"))
    const c = await guard.run("/bill/shop_order_status", "sess_a", answer("c"))
    expect([a, b, c].map((r) => [r.value, r.reused])).toEqual([
      ["a", false],
      ["b", false],
      ["c", false],
    ])
    expect(calls()).toBe(3)
  })

  it("lets concurrent callers for one key share a single request", async () => {
    const { guard } = setup()
    const reply = deferred<string>()
    const fetcher = jest.fn(() => reply.promise)
    const runs = [1, 2, 3].map(() =>
      guard.run("/invoice/check", "sess_1", fetcher)
    )
    reply.resolve("paid")
    const results = await Promise.all(runs)

    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(results.map((r) => r.value)).toEqual(["paid", "paid", "paid"])
    expect(results.map((r) => r.reused)).toEqual([false, true, true])
  })

  it("measures the window from the end of a slow call", async () => {
    const { time, guard } = setup()
    const result = await guard.run("/invoice/check", "sess_1", async () => {
      time.advance(4_000)
      return "pending"
    })
    expect(result.nextAllowedAt).toBe(time.at(14_000))
  })

  describe("when a call fails", () => {
    it("hands the error to every caller of that request, never as an answer", async () => {
      const { guard } = setup()
      const reply = deferred<string>()
      const runs = [1, 2].map(() =>
        guard.run("/invoice/check", "sess_1", () => reply.promise)
      )
      reply.reject(new Error("socket hang up"))
      for (const run of runs) {
        await expect(run).rejects.toThrow("socket hang up")
      }
    })

    it("counts the failed call: within the window the caller learns when to retry and why", async () => {
      const { time, guard, answer, calls } = setup()
      const failing = jest.fn(async () => {
        throw new Error("timeout of 15000ms exceeded")
      })
      await expect(
        guard.run("/invoice/check", "sess_1", failing)
      ).rejects.toThrow("timeout")

      time.advance(3_000)
      const throttled = guard.run("/invoice/check", "sess_1", answer("paid"))
      await expect(throttled).rejects.toBeInstanceOf(PollThrottledError)
      await expect(throttled).rejects.toMatchObject({
        retryAfterMs: 7_000,
        nextAllowedAt: time.at(10_000),
        lastError: { message: "timeout of 15000ms exceeded" },
      })
      expect(calls()).toBe(0)

      time.advance(7_000)
      expect(
        await guard.run("/invoice/check", "sess_1", answer("paid"))
      ).toMatchObject({
        value: "paid",
        reused: false,
      })
      expect(failing).toHaveBeenCalledTimes(1)
    })

    it("keeps serving the last good answer, flagged with the failure, until the next try", async () => {
      const { time, guard, answer } = setup()
      await guard.run("/withdraw/status", "42", answer("3"))
      time.advance(60_000)
      await expect(
        guard.run("/withdraw/status", "42", async () => {
          throw new Error("error_code 8: operation is processing")
        })
      ).rejects.toThrow("processing")

      time.advance(30_000)
      const stale = await guard.run("/withdraw/status", "42", answer("5"))
      expect(stale).toMatchObject({
        value: "3",
        reused: true,
        ageMs: 90_000,
        nextAllowedAt: time.at(120_000),
        lastError: {
          message: "error_code 8: operation is processing",
          at: time.at(60_000),
        },
      })

      time.advance(30_000)
      const fresh = await guard.run("/withdraw/status", "42", answer("5"))
      expect(fresh).toMatchObject({ value: "5", reused: false })
      expect(fresh.lastError).toBeUndefined()
    })

    it("lets a failure that never reached the service be retried at once", async () => {
      const refused = Object.assign(new Error("connect ECONNREFUSED"), {
        code: "ECONNREFUSED",
      })
      const { guard, answer } = setup({
        failureCounts: (error) =>
          (error as { code?: string }).code !== "ECONNREFUSED",
      })
      await expect(
        guard.run("/invoice/check", "sess_1", async () => {
          throw refused
        })
      ).rejects.toBe(refused)
      expect(
        await guard.run("/invoice/check", "sess_1", answer("paid"))
      ).toMatchObject({
        value: "paid",
        reused: false,
      })
    })
  })

  it("keeps the shop's directions five minutes, and asks again at once after a failed read", async () => {
    const { time, guard, answer, calls } = setup()
    await expect(
      guard.run("/shop_input_config/shop", "1", async () => {
        throw new Error("socket hang up")
      })
    ).rejects.toThrow("socket hang up")
    await guard.run("/shop_input_config/shop", "1", answer("config 1"))
    time.advance(299_000)
    expect(
      await guard.run("/shop_input_config/shop", "1", answer("config 2"))
    ).toMatchObject({ value: "config 1", reused: true })
    time.advance(1_000)
    expect(
      await guard.run("/shop_input_config/shop", "1", answer("config 3"))
    ).toMatchObject({ value: "config 3", reused: false })
    expect(calls()).toBe(2)
  })

  it("applies configured intervals in place of the reference's", async () => {
    const { time, guard, answer, calls } = setup({
      intervalsMs: { payment: 1_000 },
    })
    await guard.run("/invoice/check", "sess_1", answer("a"))
    time.advance(1_000)
    await guard.run("/invoice/check", "sess_1", answer("b"))
    await guard.run("/withdraw/status", "1", answer("c"))
    time.advance(1_000)
    expect(await guard.run("/withdraw/status", "1", answer("d"))).toMatchObject(
      { reused: true }
    )
    expect(calls()).toBe(3)
  })

  it("maps every status endpoint to the limit the reference gives it, and the directions to five minutes", () => {
    expect(POLLED_ENDPOINTS).toEqual({
      "/invoice/check": "payment",
      "/bill/shop_order_status": "payment",
      "/withdraw/status": "payout",
      "/withdraw/shop_payment_status": "payout",
      "/transfer/shop_payment_status": "payout",
      "/shop_input_config/shop": "directions",
    })
    expect(POLL_INTERVALS_MS.directions).toBe(300_000)
  })

  describe("with a store shared by several instances", () => {
    it("gives the second instance the first instance's answer instead of calling", async () => {
      const time = clock()
      const store = new MemoryPollStore()
      const one = new PollingGuard({ store, now: time.now })
      const two = new PollingGuard({ store, now: time.now })
      await one.run("/invoice/check", "sess_1", async () => "paid")
      time.advance(2_000)
      const fetcher = jest.fn(async () => "other")
      expect(await two.run("/invoice/check", "sess_1", fetcher)).toMatchObject({
        value: "paid",
        reused: true,
        ageMs: 2_000,
      })
      expect(fetcher).not.toHaveBeenCalled()
    })

    it("gives the answer of another instance's call under way to a caller with no earlier answer, instead of refusing it", async () => {
      const time = clock()
      const store = new MemoryPollStore()
      const one = new PollingGuard({ store, now: time.now })
      const two = new PollingGuard({ store, now: time.now })
      const answer = deferred<string>()
      const first = one.run("/invoice/check", "sess_1", () => answer.promise)
      await new Promise((resolve) => setImmediate(resolve))
      const fetcher = jest.fn(async () => "other")
      const second = two.run("/invoice/check", "sess_1", fetcher)
      answer.resolve("paid")
      expect(await first).toMatchObject({ value: "paid", reused: false })
      expect(await second).toMatchObject({ value: "paid", reused: true })
      expect(fetcher).not.toHaveBeenCalled()

      // Its failure is the waiting caller's too: the service was asked, the window counts.
      const failing = deferred<string>()
      const failed = one.run("/invoice/check", "sess_2", () => failing.promise)
      await new Promise((resolve) => setImmediate(resolve))
      const waiting = two.run("/invoice/check", "sess_2", fetcher)
      failing.reject(new Error("timeout"))
      await expect(failed).rejects.toThrow("timeout")
      await expect(waiting).rejects.toMatchObject({
        name: "PollThrottledError",
        lastError: expect.objectContaining({ message: "timeout" }),
      })
      expect(fetcher).not.toHaveBeenCalled()
    })

    it("holds off other instances while one is calling, until its lease lapses", async () => {
      const time = clock()
      const store = new MemoryPollStore()
      // Not waiting for the call under way: its caller hangs.
      const one = new PollingGuard({ store, now: time.now, leaseMs: 30_000 })
      const two = new PollingGuard({
        store,
        now: time.now,
        leaseMs: 30_000,
        joinWaitMs: 0,
      })
      const hanging = deferred<string>()
      void one
        .run("/invoice/check", "sess_1", () => hanging.promise)
        .catch(() => undefined)
      await new Promise((resolve) => setImmediate(resolve))

      await expect(
        two.run("/invoice/check", "sess_1", async () => "x")
      ).rejects.toMatchObject({
        name: "PollThrottledError",
        nextAllowedAt: time.at(30_000),
      })
      time.advance(30_000)
      expect(
        await two.run("/invoice/check", "sess_1", async () => "x")
      ).toMatchObject({
        value: "x",
        reused: false,
      })
      hanging.reject(new Error("gone"))
    })
  })

  describe("memory", () => {
    it("remembers at most maxSlots keys, dropping those whose window has passed first", async () => {
      const time = clock()
      const store = new MemoryPollStore({ maxSlots: 3 })
      const guard = new PollingGuard({ store, now: time.now })
      await guard.run("/invoice/check", "old", async () => "old")
      time.advance(10_000)
      for (const key of ["a", "b", "c"]) {
        await guard.run("/invoice/check", key, async () => key)
      }
      expect(store.size).toBe(3)

      // "old" was dropped, not "a": "a" is still inside its window and must not be called.
      const fetcher = jest.fn(async () => "again")
      expect(await guard.run("/invoice/check", "a", fetcher)).toMatchObject({
        value: "a",
        reused: true,
      })
      expect(fetcher).not.toHaveBeenCalled()
      expect(await guard.run("/invoice/check", "old", fetcher)).toMatchObject({
        reused: false,
      })
    })

    it("stays bounded under many keys and never drops a key whose call is under way", async () => {
      const time = clock()
      const store = new MemoryPollStore({ maxSlots: 50 })
      const guard = new PollingGuard({ store, now: time.now })
      const hanging = deferred<string>()
      const busy = guard.run("/withdraw/status", "busy", () => hanging.promise)
      await new Promise((resolve) => setImmediate(resolve))

      for (let i = 0; i < 500; i++) {
        await guard.run("/invoice/check", `sess_${i}`, async () => "x")
        time.advance(10)
      }
      expect(store.size).toBeLessThanOrEqual(50)

      // Another instance on the same store still sees the call under way (and does not wait for it here).
      const other = new PollingGuard({ store, now: time.now, joinWaitMs: 0 })
      const fetcher = jest.fn(async () => "should not be called")
      await expect(
        other.run("/withdraw/status", "busy", fetcher)
      ).rejects.toBeInstanceOf(PollThrottledError)
      expect(fetcher).not.toHaveBeenCalled()
      hanging.resolve("5")
      expect((await busy).value).toBe("5")
    })
  })
})
