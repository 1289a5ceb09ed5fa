import { cartReadinessProblem, type ReadinessCart } from "../cart-readiness"

const digital = { id: "item_1", requires_shipping: false, unit_price: 100 }
const shipped = (profile = "sp_1") => ({
  id: "item_2",
  requires_shipping: true,
  unit_price: 0,
  variant: { product: { shipping_profile: { id: profile } } },
})
const ready: ReadinessCart = { email: "payer@example.com", items: [digital] }

describe("cartReadinessProblem", () => {
  it("lets a priced digital cart with an e-mail pay", () => {
    expect(cartReadinessProblem(ready)).toBeNull()
  })

  it.each<[string, ReadinessCart, string]>([
    ["no items", { ...ready, items: [] }, "items"],
    [
      "an unpriced item",
      { ...ready, items: [{ id: "item_9", unit_price: null }] },
      "items",
    ],
    ["no e-mail", { ...ready, email: null }, "email"],
    [
      "an item to ship and no shipping method",
      { ...ready, items: [digital, shipped()] },
      "shipping_methods",
    ],
  ])("refuses a cart with %s, naming %s", (_what, cart, field) => {
    expect(cartReadinessProblem(cart)?.field).toBe(field)
  })

  it("refuses a shipping method of another shipping profile than the item's", () => {
    const cart = {
      ...ready,
      items: [shipped("sp_heavy")],
      shipping_methods: [{ shipping_option_id: "so_1" }],
    }
    expect(cartReadinessProblem(cart, { so_1: "sp_light" })?.field).toBe(
      "shipping_methods"
    )
  })

  it("asks for a shipping address once the shipping is chosen", () => {
    const cart = {
      ...ready,
      items: [shipped()],
      shipping_methods: [{ shipping_option_id: "so_1" }],
    }
    expect(cartReadinessProblem(cart, { so_1: "sp_1" })?.field).toBe(
      "shipping_address"
    )
    expect(
      cartReadinessProblem(
        { ...cart, shipping_address: { address_1: "1 Main St" } },
        { so_1: "sp_1" }
      )
    ).toBeNull()
  })
})
