import { cartOfOrphan, type CartShape, type OrderShape } from "../orphan-orders"

const order: OrderShape = {
  email: "payer@example.com",
  currency_code: "rub",
  region_id: "reg_1",
  sales_channel_id: "sc_1",
  created_at: "2026-11-24T10:00:05Z",
  items: [
    { variant_id: "variant_a", quantity: 1 },
    { variant_id: "variant_b", quantity: 2 },
  ],
}

const cart = (overrides: Partial<CartShape> = {}): CartShape => ({
  ...order,
  id: "cart_1",
  created_at: "2026-11-24T09:59:00Z",
  items: [
    { variant_id: "variant_b", quantity: 2 },
    { variant_id: "variant_a", quantity: 1 },
  ],
  order_id: "order_real",
  piastrix: true,
  ...overrides,
})

describe("cartOfOrphan", () => {
  it("finds the Piastrix cart an unlinked order was made from, whatever the order of its lines", () => {
    expect(cartOfOrphan(order, [cart()])?.id).toBe("cart_1")
  })

  it("also matches a cart not completed yet (its payment completes it later)", () => {
    expect(cartOfOrphan(order, [cart({ order_id: null })])?.id).toBe("cart_1")
  })

  it.each<[string, Partial<CartShape>]>([
    ["paid with another provider", { piastrix: false }],
    ["of another buyer", { email: "other@example.com" }],
    ["in another currency", { currency_code: "usd" }],
    ["of another region", { region_id: "reg_2" }],
    ["of another sales channel", { sales_channel_id: "sc_2" }],
    ["with other lines", { items: [{ variant_id: "variant_a", quantity: 1 }] }],
    [
      "with another quantity",
      {
        items: [
          { variant_id: "variant_a", quantity: 1 },
          { variant_id: "variant_b", quantity: 3 },
        ],
      },
    ],
    ["created after the order", { created_at: "2026-11-24T10:01:00Z" }],
  ])("leaves the order alone when the only cart is %s", (_what, overrides) => {
    expect(cartOfOrphan(order, [cart(overrides)])).toBeNull()
  })

  it("never matches an order without an e-mail", () => {
    expect(
      cartOfOrphan({ ...order, email: null }, [cart({ email: null })])
    ).toBeNull()
  })
})
