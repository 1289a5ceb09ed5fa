/**
 * A payout direction's account format as a person reads it, from the service's regex: `^\d{16,19}$` is
 * "16–19 digits", `^\+?\d{10,15}$` "10–15 digits, + first allowed", `^PL\d{26}$` "PL, then 26 digits".
 * A regex of another shape is not put in words (null): the page then shows it as the service wrote it.
 */
export type AccountFormat = {
  /** Characters the account starts with ("PL", "7"), or "". */
  prefix: string
  /** A leading "+" is allowed. */
  plus: boolean
  min: number
  max: number
}

const DIGITS = /^\^(\\\+\?)?([A-Z0-9]*)\\d\{(\d+)(?:,(\d+))?\}\$$/

export function accountFormatOf(regex: string | null): AccountFormat | null {
  const match = regex ? DIGITS.exec(regex) : null
  if (!match) {
    return null
  }
  const min = Number(match[3])
  return {
    plus: Boolean(match[1]),
    prefix: match[2],
    min,
    max: match[4] === undefined ? min : Number(match[4]),
  }
}
