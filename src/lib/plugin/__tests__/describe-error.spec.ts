import { describeError, isLockContention } from "../describe-error"

describe("describeError", () => {
  it("names an error's class and message, and reads workflow errors that are plain objects", () => {
    class PiastrixNetworkError extends Error {
      name = "PiastrixNetworkError"
    }
    expect(
      describeError(new PiastrixNetworkError("timeout after 10000 ms"))
    ).toBe("PiastrixNetworkError: timeout after 10000 ms")
    expect(describeError({ message: "No shipping method selected" })).toBe(
      "No shipping method selected"
    )
    expect(describeError("x".repeat(300))).toHaveLength(200)
  })
})

describe("isLockContention", () => {
  it("recognises the lock failure of every Medusa locking provider, and nothing else", () => {
    expect(
      isLockContention('Failed to acquire lock for key "cart_01ABC"')
    ).toBe(true)
    expect(
      isLockContention(
        describeError(new Error('Failed to acquire lock for key "cart_01ABC"'))
      )
    ).toBe(true)
    // The Postgres provider, when another took the free key in the same moment.
    expect(isLockContention('"cart_01ABC" is already locked.')).toBe(true)
    // A completion that waited out a product's stock lock (Medusa's reserve-inventory step).
    expect(isLockContention("Timed-out acquiring lock.")).toBe(true)
    expect(
      isLockContention(
        "No shipping method selected but the cart contains items that require shipping"
      )
    ).toBe(false)
    expect(isLockContention(null)).toBe(false)
  })
})
