/** Pure, without imports: the admin bundle uses it too. */

const MASK = "•"

/** `1234567890123` -> `12•••••••0123`: enough to tell accounts apart, not enough to use one. */
export function maskAccount(account: string | null | undefined): string | null {
  if (!account) {
    return null
  }
  if (account.includes("@")) {
    const [name, domain] = account.split("@")
    return `${name.slice(0, 1)}${MASK.repeat(3)}@${domain}`
  }
  if (account.length <= 6) {
    return MASK.repeat(account.length)
  }
  return `${account.slice(0, 2)}${MASK.repeat(account.length - 6)}${account.slice(-4)}`
}

/** Whether `account` is what maskAccount made of one (it carries the mask character). */
export function isMaskedAccount(account: string): boolean {
  return account.includes(MASK)
}

/** Whether a run of digits passes the Luhn check every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) {
        d -= 9
      }
    }
    sum += d
  }
  return sum % 10 === 0
}

/**
 * `card 4242424242424242 refused` -> `card 42••••••••••4242 refused`: a text the service wrote (a refusal, an
 * error) may quote the account it was sent, and such text is stored on the payout and shown in the admin.
 */
export function maskCardNumbers(text: string): string {
  return text.replace(/(?<!\w)\d{13,19}(?!\w)/g, (run) =>
    luhn(run) ? (maskAccount(run) ?? run) : run
  )
}
