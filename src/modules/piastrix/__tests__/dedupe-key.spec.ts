import { notificationDedupeKey } from "../dedupe-key"

const fields = {
  status: "success",
  shop_id: "1",
  shop_order_id: "payses_01",
  shop_amount: "1.00",
  shop_currency: "643",
  payment_id: "77",
}

describe("notificationDedupeKey", () => {
  it("gives a resent notification the same key, whatever the field order or the signature", () => {
    const reordered = Object.fromEntries(Object.entries(fields).reverse())
    expect(notificationDedupeKey({ ...reordered, sign: "abc" })).toBe(notificationDedupeKey(fields))
    expect(notificationDedupeKey(fields)).toMatch(/^[0-9a-f]{64}$/)
  })

  it("keeps a rejection and a success of the same order apart", () => {
    expect(notificationDedupeKey({ ...fields, status: "rejected" })).not.toBe(notificationDedupeKey(fields))
  })

  it("tells amounts apart by their text, as they were signed", () => {
    expect(notificationDedupeKey({ ...fields, shop_amount: "1.0" })).not.toBe(notificationDedupeKey(fields))
  })

  it("does not confuse a field moved into another field's value", () => {
    const a = notificationDedupeKey({ a: "b:c" })
    const b = notificationDedupeKey({ "a:b": "c" })
    expect(a).not.toBe(b)
  })
})
