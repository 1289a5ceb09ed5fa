import { defaultCurrencyTable } from "../piastrix"
import { maskAccount } from "../plugin/mask"
import type { PiastrixOptions } from "../plugin/options"
import {
  AccountCipherError,
  createAccountCipher,
  isSealed,
  parseAccountKey,
  type AccountCipher,
} from "./account-cipher"

/**
 * A recipient's payout account (and its payway's other fields, which may name a person) as it is stored:
 * sealed with the account key (`account-cipher.ts`), with a masked copy for everything that only shows it.
 * Opened only to talk to the service about a payout (`send.ts`) and to check a format on a change.
 */

/** What a store without an account key is told when an account must be stored or used. */
export const ACCOUNT_KEY_MISSING =
  "payout accounts are stored encrypted and no account key is configured: set the plugin option accountKey " +
  "(environment variable PIASTRIX_ACCOUNT_KEY, 32 random bytes: openssl rand -base64 32) and restart"

export class AccountKeyMissingError extends AccountCipherError {
  override name = "AccountKeyMissingError"
  constructor() {
    super(ACCOUNT_KEY_MISSING)
  }
}

/** The cipher of the configured keys, or null when the store has no account key. */
export function accountCipherOf(
  options: Pick<PiastrixOptions, "accountKey" | "previousAccountKeys">
): AccountCipher | null {
  if (!options.accountKey) {
    return null
  }
  return createAccountCipher(
    parseAccountKey(options.accountKey, "accountKey"),
    options.previousAccountKeys.map((key, i) =>
      parseAccountKey(key, `previousAccountKeys[${i}]`)
    )
  )
}

export function requireAccountCipher(
  cipher: AccountCipher | null | undefined
): AccountCipher {
  if (!cipher) {
    throw new AccountKeyMissingError()
  }
  return cipher
}

/**
 * The place a sealed value belongs to: its recipient and field. A payout copies its recipient's sealed
 * values, and is paid to that recipient, so the same place opens them.
 */
export const accountContext = (recipientId: string, field: string) =>
  `${recipientId}/${field}`

export type AccountFields = {
  account: string
  account_details: Record<string, unknown> | null
}

export type SealedAccountFields = {
  account?: string
  account_masked?: string | null
  account_details?: Record<string, string> | null
}

/** Seals the account fields `fields` has (an update may change one), and the masked account shown in their place. */
export function sealAccountFields(
  cipher: AccountCipher,
  recipientId: string,
  fields: Partial<AccountFields>
): SealedAccountFields {
  const sealed: SealedAccountFields = {}
  if (fields.account !== undefined) {
    sealed.account = cipher.seal(
      fields.account,
      accountContext(recipientId, "account")
    )
    sealed.account_masked = maskAccount(fields.account)
  }
  if (fields.account_details !== undefined) {
    sealed.account_details =
      fields.account_details === null
        ? null
        : Object.fromEntries(
            Object.entries(fields.account_details).map(([name, value]) => [
              name,
              cipher.seal(
                String(value),
                accountContext(recipientId, `account_details.${name}`)
              ),
            ])
          )
  }
  return sealed
}

/** The plaintext of a stored account and its details, for the one call that needs them; refuses without a key. */
export function openAccountFields(
  cipher: AccountCipher | null | undefined,
  recipientId: string,
  stored: AccountFields
): AccountFields {
  const c = requireAccountCipher(cipher)
  return {
    account: c.open(stored.account, accountContext(recipientId, "account")),
    account_details:
      stored.account_details === null
        ? null
        : Object.fromEntries(
            Object.entries(stored.account_details).map(([name, value]) => [
              name,
              c.open(
                String(value),
                accountContext(recipientId, `account_details.${name}`)
              ),
            ])
          ),
  }
}

/** How a hidden value is shown: the admin sees which account fields are set, not what they hold. */
export const HIDDEN_VALUE = "•••"

/**
 * What a response or a log line may say about a stored account: the masked account (a row not sealed yet is
 * masked on the spot), and the details by name only. Never the sealed text either.
 */
export function maskedAccountFields(row: {
  account: string
  account_masked?: string | null
  account_details: Record<string, unknown> | null
}): { account: string; account_details: Record<string, string> | null } {
  return {
    account:
      row.account_masked ??
      (isSealed(row.account) ? null : maskAccount(row.account)) ??
      HIDDEN_VALUE,
    account_details:
      row.account_details === null
        ? null
        : Object.fromEntries(
            Object.keys(row.account_details).map((name) => [name, HIDDEN_VALUE])
          ),
  }
}

/**
 * A recipient or payout as the admin API returns it: its account masked, the sealed text and the copy left
 * out, and its currency also by its code (`currency_code: "RUB"` beside `currency: 643`), so the admin shows
 * amounts with their currency. A code the ISO table does not know (a currency override) stays numeric.
 */
export function withMaskedAccount<
  T extends {
    account: string
    account_masked?: string | null
    account_details: Record<string, unknown> | null
    currency: number
  },
>(
  row: T
): Omit<T, "account" | "account_details" | "account_masked"> &
  ReturnType<typeof maskedAccountFields> & { currency_code: string } {
  const { account_masked: _masked, ...rest } = row
  return {
    ...rest,
    ...maskedAccountFields(row),
    currency_code: defaultCurrencyTable.codeOf(row.currency),
  } as never
}
