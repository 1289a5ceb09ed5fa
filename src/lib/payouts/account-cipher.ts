import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
} from "node:crypto"
import { ACCOUNT_KEY_FORMAT, accountKeyBytes } from "../plugin/account-key"

/**
 * Payout accounts (a card number is one) encrypted at rest, as PCI DSS 3.5 asks: AES-256-GCM with a random
 * 12-byte IV per value, so a stored account can be neither read nor changed without the key. A sealed
 * value says what it is and which key sealed it:
 *
 *   pxenc:v1:<key id>:<iv base64>:<tag base64>:<ciphertext base64>
 *
 * so plaintext rows (written before the key) are told apart, and rows sealed under a previous key are
 * opened with it and sealed again under the current one (key rotation). Pure: no database, no options.
 */

export const SEALED_PREFIX = "pxenc:"
const VERSION = "v1"
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_BYTES = 32

/** A value that cannot be sealed or opened: no key, a key not configured, a tampered or foreign value. */
export class AccountCipherError extends Error {
  override name = "AccountCipherError"
}

/** Whether a stored value is sealed (of any version and key); anything else is a plaintext account. */
export const isSealed = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith(SEALED_PREFIX)

/**
 * A key as an option gives it: 64 hex characters or base64 of 32 bytes (`openssl rand -base64 32`). The
 * error names `name`, the option or variable it came from.
 */
export function parseAccountKey(text: string, name: string): Buffer {
  const key = accountKeyBytes(text)
  if (!key) {
    throw new AccountCipherError(`${name} ${ACCOUNT_KEY_FORMAT}`)
  }
  return key
}

/**
 * A short name of a key, stored with each value it seals: enough to pick the key among the previous ones,
 * nothing about the key itself (a hash, domain-separated so it is no other use's hash of the key).
 */
export function accountKeyId(key: Buffer): string {
  return createHash("sha256")
    .update("piastrix-account-key\0")
    .update(key)
    .digest("hex")
    .slice(0, 12)
}

export type AccountCipher = {
  /** The id of the key new values are sealed with. */
  readonly keyId: string
  /**
   * Seals `plain` for one place (`context`, e.g. the recipient and the field): a sealed value copied to
   * another recipient's row does not open there, so rows cannot be swapped to redirect a payout.
   */
  seal(plain: string, context: string): string
  /** Opens a sealed value of that place; refuses a plaintext, tampered, foreign or unknown-key value. */
  open(sealed: string, context: string): string
  /** Whether a stored value is sealed with the current key (false: plaintext, or a previous key's). */
  isCurrent(value: unknown): boolean
}

/**
 * A cipher with the current key and the previous ones (opened, never used to seal). The keys are given
 * parsed (`parseAccountKey`).
 */
export function createAccountCipher(
  key: Buffer,
  previousKeys: Buffer[] = []
): AccountCipher {
  const keys = new Map<string, Buffer>()
  for (const k of [key, ...previousKeys]) {
    if (k.length !== KEY_BYTES) {
      throw new AccountCipherError(`an account key must be ${KEY_BYTES} bytes`)
    }
    keys.set(accountKeyId(k), k)
  }
  const keyId = accountKeyId(key)
  const currentPrefix = `${SEALED_PREFIX}${VERSION}:${keyId}:`

  return {
    keyId,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv("aes-256-gcm", key, iv)
      cipher.setAAD(Buffer.from(context, "utf8"))
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
      return [
        currentPrefix.slice(0, -1),
        iv.toString("base64"),
        cipher.getAuthTag().toString("base64"),
        data.toString("base64"),
      ].join(":")
    },
    open(sealed, context) {
      if (!isSealed(sealed)) {
        // Rows are sealed at boot; a plaintext one now was written behind the plugin's back.
        throw new AccountCipherError("the stored account is not encrypted")
      }
      const parts = sealed.split(":")
      if (parts.length !== 6 || parts[1] !== VERSION) {
        throw new AccountCipherError("the stored account has an unknown format")
      }
      const [, , id, iv, tag, data] = parts
      const k = keys.get(id)
      if (!k) {
        throw new AccountCipherError(
          `the stored account was encrypted with key ${id}, which is neither the account key nor a previous one`
        )
      }
      try {
        const ivBytes = Buffer.from(iv, "base64")
        if (ivBytes.length !== IV_BYTES) {
          throw new Error("bad IV")
        }
        // A fixed tag length: Node would otherwise accept a truncated tag, which is far easier to forge.
        const decipher = createDecipheriv("aes-256-gcm", k, ivBytes, {
          authTagLength: TAG_BYTES,
        })
        decipher.setAAD(Buffer.from(context, "utf8"))
        decipher.setAuthTag(Buffer.from(tag, "base64"))
        return Buffer.concat([
          decipher.update(Buffer.from(data, "base64")),
          decipher.final(),
        ]).toString("utf8")
      } catch {
        // GCM's tag check: the value, its IV or its place changed since it was sealed.
        throw new AccountCipherError(
          "the stored account fails its integrity check (changed or moved since it was encrypted)"
        )
      }
    },
    isCurrent(value) {
      return typeof value === "string" && value.startsWith(currentPrefix)
    },
  }
}
