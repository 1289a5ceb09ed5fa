import { randomBytes } from "node:crypto"
import {
  AccountCipherError,
  accountKeyId,
  createAccountCipher,
  isSealed,
  parseAccountKey,
} from "../account-cipher"
import {
  accountCipherOf,
  AccountKeyMissingError,
  maskedAccountFields,
  openAccountFields,
  sealAccountFields,
  withMaskedAccount,
} from "../accounts"
import { parsePiastrixOptions } from "../../plugin/options"

const CARD = "4242424242424242"
const PLACE = "pxrcp_1/account"
const keyA = randomBytes(32)
const keyB = randomBytes(32)

/** Flips one bit of a base64 part of a sealed value (1: iv, 2: tag, 3: data, counted after the key id). */
function tamper(sealed: string, part: 3 | 4 | 5): string {
  const parts = sealed.split(":")
  const bytes = Buffer.from(parts[part], "base64")
  bytes[0] ^= 1
  parts[part] = bytes.toString("base64")
  return parts.join(":")
}

describe("account cipher", () => {
  it("seals an account into a self-describing value that opens to it, a new IV each time", () => {
    const cipher = createAccountCipher(keyA)
    const sealed = cipher.seal(CARD, PLACE)
    const again = cipher.seal(CARD, PLACE)
    expect(sealed).toMatch(
      new RegExp(
        `^pxenc:v1:${accountKeyId(keyA)}:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$`
      )
    )
    expect(sealed).not.toContain(CARD)
    expect(again).not.toBe(sealed)
    expect(cipher.open(sealed, PLACE)).toBe(CARD)
    expect(cipher.open(again, PLACE)).toBe(CARD)
    expect(isSealed(sealed)).toBe(true)
    expect(isSealed(CARD)).toBe(false)
    expect(cipher.isCurrent(sealed)).toBe(true)
  })

  it.each([
    ["its IV", 3],
    ["its tag", 4],
    ["its data", 5],
  ] as const)("refuses a value whose %s was changed", (_, part) => {
    const cipher = createAccountCipher(keyA)
    const sealed = cipher.seal(CARD, PLACE)
    expect(() => cipher.open(tamper(sealed, part), PLACE)).toThrow(
      /integrity check/
    )
  })

  it("refuses a truncated tag, a value moved to another place, plaintext and unknown formats", () => {
    const cipher = createAccountCipher(keyA)
    const sealed = cipher.seal(CARD, PLACE)
    const parts = sealed.split(":")
    parts[4] = Buffer.from(parts[4], "base64").subarray(0, 4).toString("base64")
    expect(() => cipher.open(parts.join(":"), PLACE)).toThrow(
      AccountCipherError
    )
    // Another recipient's row: the same bytes, another place.
    expect(() => cipher.open(sealed, "pxrcp_2/account")).toThrow(
      /integrity check/
    )
    expect(() => cipher.open(CARD, PLACE)).toThrow(/not encrypted/)
    expect(() => cipher.open("pxenc:v9:x:y:z:w", PLACE)).toThrow(
      /unknown format/
    )
  })

  it("refuses a value of a key it does not have, naming only the key's id", () => {
    const sealed = createAccountCipher(keyA).seal(CARD, PLACE)
    const other = createAccountCipher(keyB)
    expect(() => other.open(sealed, PLACE)).toThrow(
      new RegExp(`key ${accountKeyId(keyA)}`)
    )
    expect(other.isCurrent(sealed)).toBe(false)
  })

  it("opens a previous key's values and seals only with the current key (rotation)", () => {
    const old = createAccountCipher(keyA)
    const sealedOld = old.seal(CARD, PLACE)
    const rotated = createAccountCipher(keyB, [keyA])
    expect(rotated.keyId).toBe(accountKeyId(keyB))
    expect(rotated.isCurrent(sealedOld)).toBe(false)
    expect(rotated.open(sealedOld, PLACE)).toBe(CARD)
    const resealed = rotated.seal(rotated.open(sealedOld, PLACE), PLACE)
    expect(rotated.isCurrent(resealed)).toBe(true)
    // Once the old key is dropped, only the re-sealed value opens.
    const after = createAccountCipher(keyB)
    expect(after.open(resealed, PLACE)).toBe(CARD)
    expect(() => after.open(sealedOld, PLACE)).toThrow(AccountCipherError)
  })

  it.each([
    ["64 hex characters", keyA.toString("hex"), keyA],
    ["base64", keyA.toString("base64"), keyA],
    ["base64 with spaces around", ` ${keyB.toString("base64")}\n`, keyB],
  ])("reads a key given as %s", (_, text, key) => {
    expect(parseAccountKey(text, "accountKey").equals(key)).toBe(true)
  })

  it.each([
    ["too short", randomBytes(16).toString("base64")],
    ["not a key", "my secret passphrase"],
    ["hex of 31 bytes", randomBytes(31).toString("hex")],
  ])("refuses a key that is %s, naming the option", (_, text) => {
    expect(() => parseAccountKey(text, "accountKey")).toThrow(/^accountKey /)
  })
})

describe("stored account fields", () => {
  const cipher = createAccountCipher(keyA)

  it("seals the account and each detail for their recipient, with the masked account", () => {
    const sealed = sealAccountFields(cipher, "pxrcp_1", {
      account: CARD,
      account_details: { holder: "IVAN PETROV" },
    })
    expect(sealed.account_masked).toBe("42••••••••••4242")
    expect(JSON.stringify(sealed)).not.toMatch(/4242424242424242|PETROV/)
    expect(
      openAccountFields(cipher, "pxrcp_1", {
        account: sealed.account!,
        account_details: sealed.account_details!,
      })
    ).toEqual({ account: CARD, account_details: { holder: "IVAN PETROV" } })
    // A detail's value does not open as the account, nor for another recipient.
    expect(() =>
      openAccountFields(cipher, "pxrcp_1", {
        account: sealed.account_details!.holder,
        account_details: null,
      })
    ).toThrow(AccountCipherError)
    expect(() =>
      openAccountFields(cipher, "pxrcp_2", {
        account: sealed.account!,
        account_details: null,
      })
    ).toThrow(AccountCipherError)
  })

  it("seals only the fields an update changes", () => {
    expect(sealAccountFields(cipher, "pxrcp_1", {})).toEqual({})
    expect(
      sealAccountFields(cipher, "pxrcp_1", { account_details: null })
    ).toEqual({ account_details: null })
  })

  it("refuses to open without a key, naming PIASTRIX_ACCOUNT_KEY", () => {
    const sealed = sealAccountFields(cipher, "pxrcp_1", { account: CARD })
    expect(() =>
      openAccountFields(null, "pxrcp_1", {
        account: sealed.account!,
        account_details: null,
      })
    ).toThrow(AccountKeyMissingError)
    expect(new AccountKeyMissingError().message).toMatch(/PIASTRIX_ACCOUNT_KEY/)
  })

  it("shows a row masked: the stored mask, a plaintext row masked on the spot, details by name only, never the sealed text; its currency by code", () => {
    const sealed = sealAccountFields(cipher, "pxrcp_1", {
      account: CARD,
      account_details: { holder: "IVAN PETROV" },
    })
    const row = {
      id: "pxrcp_1",
      account: sealed.account!,
      account_masked: sealed.account_masked!,
      account_details: sealed.account_details!,
      currency: 643,
    }
    const view = withMaskedAccount(row)
    expect(view).toEqual({
      id: "pxrcp_1",
      account: "42••••••••••4242",
      account_details: { holder: "•••" },
      currency: 643,
      currency_code: "RUB",
    })
    expect(
      maskedAccountFields({ account: CARD, account_details: null }).account
    ).toBe("42••••••••••4242")
    expect(
      maskedAccountFields({ account: sealed.account!, account_details: null })
        .account
    ).toBe("•••")
  })
})

describe("account key options", () => {
  const base = { shopId: 1, secretKey: "s" }

  it("has no key by default: payments need none", () => {
    const options = parsePiastrixOptions(base)
    expect(options.accountKey).toBeUndefined()
    expect(accountCipherOf(options)).toBeNull()
    expect(
      parsePiastrixOptions({ ...base, accountKey: "" }).accountKey
    ).toBeUndefined()
  })

  it("reads the key and the previous keys, as a list or the comma-separated variable", () => {
    const options = parsePiastrixOptions({
      ...base,
      accountKey: keyB.toString("base64"),
      previousAccountKeys: `${keyA.toString("hex")}, `,
    })
    expect(options.previousAccountKeys).toEqual([keyA.toString("hex")])
    const cipher = accountCipherOf(options)!
    expect(cipher.keyId).toBe(accountKeyId(keyB))
    const old = createAccountCipher(keyA).seal(CARD, PLACE)
    expect(cipher.open(old, PLACE)).toBe(CARD)
  })

  it.each([
    ["accountKey", { accountKey: "sandbox-secret" }],
    ["previousAccountKeys.0", { previousAccountKeys: ["short"] }],
  ])("stops the boot naming %s when a key is not 32 bytes", (name, bad) => {
    expect(() => parsePiastrixOptions({ ...base, ...bad })).toThrow(
      `piastrix options.${name}: must be 32 random bytes`
    )
  })
})
