import { decimalOf, formatAmount, formatNumber } from "../amounts"

// Intl separates groups with no-break spaces; compared with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ")

describe("amounts as a person reads them", () => {
  it("shows the currency and the language's digits and separators", () => {
    expect(plain(formatAmount("1000443.25", "RUB", "ru"))).toBe(
      "1 000 443,25 ₽"
    )
    expect(plain(formatAmount("1000443.25", "RUB", "en"))).toBe(
      "RUB 1,000,443.25"
    )
    expect(plain(formatAmount("135.00", "USD", "en"))).toBe("$135.00")
  })

  it("pads a whole amount to its currency's digits, and keeps a currency without minor units whole", () => {
    expect(plain(formatAmount("10000", "RUB", "ru"))).toBe("10 000,00 ₽")
    expect(plain(formatAmount("0", "RUB", "en"))).toBe("RUB 0.00")
    expect(plain(formatAmount("5000", "JPY", "en"))).toBe("¥5,000")
  })

  it("formats the exact decimal, never through a float", () => {
    // 2^53 + 1 as a float would print ...992.
    expect(plain(formatAmount("9007199254740993.10", "RUB", "en"))).toBe(
      "RUB 9,007,199,254,740,993.10"
    )
    expect(plain(formatAmount("-1012.90", "RUB", "ru"))).toBe("-1 012,90 ₽")
  })

  it("keeps a currency Intl does not know by its code, and a missing amount as a dash", () => {
    expect(plain(formatAmount("12.5", "USDT", "en"))).toBe("12.5 USDT")
    expect(formatAmount(null, "RUB", "en")).toBe("—")
    expect(formatAmount("", "RUB", "en")).toBe("—")
    expect(plain(formatAmount("12.50", null, "ru"))).toBe("12,50")
  })

  it("shows plain numbers in the language's format", () => {
    expect(formatNumber("2.5", "ru")).toBe("2,5")
    expect(formatNumber("2.5", "en")).toBe("2.5")
    expect(formatNumber(undefined, "en")).toBe("—")
  })

  it("reads an amount typed the reader's way as the API's decimal", () => {
    expect(decimalOf("1 250,50")).toBe("1250.50")
    expect(decimalOf("-10,00")).toBe("-10.00")
    expect(decimalOf("1,250.50")).toBe("1250.50")
    expect(decimalOf(" 300.00 ")).toBe("300.00")
    expect(decimalOf("ten")).toBe("ten")
  })
})
