export type Period = { created_after?: string; created_before?: string }

/** A period's bounds from two calendar days (UTC): from the first day's start to the end of the last. */
export function periodOf(from: string, to: string): Period {
  const period: Period = {}
  if (from) {
    period.created_after = `${from}T00:00:00Z`
  }
  if (to) {
    const next = new Date(`${to}T00:00:00Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    period.created_before = next.toISOString()
  }
  return period
}
