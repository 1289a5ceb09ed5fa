import { cartAfterMending } from "../settlement"

const order = (id: string) => ({ id, metadata: null })

describe("cartAfterMending", () => {
  it("completes a cart that has no order", () => {
    expect(
      cartAfterMending(
        { cart_id: "cart_1", order: null },
        { released: [], linked: null, reserved: [] }
      )
    ).toEqual({ cart_id: "cart_1", has_order: false })
  })

  it("leaves a cart with its order alone", () => {
    expect(
      cartAfterMending(
        { cart_id: "cart_1", order: order("order_1") },
        { released: [], linked: null, reserved: [] }
      )
    ).toEqual({ cart_id: "cart_1", has_order: true })
  })

  it("completes the cart again once the order an interrupted completion left on its payment is let go", () => {
    expect(
      cartAfterMending(
        { cart_id: "cart_1", order: order("order_left") },
        { released: ["order_left"], linked: null, reserved: [] }
      )
    ).toEqual({ cart_id: "cart_1", has_order: false })
  })

  it("counts the cart's order that mending linked to the payment", () => {
    expect(
      cartAfterMending(
        { cart_id: "cart_1", order: null },
        { released: [], linked: "order_1", reserved: [] }
      )
    ).toEqual({ cart_id: "cart_1", has_order: true })
  })
})
