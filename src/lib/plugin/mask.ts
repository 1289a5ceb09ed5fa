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
