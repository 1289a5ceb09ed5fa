import { SandboxClock } from "../../src/clock"

describe("SandboxClock", () => {
  let clock: SandboxClock
  beforeEach(() => {
    clock = new SandboxClock()
  })
  afterEach(() => clock.close())

  it("runs jobs that became due when time is advanced, in due order", () => {
    const ran: string[] = []
    clock.schedule(3000, () => ran.push("c"))
    clock.schedule(1000, () => ran.push("a"))
    clock.schedule(2000, () => ran.push("b"))
    clock.advance(1500)
    expect(ran).toEqual(["a"])
    clock.advance(5000)
    expect(ran).toEqual(["a", "b", "c"])
    expect(clock.pending()).toBe(0)
  })

  it("moves its notion of now forward by the advanced amount", () => {
    const before = clock.now()
    clock.advance(60_000)
    expect(clock.now() - before).toBeGreaterThanOrEqual(60_000)
  })

  it("runs a job scheduled by a job when the advance already covers it", () => {
    const ran: string[] = []
    clock.schedule(1000, () => {
      ran.push("first")
      clock.schedule(1000, () => ran.push("second"))
    })
    clock.advance(2500)
    expect(ran).toEqual(["first", "second"])
  })

  it("never runs a cancelled job", () => {
    const ran: string[] = []
    const id = clock.schedule(1000, () => ran.push("x"))
    clock.cancel(id)
    clock.advance(2000)
    expect(ran).toEqual([])
  })

  it("runs due jobs in real time too", async () => {
    const done = new Promise<string>((resolve) =>
      clock.schedule(5, () => resolve("ran"))
    )
    await expect(done).resolves.toBe("ran")
  })

  it("keeps running other jobs when one throws", () => {
    const ran: string[] = []
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined)
    clock.schedule(10, () => {
      throw new Error("boom")
    })
    clock.schedule(20, () => ran.push("after"))
    clock.advance(100)
    expect(ran).toEqual(["after"])
    expect(spy).toHaveBeenCalledWith(expect.stringContaining("boom"))
    spy.mockRestore()
  })
})
