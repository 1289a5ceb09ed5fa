/** A source of the current time; injectable so tests can pin the signed `now` field. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

const pad = (n: number): string => String(n).padStart(2, "0")

/**
 * The `now` field: `YYYY-MM-DD HH:MM:SS` in UTC (docs/service-facts.md#money-and-time). The service treats it as an opaque
 * signed string; this layout is the one production integrations send.
 */
export function formatNow(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  )
}
