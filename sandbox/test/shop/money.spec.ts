import {
  currencyDigits,
  dec,
  feeOf,
  formatAmount,
  netOfFee,
} from "../../src/money"

describe("sandbox money", () => {
  it.each([
    [643, 2],
    [840, 2],
    [392, 0],
    [48, 3],
    [999999, 2],
  ])("knows currency %i has %i digits", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits)
  })

  it.each([
    ["1000.00", { fix: "30", percent: "1" }, "40.00"],
    ["100.00", { fix: "0", percent: "2.5" }, "2.50"],
    ["10.01", { fix: "0.30", percent: "3" }, "0.60"],
    ["0.10", { fix: "0", percent: "0" }, "0.00"],
  ])("takes fix plus percent of %s", (amount, fee, expected) => {
    expect(formatAmount(feeOf(dec(amount), fee, 643), 643)).toBe(expected)
  })

  it("finds the net amount whose fee brings it back to the total", () => {
    const fee = { fix: "30", percent: "1" }
    const net = netOfFee(dec("1040.00"), fee, 643)
    expect(formatAmount(net, 643)).toBe("1000.00")
    expect(formatAmount(net.plus(feeOf(net, fee, 643)), 643)).toBe("1040.00")
  })

  it("formats with the currency's digits, never through a float", () => {
    expect(formatAmount(dec("0.1").plus("0.2"), 643)).toBe("0.30")
    expect(formatAmount(dec("12345678901234.5"), 643)).toBe("12345678901234.50")
  })
})
