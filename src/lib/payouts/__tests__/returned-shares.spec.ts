import BigNumber from "bignumber.js"
import { reversalLegs, type Leg } from "../postings"
import {
  returnedPartOf,
  spreadReturned,
  stillToReverse,
  type AccrualPart,
} from "../returned-shares"

const text = (p: AccrualPart) => ({
  share: p.share.toFixed(),
  commission: p.commission.toFixed(),
  gross: p.gross.toFixed(),
})
const sum = (legs: Leg[]) =>
  legs.reduce((t, l) => t.plus(l.amount), new BigNumber(0)).toFixed()

/** Each return's reversal when `returns` items come back one return after another. */
function reversalsOf(
  accrued: { share: string; commission: string },
  quantity: number,
  returns: number[],
  digits = 2
) {
  const reversed = { share: new BigNumber(0), commission: new BigNumber(0) }
  let returned = 0
  return returns.map((n) => {
    returned += n
    const part = stillToReverse(
      returnedPartOf(accrued, returned, quantity, digits),
      reversed
    )
    reversed.share = reversed.share.plus(part.share)
    reversed.commission = reversed.commission.plus(part.commission)
    return text(part)
  })
}

describe("returnedPartOf", () => {
  it.each([
    // share, commission, returned of quantity -> share, commission, gross
    ["900.00", "100.00", 1, 2, "450", "50", "500"],
    ["100.00", "0.01", 1, 3, "33.33", "0", "33.33"],
    ["100.00", "0.01", 2, 3, "66.67", "0.01", "66.68"], // 66.666.. and 0.00666.. round half up
    ["100.00", "0.01", 3, 3, "100", "0.01", "100.01"], // all returned: exactly the accrual
    ["100", "10", 1, 3, "33", "3", "36"], // a currency without minor units
    ["900.00", "100.00", 5, 2, "900", "100", "1000"], // never more than accrued
  ])(
    "%s + %s commission, %i of %i items returned: %s + %s = %s",
    (share, commission, returned, quantity, s, c, g) => {
      const digits = share.includes(".") ? 2 : 0
      expect(
        text(returnedPartOf({ share, commission }, returned, quantity, digits))
      ).toEqual({ share: s, commission: c, gross: g })
    }
  )

  it("refuses an accrual without items", () => {
    expect(() =>
      returnedPartOf({ share: "1", commission: "0" }, 1, 0, 2)
    ).toThrow(/quantity/)
  })
})

describe("a return's reversal", () => {
  it("gives back one item's part per return, the last one the remainder, never more than accrued", () => {
    const parts = reversalsOf(
      { share: "100.00", commission: "0.01" },
      3,
      [1, 1, 1]
    )
    expect(parts).toEqual([
      { share: "33.33", commission: "0", gross: "33.33" },
      { share: "33.34", commission: "0.01", gross: "33.35" },
      { share: "33.33", commission: "0", gross: "33.33" },
    ])
    const total = parts.reduce(
      (t, p) => ({
        share: t.share.plus(p.share),
        commission: t.commission.plus(p.commission),
      }),
      { share: new BigNumber(0), commission: new BigNumber(0) }
    )
    expect(total.share.toFixed()).toBe("100")
    expect(total.commission.toFixed()).toBe("0.01")
  })

  it("reverses nothing again for a return already counted, nor after a cancel took everything", () => {
    expect(
      reversalsOf({ share: "900.00", commission: "100.00" }, 2, [1, 0])
    ).toEqual([
      { share: "450", commission: "50", gross: "500" },
      { share: "0", commission: "0", gross: "0" },
    ])
    const canceled = { share: "900.00", commission: "100.00" }
    expect(
      text(
        stillToReverse(returnedPartOf(canceled, 1, 2, 2), {
          share: new BigNumber("900"),
          commission: new BigNumber("100"),
        })
      )
    ).toEqual({ share: "0", commission: "0", gross: "0" })
  })

  it("makes balanced legs: from held while held, else available and the rest a clawback", () => {
    const part = returnedPartOf(
      { share: "100.00", commission: "0.01" },
      2,
      3,
      2
    )
    const held = reversalLegs("r1", part, { released: false, available: "0" })
    expect(sum(held)).toBe("0")
    expect(held.find((l) => l.account === "held")?.amount).toBe("-66.67")
    const paid = reversalLegs("r1", part, { released: true, available: "10" })
    expect(sum(paid)).toBe("0")
    expect(Object.fromEntries(paid.map((l) => [l.account, l.amount]))).toEqual({
      available: "-10",
      clawback: "-56.67",
      platform_commission: "-0.01",
      shop_sales: "66.68",
    })
  })
})

describe("spreadReturned", () => {
  it("fills the oldest accrual of a line first, then the next", () => {
    const accruals = [
      { id: "a", quantity: 2 },
      { id: "b", quantity: 1 },
    ]
    expect(spreadReturned(accruals, 1).map((a) => a.returned)).toEqual([1, 0])
    expect(spreadReturned(accruals, 3).map((a) => a.returned)).toEqual([2, 1])
    expect(spreadReturned(accruals, 9).map((a) => a.returned)).toEqual([2, 1])
    expect(spreadReturned(accruals, 0).map((a) => a.returned)).toEqual([0, 0])
  })
})
