import { createHash } from "node:crypto"
import fc from "fast-check"

/**
 * What the fuzz suites send: a careless or hostile client's bodies, queries and ids, drawn from a fixed seed.
 * Every sample is drawn from this seed, so a failure can be replayed: run the suite again with
 * PIASTRIX_FUZZ_SEED set to the seed it printed. Each draw gets its own seed from the base and the
 * draw's name, so running one test alone (-t) draws the same values as the whole file.
 */
export const SEED = Number(process.env.PIASTRIX_FUZZ_SEED ?? 20261124)

export function announceSeed(suite: string) {
  process.stdout.write(
    `${suite}: seed ${SEED} (replay with PIASTRIX_FUZZ_SEED=${SEED})\n`
  )
}

/** The seed of one named draw: the base seed moved by the name, so every draw has its own values. */
export function seedOf(name: string): number {
  const offset = createHash("sha256").update(name).digest().readUInt32BE(0)
  return (SEED + offset) | 0
}

export function sample<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  runs: number
): T[] {
  return fc.sample(arbitrary, { numRuns: runs, seed: seedOf(name) })
}

/**
 * Parameters of a property test (`fc.assert(property, fixedSeed({ numRuns: 300 }))`): its seed comes from
 * the base seed and the running test's name, and a failure says how to replay it.
 */
export function fixedSeed<T>(params: fc.Parameters<T> = {}): fc.Parameters<T> {
  return {
    ...params,
    seed: seedOf(expect.getState().currentTestName ?? ""),
    reporter: (details) => {
      if (details.failed) {
        throw new Error(
          `${fc.defaultReportMessage(details)}\n` +
            `Base seed ${SEED}: replay with PIASTRIX_FUZZ_SEED=${SEED}`
        )
      }
    },
  }
}

/** Bodies and queries a careless or hostile client may send: wrong types, huge strings, nesting, arrays. */
export const junkValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constant("x".repeat(20_000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), {
    maxKeys: 3,
  }),
  fc.jsonValue({ maxDepth: 3 })
)

const keyOf = (known: string[]) =>
  fc.oneof(
    fc.constantFrom(...known),
    fc.string({ maxLength: 20 }),
    fc.constantFrom("__proto__", "constructor", "a.b.c", "a[b]")
  )

export const junkObject = (known: string[]) =>
  fc.dictionary(keyOf(known), junkValue, { maxKeys: 5 })

export const junkBody = (known: string[]) =>
  fc.oneof(
    junkObject(known),
    fc.jsonValue({ maxDepth: 4 }),
    fc.array(junkValue, { maxLength: 5 })
  )

/** A query as raw text: some of it is not even valid percent-encoding. */
export const rawQuery = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "cart_id=%E0%A4%A",
    "cart_id[]=a&cart_id[]=b",
    "cart_id[a][b][c]=1",
    "a.b.c.d=1",
    "&&&==",
    "kind=wallet&kind=card",
    "limit=-1&offset=1e309",
    "limit=99999999999999999999&offset=abc"
  )
)

/**
 * An id in a path: text of every kind, encoded, or one of the `known` real ones. Always valid
 * percent-encoding: under /admin, Medusa's authentication answers an undecodable path (`/admin/products/%`
 * as much as the plugin's routes) with a 500 before any route's own middleware runs.
 */
export const pathId = (known: string[]) =>
  fc.oneof(
    fc.string({ minLength: 1, maxLength: 300 }).map(encodeURIComponent),
    fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 30 })
      .map(encodeURIComponent),
    fc.constantFrom("x%00", "%2F..%2F", "..", ...known)
  )

/** Signs of a stack trace or a source path in a response body: none may reach a client. */
export function leaksInternals(body: unknown): boolean {
  const text = typeof body === "string" ? body : JSON.stringify(body ?? "")
  return /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+:\d+|Error: .*\n\s+at /.test(
    text
  )
}
