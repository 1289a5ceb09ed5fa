/**
 * What must never appear in a log line: the shop's secret key, a signature, a card
 * number or a CVV. The integration runner records every line Medusa's logger is given during a suite,
 * whatever the log level, and fails the suite when one of them holds such a thing.
 */

import { luhn } from "../../sandbox/src/pages/card-form"

/** Card numbers the suites and the demo storefront type into card forms. */
const TEST_CARDS = ["4111111111111111", "4242424242424242"]

/** Milliseconds since 1970 between 2001 and 2286 are 13 digits: a time, not a card. */
const isMsTimestamp = (run: string) => run.length === 13

/** The secrets in one line, named (never quoted: the report must not leak them either). */
export function secretsInLine(line: string, secretKey: string): string[] {
  const found: string[] = []
  if (secretKey && line.includes(secretKey)) {
    found.push("the secret key")
  }
  if (/(?<![0-9a-z_])[0-9a-f]{64}(?![0-9a-z])/i.test(line)) {
    found.push("a signature (64 hex digits)")
  }
  // A run of digits on its own (not part of an id or a token), 13 to 19 long, passing the Luhn check.
  const runs = line.match(/(?<![0-9A-Za-z])\d{13,19}(?![0-9A-Za-z])/g) ?? []
  if (
    TEST_CARDS.some((card) => line.includes(card)) ||
    runs.some((run) => luhn(run) && !isMsTimestamp(run))
  ) {
    found.push("a card number")
  }
  if (/\b(cvv2?|cvc2?|csc)\b\W{0,6}\d{3,4}\b/i.test(line)) {
    found.push("a CVV")
  }
  return found
}

/** One report line per logged line that holds a secret: its level, position and what it holds. */
export function scanLogLines(
  lines: Array<{ level: string; text: string }>,
  secretKey: string
): string[] {
  return lines.flatMap(({ level, text }, index) => {
    const found = secretsInLine(text, secretKey)
    return found.length
      ? [`log line ${index + 1} (${level}) holds ${found.join(", ")}`]
      : []
  })
}

const LEVELS = [
  "info",
  "warn",
  "error",
  "debug",
  "log",
  "activity",
  "progress",
  "success",
  "failure",
  "panic",
] as const

function textOf(value: unknown): string {
  if (typeof value === "string") {
    return value
  }
  if (value instanceof Error) {
    return `${value.message} ${value.stack ?? ""}`
  }
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/**
 * Records every call to `logger`'s methods into `lines`, then calls the original. Medusa hands one
 * logger object to every module and provider, so wrapping its methods reaches all of them.
 */
export function recordLogLines(
  logger: Record<string, unknown>,
  lines: Array<{ level: string; text: string }>
): void {
  for (const level of LEVELS) {
    const original = logger[level]
    if (
      typeof original !== "function" ||
      (original as { recorded?: boolean }).recorded
    ) {
      continue
    }
    const wrapped = (...args: unknown[]) => {
      lines.push({ level, text: args.map(textOf).join(" ") })
      return (original as (...a: unknown[]) => unknown).apply(logger, args)
    }
    logger[level] = Object.assign(wrapped, { recorded: true })
  }
}
