/** Pure, without imports: the admin bundle uses it too. */

/** `1234567890123` -> `12•••••••0123`: enough to tell accounts apart, not enough to use one. */
export function maskAccount(account: string | null | undefined): string | null {
  if (!account) {
    return null
  }
  if (account.includes("@")) {
    const [name, domain] = account.split("@")
    return `${name.slice(0, 1)}•••@${domain}`
  }
  if (account.length <= 6) {
    return "•".repeat(account.length)
  }
  return `${account.slice(0, 2)}${"•".repeat(account.length - 6)}${account.slice(-4)}`
}
