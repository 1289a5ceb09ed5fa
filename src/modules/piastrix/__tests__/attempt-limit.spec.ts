import {
  attemptLimitMessage,
  peekAttempt,
  takeAttempt,
} from "../repositories/attempt-limit"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"

/**
 * The storefront limits' decisions and messages. The counting itself is one SQL statement, shown to let
 * exactly `max` concurrent attempts through against Postgres in integration-tests/security/attempt-limits.
 */

/** A database that answers its statements in turn with `answers`, whatever they say, and counts them. */
function fakeDb(
  ...answers: Array<Array<Record<string, number>>>
): SqlConnection & { statements: number } {
  const db = {
    statements: 0,
    async raw() {
      const rows = answers[db.statements]
      db.statements += 1
      if (!rows) {
        throw new Error(`statement ${db.statements} was not expected`)
      }
      return { rows }
    },
  }
  return db
}

const LIMIT = { max: 5, windowMinutes: 60 }

describe("takeAttempt", () => {
  it("allows an attempt the statement took, in one statement", async () => {
    // The take's upsert answers the row it took.
    const db = fakeDb([{ hits: 3 }])
    expect(
      await takeAttempt(db, "receiptsPerSession", "payses_1", LIMIT)
    ).toEqual({ allowed: true, hits: 3 })
    expect(db.statements).toBe(1)
  })

  it("refuses an attempt the statement did not take, with the seconds left in the window rounded up", async () => {
    // Nothing taken, then the window read.
    const db = fakeDb([], [{ hits: 5, seconds_left: 125.2 }])
    expect(
      await takeAttempt(db, "receiptsPerSession", "payses_1", LIMIT)
    ).toMatchObject({ allowed: false, hits: 5, retryAfterSeconds: 126 })
    expect(db.statements).toBe(2)
  })

  it("refuses with the whole window when the row is gone meanwhile", async () => {
    const db = fakeDb([], [])
    expect(
      await takeAttempt(db, "sessionStartsPerCart", "cart_1", LIMIT)
    ).toMatchObject({ allowed: false, retryAfterSeconds: 3600 })
  })
})

describe("peekAttempt", () => {
  it.each([
    ["no window yet", null, true],
    ["room left", { hits: 4, seconds_left: 100 }, true],
    ["a full window that has ended", { hits: 5, seconds_left: -1 }, true],
    ["a full window", { hits: 5, seconds_left: 100 }, false],
  ])("%s: allowed %s", async (_name, window, allowed) => {
    // One statement, the window read.
    const db = fakeDb(window ? [window] : [])
    const verdict = await peekAttempt(db, "receiptsPerSession", "p", LIMIT)
    expect(verdict.allowed).toBe(allowed)
    expect(db.statements).toBe(1)
  })
})

describe("attemptLimitMessage", () => {
  it("names the limit, its option and when to retry", () => {
    expect(attemptLimitMessage("receiptsPerSession", LIMIT, 3540)).toBe(
      "Too many attempts: at most 5 receipts per payment session in 60 minutes " +
        "(limits.receiptsPerSession); try again in 59 minutes"
    )
    expect(
      attemptLimitMessage(
        "sessionStartsPerCart",
        { max: 10, windowMinutes: 10 },
        42
      )
    ).toBe(
      "Too many attempts: at most 10 Piastrix payment session starts per cart in 10 minutes " +
        "(limits.sessionStartsPerCart); try again in 42 seconds"
    )
  })
})
