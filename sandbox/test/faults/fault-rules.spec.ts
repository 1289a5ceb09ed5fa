import { Faults } from "../../src/faults"

describe("Faults", () => {
  it("applies a fault only to its path, a prefix ending in * or every path", () => {
    const faults = new Faults()
    faults.add({ type: "http_error", path: "/invoice/create", status: 503 })
    expect(faults.forRequest("/invoice/check").action).toBeNull()
    expect(faults.forRequest("/invoice/create")).toEqual({
      latencyMs: 0,
      holdMs: 0,
      action: "http_error",
      status: 503,
    })
    faults.clear()
    faults.add({ type: "reset", path: "/withdraw/*" })
    expect(faults.forRequest("/withdraw/status").action).toBe("reset")
    expect(faults.forRequest("/transfer/create").action).toBeNull()
    faults.clear()
    faults.add({ type: "latency", ms: 20 })
    expect(faults.forRequest("/anything").latencyMs).toBe(20)
  })

  it("wears off after the given number of requests", () => {
    const faults = new Faults()
    faults.add({ type: "drop_reply", times: 2 })
    expect(faults.forRequest("/a").action).toBe("drop_reply")
    expect(faults.forRequest("/a").action).toBe("drop_reply")
    expect(faults.forRequest("/a").action).toBeNull()
    expect(faults.list()).toEqual([])
  })

  it("adds latency to an error fault on the same request", () => {
    const faults = new Faults()
    faults.add({ type: "latency", ms: 10 })
    faults.add({ type: "latency", ms: 5 })
    faults.add({ type: "http_error" })
    expect(faults.forRequest("/x")).toEqual({
      latencyMs: 15,
      holdMs: 0,
      action: "http_error",
      status: 500,
    })
  })

  it("keeps callback faults away from requests", () => {
    const faults = new Faults()
    faults.add({ type: "duplicate_callbacks", times: 1 })
    expect(faults.forRequest("/invoice/create").action).toBeNull()
    expect(faults.takeCallbackFault("duplicate_callbacks")).toBe(true)
    expect(faults.takeCallbackFault("duplicate_callbacks")).toBe(false)
  })

  it("counts what each fault fired on, and keeps worn-off and cleared faults in its history", () => {
    const faults = new Faults()
    const dropped = faults.add({ type: "drop_reply", path: "/a", times: 1 })
    const slow = faults.add({ type: "latency", ms: 5 })
    const never = faults.add({ type: "reset", path: "/never" })
    const dup = faults.add({ type: "duplicate_callbacks" })
    faults.forRequest("/a")
    faults.forRequest("/a")
    faults.takeCallbackFault("duplicate_callbacks")
    expect(faults.list().map((f) => [f.id, f.fired])).toEqual([
      [slow.id, 2],
      [never.id, 0],
      [dup.id, 1],
    ])
    faults.clear()
    expect(faults.history().map((f) => [f.id, f.fired, f.active])).toEqual([
      [dropped.id, 1, false],
      [slow.id, 2, false],
      [never.id, 0, false],
      [dup.id, 1, false],
    ])
    faults.reset()
    expect(faults.history()).toEqual([])
  })

  it("fires only the first of two action faults on one request", () => {
    const faults = new Faults()
    const first = faults.add({ type: "http_error", times: 1 })
    const second = faults.add({ type: "reset", times: 1 })
    expect(faults.forRequest("/x").action).toBe("http_error")
    expect(faults.history().map((f) => [f.id, f.fired])).toEqual([
      [first.id, 1],
      [second.id, 0],
    ])
  })

  it("refuses an unknown fault type", () => {
    expect(() => new Faults().add({ type: "meteor" as never })).toThrow()
  })
})
