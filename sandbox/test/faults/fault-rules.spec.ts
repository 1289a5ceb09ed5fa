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

  it("refuses an unknown fault type", () => {
    expect(() => new Faults().add({ type: "meteor" as never })).toThrow()
  })
})
