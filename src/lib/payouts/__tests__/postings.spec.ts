import BigNumber from "bignumber.js"
import {
  accrualLegs,
  adjustmentLegs,
  checkPosting,
  commissionOf,
  fulfilledSaleOf,
  payableOf,
  payoutCreatedLegs,
  payoutReturnedLegs,
  payoutSucceededLegs,
  releaseLegs,
  reversalLegs,
  type Leg,
} from "../postings"

const sum = (legs: Leg[]) =>
  legs.reduce((t, l) => t.plus(l.amount), new BigNumber(0)).toFixed()
const byAccount = (legs: Leg[]) =>
  Object.fromEntries(legs.map((l) => [l.account, l.amount]))

describe("commissionOf", () => {
  it.each([
    ["100.00", 1, "10", "0", "10"],
    ["99.99", 1, "2.5", "0", "2.5"], // 2.49975 rounds half up to 2.50
    ["100.00", 3, "0", "1.50", "4.5"],
    ["33.33", 2, "10", "0.50", "4.33"],
    ["5.00", 1, "50", "10", "5"], // never more than the sale
  ])(
    "%s for %i item(s) at %s%% + %s each is %s",
    (gross, quantity, percent, fixed, expected) => {
      expect(
        commissionOf(gross, quantity, { percent, fixed }, 2).toFixed()
      ).toBe(new BigNumber(expected).toFixed())
    }
  )
})

describe("postings", () => {
  it("an accrual puts the share into held and the commission to the platform, balanced against the sales", () => {
    const legs = accrualLegs("r1", "100.00", "10")
    expect(byAccount(legs)).toEqual({
      held: "90",
      platform_commission: "10",
      shop_sales: "-100",
    })
    expect(sum(legs)).toBe("0")
  })

  it("every lifecycle posting sums to zero", () => {
    for (const legs of [
      releaseLegs("r1", "90"),
      payoutCreatedLegs("r1", "60", "30"),
      payoutSucceededLegs("r1", "60"),
      payoutReturnedLegs("r1", "60"),
      adjustmentLegs("r1", "-12.34"),
    ]) {
      expect(sum(legs)).toBe("0")
    }
  })

  it("reverses a held accrual out of held", () => {
    const legs = reversalLegs(
      "r1",
      { share: "90", commission: "10", gross: "100" },
      { released: false, available: "0" }
    )
    expect(byAccount(legs)).toEqual({
      held: "-90",
      platform_commission: "-10",
      shop_sales: "100",
    })
  })

  it("reverses a released accrual from available as far as it goes, the rest as a clawback", () => {
    const legs = reversalLegs(
      "r1",
      { share: "90", commission: "10", gross: "100" },
      { released: true, available: "30" }
    )
    expect(byAccount(legs)).toEqual({
      available: "-30",
      clawback: "-60",
      platform_commission: "-10",
      shop_sales: "100",
    })
    expect(sum(legs)).toBe("0")
  })

  it("takes nothing from a negative available balance: all of it becomes a clawback", () => {
    const legs = reversalLegs(
      "r1",
      { share: "90", commission: "10", gross: "100" },
      { released: true, available: "-5" }
    )
    expect(byAccount(legs)).toMatchObject({ available: "0", clawback: "-90" })
    expect(
      checkPosting({
        key: "k",
        kind: "reversal",
        currency: 643,
        legs,
      }).legs.map((l) => l.account)
    ).not.toContain("available")
  })

  it("pays the available balance less what the recipient owes, and never a negative one", () => {
    expect(payableOf({ available: "100", clawback: "-60" }).toFixed()).toBe(
      "40"
    )
    expect(payableOf({ available: "-10" }).toFixed()).toBe("-10")
    expect(payableOf({}).toFixed()).toBe("0")
  })
})

describe("checkPosting", () => {
  const base = { key: "k1", kind: "release" as const, currency: 643 }

  it("refuses legs that do not sum to zero, naming the sum", () => {
    expect(() =>
      checkPosting({
        ...base,
        legs: [{ account: "held", recipient_id: "r1", amount: "1.00" }],
      })
    ).toThrow(/sum to zero, this one sums to 1/)
  })

  it("refuses an adjustment without a reason", () => {
    expect(() =>
      checkPosting({
        ...base,
        kind: "adjustment",
        legs: adjustmentLegs("r1", "5"),
      })
    ).toThrow(/reason/)
    expect(
      checkPosting({
        ...base,
        kind: "adjustment",
        reason: "goodwill",
        legs: adjustmentLegs("r1", "5"),
      }).legs
    ).toHaveLength(2)
  })

  it("refuses a recipient account without a recipient and a platform account with one", () => {
    expect(() =>
      checkPosting({
        ...base,
        legs: [
          { account: "held", recipient_id: null, amount: "1" },
          { account: "shop_sales", recipient_id: null, amount: "-1" },
        ],
      })
    ).toThrow(/held needs a recipient/)
    expect(() =>
      checkPosting({
        ...base,
        legs: [
          { account: "held", recipient_id: "r1", amount: "1" },
          { account: "shop_sales", recipient_id: "r1", amount: "-1" },
        ],
      })
    ).toThrow(/shop_sales belongs to the platform/)
  })

  it("refuses a posting that moves nothing", () => {
    expect(() =>
      checkPosting({ ...base, legs: releaseLegs("r1", "0") })
    ).toThrow(/move money/)
  })
})

describe("fulfilledSaleOf", () => {
  // Lines as Medusa totals them (utils/totals/line-item): `subtotal` leaves tax out, also when the price
  // includes it; `tax_total` and `total` carry the tax.
  it.each([
    [
      {
        subtotal: "2501.00",
        discount_subtotal: "0",
        tax_total: "500.20",
        total: "3001.20",
        quantity: 2,
      },
      1,
      "1250.50",
    ],
    [
      {
        subtotal: "100.00",
        discount_subtotal: "10.00",
        tax_total: "18.00",
        total: "108.00",
        quantity: 3,
      },
      1,
      "30.00",
    ],
    [
      // A price of 120.00 that includes 20% VAT: 100.00 of it is the sale.
      {
        subtotal: "100.00",
        discount_subtotal: "0",
        tax_total: "20.00",
        total: "120.00",
        quantity: 3,
      },
      2,
      "66.67",
    ],
    [
      {
        subtotal: "100.00",
        discount_subtotal: null,
        tax_total: "0",
        total: "100.00",
        quantity: 1,
      },
      1,
      "100.00",
    ],
  ])(
    "the fulfilled part of %j (%i fulfilled) sold for %s, without tax",
    (line, fulfilled, expected) => {
      expect(fulfilledSaleOf(line, fulfilled, 2).toFixed(2)).toBe(expected)
    }
  )
})
