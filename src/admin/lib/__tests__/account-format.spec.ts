import { accountFormatOf } from "../account-format"

describe("a payout direction's account format in words", () => {
  it("reads the service's digit formats", () => {
    expect(accountFormatOf("^\\d{16,19}$")).toEqual({
      prefix: "",
      plus: false,
      min: 16,
      max: 19,
    })
    expect(accountFormatOf("^\\+?\\d{10,15}$")).toEqual({
      prefix: "",
      plus: true,
      min: 10,
      max: 15,
    })
    expect(accountFormatOf("^PL\\d{26}$")).toEqual({
      prefix: "PL",
      plus: false,
      min: 26,
      max: 26,
    })
    expect(accountFormatOf("^7\\d{10}$")).toEqual({
      prefix: "7",
      plus: false,
      min: 10,
      max: 10,
    })
  })

  it("leaves other shapes to be shown as written", () => {
    expect(accountFormatOf("^.{2,100}$")).toBeNull()
    expect(accountFormatOf("^[a-z]+$")).toBeNull()
    expect(accountFormatOf(null)).toBeNull()
  })
})
