import {
  isAmountRefusal,
  isInsufficientBalance,
  isIpRefusal,
  isNotFound,
  isNotUnique,
  isParameterRefusal,
  isPassingRefusal,
  isPaywayRefusal,
  isSignatureRefusal,
  PiastrixApiError,
  PiastrixError,
  PiastrixNetworkError,
  PollThrottledError,
} from ".."

const refusal = (
  errorCode: number,
  message = "refused",
  endpoint = "/invoice/create"
) => new PiastrixApiError({ endpoint, errorCode, message, httpStatus: 200 })

describe("the vocabulary of the service's refusals", () => {
  it("reads a bad signature from code 1 or 10 with 'sign' in the message, and never as a payway or parameter problem", () => {
    for (const code of [1, 10]) {
      const bad = refusal(code, "Wrong sign")
      expect(isSignatureRefusal(bad)).toBe(true)
      expect(isPaywayRefusal(bad)).toBe(false)
      expect(isParameterRefusal(bad)).toBe(false)
      expect(isPassingRefusal(bad)).toBe(true)
    }
    expect(isSignatureRefusal(refusal(1, "Payway not found"))).toBe(false)
    expect(isPaywayRefusal(refusal(1, "Payway not found"))).toBe(true)
    expect(isParameterRefusal(refusal(10, "amount: field required"))).toBe(true)
  })

  it("reads not found as 7 anywhere, and 2000 only on the withdraw status endpoints", () => {
    expect(
      isNotFound(refusal(7, "not found", "/transfer/shop_payment_status"))
    ).toBe(true)
    expect(isNotFound(refusal(7, "not found", "/invoice/check"))).toBe(true)
    expect(
      isNotFound(
        refusal(2000, "Withdraw not found", "/withdraw/shop_payment_status")
      )
    ).toBe(true)
    expect(
      isNotFound(refusal(2000, "Withdraw not found", "/withdraw/status"))
    ).toBe(true)
    // Elsewhere 2000 is a generic failure (the strict sandbox's "too many requests" among them): never "never made".
    expect(
      isNotFound(
        refusal(2000, "Too many requests", "/transfer/shop_payment_status")
      )
    ).toBe(false)
    expect(
      isNotFound(refusal(2000, "Too many requests", "/invoice/check"))
    ).toBe(false)
  })

  it("names each refusal by its codes", () => {
    expect(isNotUnique(refusal(6))).toBe(true)
    expect(isAmountRefusal(refusal(4)) && isAmountRefusal(refusal(5))).toBe(
      true
    )
    expect([2, 3].every((code) => isPaywayRefusal(refusal(code)))).toBe(true)
    expect(isInsufficientBalance(refusal(9))).toBe(true)
    expect(isIpRefusal(refusal(15))).toBe(true)
    expect(
      [9, 8, 11, 12, 15].every((code) => isPassingRefusal(refusal(code)))
    ).toBe(true)
    expect(
      [4, 6, 7, 13, 14, 100].some((code) => isPassingRefusal(refusal(code)))
    ).toBe(false)
  })

  it("answers no for anything that is not a refusal of the service", () => {
    const network = new PiastrixNetworkError(
      "/invoice/check",
      { kind: "timeout", message: "timeout" },
      3
    )
    for (const predicate of [
      isSignatureRefusal,
      isNotFound,
      isNotUnique,
      isInsufficientBalance,
      isPassingRefusal,
    ]) {
      expect(predicate(network)).toBe(false)
      expect(predicate(new Error("Wrong sign"))).toBe(false)
      expect(predicate(undefined)).toBe(false)
    }
  })

  it("keeps a status read refused by the polling limits inside the client's error tree", () => {
    const throttled = new PollThrottledError(
      "/invoice/check",
      "payses_1",
      10_000,
      4_000
    )
    expect(throttled).toBeInstanceOf(PiastrixError)
    expect(throttled.name).toBe("PollThrottledError")
    expect(throttled.endpoint).toBe("/invoice/check")
    expect(throttled.retryAfterMs).toBe(6000)
  })
})
