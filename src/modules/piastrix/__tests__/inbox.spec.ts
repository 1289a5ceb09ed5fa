import { notificationDedupeKey } from "../repositories/inbox"
import {
  isPaymentSessionId,
  isPiastrixProviderId,
  kindOfProviderId,
  PROVIDER_IDENTIFIERS,
} from "../../../lib/plugin/identity"

const event = {
  shop_id: "5",
  shop_order_id: "payses_01M80JTJZBVBNTQNXBYP8GS89Z",
  payment_id: "77",
  status: "success",
}

describe("notificationDedupeKey", () => {
  it("gives a resend of the same event the same key, whatever else changed", () => {
    // A resend as the service makes it: same payment, order and status, but a later
    // processing time, other fees, another payer field and its own signature.
    const first = {
      ...event,
      shop_amount: "100.00",
      shop_currency: "643",
      processed: "2026-11-26 10:00:00",
      fields: { sign: "aa", client_price: "101.50" },
      raw: { shop_amount: "100.00", processed: "2026-11-26 10:00:00" },
    }
    const resend = {
      ...event,
      shop_amount: "100.0",
      shop_currency: "643",
      processed: "2026-11-26 10:05:00",
      payer_account: "79990000000",
      fields: { sign: "bb", client_price: "102.00" },
      raw: { shop_amount: "100.0", processed: "2026-11-26 10:05:00" },
    }
    expect(notificationDedupeKey(resend)).toBe(notificationDedupeKey(first))
    expect(notificationDedupeKey(first)).toMatch(/^[0-9a-f]{64}$/)
  })

  it.each([
    ["status", { status: "rejected" }],
    ["payment", { payment_id: "78" }],
    ["order", { shop_order_id: "payses_other" }],
    ["shop", { shop_id: "6" }],
  ])("gives another %s a new key", (_name, change) => {
    expect(notificationDedupeKey({ ...event, ...change })).not.toBe(
      notificationDedupeKey(event)
    )
  })

  it("treats a missing payment id like a null one", () => {
    expect(notificationDedupeKey({ ...event, payment_id: undefined })).toBe(
      notificationDedupeKey({ ...event, payment_id: null })
    )
  })
})

describe("identity", () => {
  it.each(Object.entries(PROVIDER_IDENTIFIERS))(
    "maps the %s kind's provider id back to the kind",
    (kind, identifier) => {
      expect(kindOfProviderId(`pp_${identifier}_piastrix`)).toBe(kind)
      expect(isPiastrixProviderId(`pp_${identifier}_store2`)).toBe(true)
    }
  )

  it.each([
    "pp_system_default",
    "pp_stripe_stripe",
    "pp_piastrixx_piastrix",
    "",
    null,
  ])("does not take %p for a Piastrix provider", (id) => {
    expect(isPiastrixProviderId(id as string | null)).toBe(false)
  })

  it.each([
    ["payses_01M80JTJZBVBNTQNXBYP8GS89Z", true],
    ["4126", false],
    ["payses_", false],
    ["payses_abc; drop", false],
    ["cart_01M80JTJZBVBNTQNXBYP8GS89Z", false],
  ])("checks %p as a payment session id: %p", (value, expected) => {
    expect(isPaymentSessionId(value)).toBe(expected)
  })
})
