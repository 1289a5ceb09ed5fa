import { reconcileDisabled } from "../reconcile-piastrix"

describe("reconcileDisabled", () => {
  it("switches the scheduled run off only when PIASTRIX_RECONCILE is off", () => {
    expect(reconcileDisabled({ PIASTRIX_RECONCILE: "off" })).toBe(true)
    expect(reconcileDisabled({ PIASTRIX_RECONCILE: " OFF " })).toBe(true)
    expect(reconcileDisabled({ PIASTRIX_RECONCILE: "on" })).toBe(false)
    expect(reconcileDisabled({})).toBe(false)
  })
})
