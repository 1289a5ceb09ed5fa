import BigNumber from "bignumber.js"
import fc from "fast-check"
import { fixedSeed } from "../../../../integration-tests/helpers/fuzz"
import { CurrencyTable, defaultCurrencyTable } from "../currency"
import { PiastrixValidationError } from "../errors"
import * as lib from "../index"
import {
  fromWireAmount,
  parseAmount,
  toWireAmount,
  toWireAmountStrict,
} from "../money"

describe("currencies", () => {
  it("resolves alpha codes in any case and numeric codes to the same ISO currency", () => {
    const rub = { alpha: "RUB", numeric: 643, digits: 2 }
    expect(defaultCurrencyTable.resolve("RUB")).toEqual(rub)
    expect(defaultCurrencyTable.resolve("rub")).toEqual(rub)
    expect(defaultCurrencyTable.resolve(643)).toEqual(rub)
    expect(defaultCurrencyTable.resolve("643")).toEqual(rub)
    expect(defaultCurrencyTable.resolve("KWD").digits).toBe(3)
    expect(defaultCurrencyTable.resolve("JPY").digits).toBe(0)
  })

  it("looks up the alpha code of a numeric code from the wire", () => {
    expect(defaultCurrencyTable.alphaOf(978)).toBe("EUR")
    expect(defaultCurrencyTable.alphaOf("980")).toBe("UAH")
    expect(defaultCurrencyTable.alphaOf(1)).toBeUndefined()
  })

  it("names a numeric code for staff: its alpha code, else the code as it came", () => {
    expect(defaultCurrencyTable.codeOf(643)).toBe("RUB")
    expect(defaultCurrencyTable.codeOf("980")).toBe("UAH")
    expect(defaultCurrencyTable.codeOf(1)).toBe("1")
    expect(defaultCurrencyTable.codeOf("1")).toBe("1")
  })

  it("rejects an unknown currency, naming the field", () => {
    expect(() => defaultCurrencyTable.resolve("XYZ", "shop_currency")).toThrow(
      PiastrixValidationError
    )
    expect(() => defaultCurrencyTable.resolve("XYZ", "shop_currency")).toThrow(
      /shop_currency: unknown currency "XYZ"/
    )
  })

  it("lets the caller override digits and numeric codes, and add a currency ISO lacks", () => {
    const table = new CurrencyTable({
      rub: { digits: 0 },
      USDT: { numeric: 1001, digits: 6 },
    })
    expect(table.resolve("RUB")).toEqual({
      alpha: "RUB",
      numeric: 643,
      digits: 0,
    })
    expect(table.resolve(1001)).toEqual({
      alpha: "USDT",
      numeric: 1001,
      digits: 6,
    })
    expect(table.alphaOf(1001)).toBe("USDT")
    expect(toWireAmount("1.5", "USDT", { currencies: table })).toBe("1.500000")
  })

  it("refuses an override of an unknown currency that lacks numeric or digits", () => {
    expect(() => new CurrencyTable({ USDT: { digits: 2 } })).toThrow(
      /currencyOverrides.USDT/
    )
  })
})

describe("toWireAmount", () => {
  it.each([
    ["10", "RUB", "10.00"],
    ["5", "JPY", "5"],
    ["1.2345", "KWD", "1.235"],
    ["1.2344", "KWD", "1.234"],
    ["0.005", "RUB", "0.01"],
    ["2.5", "JPY", "3"],
    ["-1.005", "USD", "-1.01"],
  ])("formats %s %s as %s, rounding half up", (amount, currency, wire) => {
    expect(toWireAmount(amount, currency)).toBe(wire)
  })

  it("accepts numbers, bignumber.js values, Medusa raw amounts and Medusa-like BigNumber objects", () => {
    expect(toWireAmount(12.34, "RUB")).toBe("12.34")
    expect(toWireAmount(new BigNumber("99.999"), "RUB")).toBe("100.00")
    expect(
      toWireAmount({ value: "10.000000000000000000", precision: 20 }, "RUB")
    ).toBe("10.00")
    expect(toWireAmount({ raw: { value: "7.5" }, numeric: 7.5 }, "EUR")).toBe(
      "7.50"
    )
    expect(toWireAmount({ toString: () => "3.10" }, "USD")).toBe("3.10")
    expect(toWireAmount({ numeric: 4 }, "USD")).toBe("4.00")
  })

  it("rejects text that is not a number, naming the field", () => {
    expect(() => toWireAmount("ten", "RUB", { field: "shop_amount" })).toThrow(
      /shop_amount/
    )
    expect(() => toWireAmount(Number.NaN, "RUB")).toThrow(
      PiastrixValidationError
    )
    expect(() => toWireAmount({} as never, "RUB")).toThrow(
      PiastrixValidationError
    )
  })
})

describe("toWireAmountStrict", () => {
  it("rejects an amount with more digits than the currency has instead of rounding it", () => {
    expect(() => toWireAmountStrict("10.001", "RUB")).toThrow(
      /amount: 10.001 has more decimal digits than RUB allows \(2\)/
    )
    expect(() => toWireAmountStrict("1.5", "JPY")).toThrow(
      PiastrixValidationError
    )
  })

  it("does not count trailing zeros of Medusa's raw amounts as digits", () => {
    expect(
      toWireAmountStrict(
        { value: "1234.1000000000000000", precision: 20 },
        "RUB"
      )
    ).toBe("1234.10")
  })

  it.each([["0"], ["-5"], ["NaN"], [""]])(
    "rejects %j as an amount to charge, naming the field",
    (amount) => {
      expect(() =>
        toWireAmountStrict(amount, "RUB", { field: "shop_amount" })
      ).toThrow(expect.objectContaining({ field: "shop_amount" }))
    }
  )
})

describe("fromWireAmount", () => {
  it("reads numbers and strings from the wire without float noise", () => {
    expect(fromWireAmount("12.34", "RUB")).toBe("12.34")
    expect(fromWireAmount(12.34, "RUB")).toBe("12.34")
    expect(fromWireAmount("10", "RUB")).toBe("10.00")
    expect(fromWireAmount(0.1, "USD")).toBe("0.10")
    expect(parseAmount(27051.71)?.toFixed()).toBe("27051.71")
  })

  it("keeps digits beyond the currency's instead of rounding a received amount", () => {
    expect(fromWireAmount("10.005", "RUB")).toBe("10.005")
  })
})

describe("money properties", () => {
  const currencies = ["JPY", "RUB", "KWD"] as const
  const digitsOf = { JPY: 0, RUB: 2, KWD: 3 }
  // Amounts as integers of a fine unit (1e-6), so the arbitrary covers more digits than any currency has.
  const micros = fc.bigInt({ min: 1n, max: 10n ** 15n })
  const asDecimal = (m: bigint) =>
    new BigNumber(m.toString()).shiftedBy(-6).toFixed()

  it("always writes exactly the currency's digits", () => {
    fc.assert(
      fc.property(micros, fc.constantFrom(...currencies), (m, currency) => {
        const wire = toWireAmount(asDecimal(m), currency)
        const fraction = wire.split(".")[1] ?? ""
        expect(fraction.length).toBe(digitsOf[currency])
      }),
      fixedSeed()
    )
  })

  it("rounds half up and never moves more than half a minor unit", () => {
    fc.assert(
      fc.property(micros, fc.constantFrom(...currencies), (m, currency) => {
        const exact = new BigNumber(asDecimal(m))
        const wire = new BigNumber(toWireAmount(exact.toFixed(), currency))
        const half = new BigNumber(1).shiftedBy(-digitsOf[currency]).div(2)
        const diff = wire.minus(exact)
        expect(diff.abs().lte(half)).toBe(true)
        // Exactly halfway goes up, never down.
        if (diff.abs().eq(half)) {
          expect(diff.isPositive()).toBe(true)
        }
      }),
      fixedSeed()
    )
  })

  it.each([
    ["0.5", "JPY", "1"],
    ["12.345", "RUB", "12.35"],
    ["999.995", "RUB", "1000.00"],
    ["0.0005", "KWD", "0.001"],
    ["7.0625", "KWD", "7.063"],
  ])("rounds the halfway amount %s %s up to %s", (amount, currency, wire) => {
    expect(toWireAmount(amount, currency)).toBe(wire)
  })

  it("rounds every amount exactly halfway between two minor units up", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.constantFrom(...currencies),
        (minor, currency) => {
          const digits = digitsOf[currency]
          // minor + 1/2 minor units: the one amount the random property above rarely draws.
          const halfway = new BigNumber(minor.toString())
            .plus(0.5)
            .shiftedBy(-digits)
          const up = new BigNumber((minor + 1n).toString())
            .shiftedBy(-digits)
            .toFixed(digits)
          expect(toWireAmount(halfway.toFixed(), currency)).toBe(up)
        }
      ),
      fixedSeed()
    )
  })

  it("round-trips wire amounts through fromWireAmount and the strict formatter", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.constantFrom(...currencies),
        (minor, currency) => {
          const wire = new BigNumber(minor.toString())
            .shiftedBy(-digitsOf[currency])
            .toFixed(digitsOf[currency])
          expect(fromWireAmount(wire, currency)).toBe(wire)
          expect(
            toWireAmountStrict(fromWireAmount(wire, currency), currency)
          ).toBe(wire)
          expect(toWireAmount(wire, currency)).toBe(wire)
        }
      ),
      fixedSeed()
    )
  })

  it("accepts in strict mode exactly the amounts that need no rounding", () => {
    fc.assert(
      fc.property(micros, fc.constantFrom(...currencies), (m, currency) => {
        const text = asDecimal(m)
        const fits =
          (new BigNumber(text).decimalPlaces() ?? 0) <= digitsOf[currency]
        if (fits) {
          expect(toWireAmountStrict(text, currency)).toBe(
            toWireAmount(text, currency)
          )
        } else {
          expect(() => toWireAmountStrict(text, currency)).toThrow(
            PiastrixValidationError
          )
        }
      }),
      fixedSeed()
    )
  })
})

describe("public surface", () => {
  it("exports the client, the money helpers and the wire schemas from one entry point", () => {
    expect(typeof lib.PiastrixClient).toBe("function")
    expect(lib.toWireAmount("1", "RUB")).toBe("1.00")
    expect(lib.invoiceCreateRequestSchema.safeParse({}).success).toBe(false)
    expect(lib.PiastrixErrorCode.AMOUNT_TOO_SMALL).toBe(4)
  })
})
