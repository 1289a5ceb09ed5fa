import { inboxRowOrders, type SessionAround } from "../inbox-orders"

const order = { id: "order_1", display_id: 12, email: "anna@example.com" }

describe("inboxRowOrders", () => {
  it("names the order a cart's payment became, with the order's e-mail", () => {
    const sessions: SessionAround[] = [
      {
        id: "payses_a",
        data: { shop_order_id: "payses_a" },
        payment_collection: { cart: { email: "cart@example.com", order } },
      },
    ]
    expect(inboxRowOrders(["payses_a"], sessions).get("payses_a")).toEqual({
      order: { id: "order_1", display_id: 12 },
      email: "anna@example.com",
    })
  })

  it("finds an order without a cart through the collection's own order", () => {
    const sessions: SessionAround[] = [
      { id: "payses_a", payment_collection: { cart: null, order } },
    ]
    expect(
      inboxRowOrders(["payses_a"], sessions).get("payses_a")?.order
    ).toEqual({ id: "order_1", display_id: 12 })
  })

  it("gives the cart's e-mail while the payment has no order yet", () => {
    const sessions: SessionAround[] = [
      {
        id: "payses_a",
        payment_collection: {
          cart: { email: "boris@example.com", order: null },
        },
      },
    ]
    expect(inboxRowOrders(["payses_a"], sessions).get("payses_a")).toEqual({
      order: null,
      email: "boris@example.com",
    })
  })

  it("reads a replaced session's payment from the session that carries it", () => {
    const sessions: SessionAround[] = [
      {
        id: "payses_new",
        data: { shop_order_id: "payses_old" },
        payment_collection: { cart: { email: "boris@example.com", order } },
      },
    ]
    expect(inboxRowOrders(["payses_old"], sessions).get("payses_old")).toEqual({
      order: { id: "order_1", display_id: 12 },
      email: "anna@example.com",
    })
  })

  it("prefers the session with an order when two answer for one payment", () => {
    const sessions: SessionAround[] = [
      {
        id: "payses_old",
        payment_collection: { cart: { email: "b@example.com", order: null } },
      },
      {
        id: "payses_new",
        data: { shop_order_id: "payses_old" },
        payment_collection: { cart: { email: "b@example.com", order } },
      },
    ]
    expect(
      inboxRowOrders(["payses_old"], sessions).get("payses_old")?.order
    ).toEqual({ id: "order_1", display_id: 12 })
  })

  it("names nothing for another integration's payment", () => {
    expect(inboxRowOrders(["4126"], []).get("4126")).toEqual({
      order: null,
      email: null,
    })
  })
})
