import { attemptLimitMessage, peekAttempt, takeAttempt } from "../attempt-limit"
import type { SqlConnection } from "../sql-connection"

/**
 * The storefront limits' decisions and messages. The counting itself is one SQL statement, shown to let
 * exactly `max` concurrent attempts through against Postgres in integration-tests/security/attempt-limits.
 */

/** A database that answers the take with `taken` rows and the window read with `window`. */
function fakeDb(
  taken: Array<{ hits: number }>,
  window: { hits: number; seconds_left: number } | null
): SqlConnection & { statements: string[] } {
  const statements: string[] = []
  return {
    statements,
    async raw(sql: string) {
      // Told apart by shape: the take is the upsert, the window read a select.
      const tag = /^\s*insert into/.test(sql)
        ? "take"
        : /^\s*select/.test(sql)
          ? "read"
          : "?"
      statements.push(tag)
      return { rows: tag === "take" ? taken : window ? [window] : [] }
    },
  } as SqlConnection & { statements: string[] }
}

const LIMIT = { max: 5, windowMinutes: 60 }

describe("takeAttempt", () => {
  it("allows an attempt the statement took, in one statement", async () => {
    const db = fakeDb([{ hits: 3 }], null)
    expect(
      await takeAttempt(db, "receiptsPerSession", "payses_1", LIMIT)
    ).toEqual({ allowed: true, hits: 3 })
    expect(db.statements).toEqual(["take"])
  })

  it("refuses an attempt the statement did not take, with the seconds left in the window rounded up", async () => {
    const db = fakeDb([], { hits: 5, seconds_left: 125.2 })
    expect(
      await takeAttempt(db, "receiptsPerSession", "payses_1", LIMIT)
    ).toMatchObject({ allowed: false, hits: 5, retryAfterSeconds: 126 })
  })

  it("refuses with the whole window when the row is gone meanwhile", async () => {
    const db = fakeDb([], null)
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
    const db = fakeDb([], window)
    const verdict = await peekAttempt(db, "receiptsPerSession", "p", LIMIT)
    expect(verdict.allowed).toBe(allowed)
    expect(db.statements).toEqual(["read"])
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
