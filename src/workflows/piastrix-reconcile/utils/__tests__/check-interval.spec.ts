import { reconcileDisabled } from "../../../../jobs/reconcile-piastrix"
import { checkIntervalMs } from "../due-sessions"

const MINUTE = 60_000

describe("checkIntervalMs", () => {
  it.each([
    [0, MINUTE],
    [59 * MINUTE, MINUTE],
    [60 * MINUTE, 10 * MINUTE],
    [23 * 60 * MINUTE, 10 * MINUTE],
    [24 * 60 * MINUTE, 60 * MINUTE],
    [3 * 24 * 60 * MINUTE, 60 * MINUTE],
  ])("checks a session %i ms old every %i ms, never more often than the service's 10 s limit", (age, interval) => {
    expect(checkIntervalMs(age)).toBe(interval)
    expect(checkIntervalMs(age)).toBeGreaterThanOrEqual(10_000)
  })
})

describe("reconcileDisabled", () => {
  it("switches the scheduled run off only when PIASTRIX_RECONCILE is off", () => {
    expect(reconcileDisabled({ PIASTRIX_RECONCILE: "off" })).toBe(true)
    expect(reconcileDisabled({ PIASTRIX_RECONCILE: " OFF " })).toBe(true)
    expect(reconcileDisabled({ PIASTRIX_RECONCILE: "on" })).toBe(false)
    expect(reconcileDisabled({})).toBe(false)
  })
})
