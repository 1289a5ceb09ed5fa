/**
 * The format of the account key (`accountKey`, `PIASTRIX_ACCOUNT_KEY`): 32 random bytes as 64 hex
 * characters or base64 (`openssl rand -base64 32`). Read here once, for the options' check at boot and for
 * the cipher (lib/payouts/account-cipher.ts), which lib/plugin may not import.
 */

export const ACCOUNT_KEY_FORMAT =
  "must be 32 random bytes as 64 hex characters or base64 (openssl rand -base64 32)"

/** The key's 32 bytes, or null when the text is not a key of that format. */
export function accountKeyBytes(text: string): Buffer | null {
  const trimmed = text.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : /^[A-Za-z0-9+/]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed, "base64")
      : null
  return key?.length === 32 ? key : null
}
