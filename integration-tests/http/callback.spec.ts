import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  holdCallbacks,
  inboxRows,
  paymentSession,
  postCallback,
  sandboxControl,
  sandboxNotifications,
  settledRow,
  signedNotification,
  successNotification,
  waitFor,
} from "../helpers/callbacks"
import { payerAccountOf } from "../../src/lib/plugin"
import { piastrixIntegrationRunner, TEST_SHOP_ID } from "../helpers/runner"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"

jest.setTimeout(120000)

const REDIRECT = "pp_piastrix_piastrix"

piastrixIntegrationRunner(({ api, getContainer, seed, sandbox }) => {
  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  async function redirectSession() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, REDIRECT, {
      payway: "card_rub",
      email: "payer@example.com",
    })
    return { cart, session }
  }

  async function capturedOrder(cartId: string) {
    return waitFor(async () => {
      const order = await findOrderForCart(getContainer(), cartId)
      const payment = order?.payment_collections?.[0]?.payments?.[0]
      return payment?.captured_at ? order : null
    })
  }

  async function ordersOfCart(cartId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: cartId },
    })
    return data
  }

  describe("POST /hooks/piastrix", () => {
    it("places the order with a captured payment from the service's callback alone, when the payer never returns", async () => {
      const { cart, session } = await redirectSession()
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)

      const order = await capturedOrder(cart.id)
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect(order.payment_collections[0].payments[0].captures).toHaveLength(1)
      const row = await settledRow(getContainer(), session.id, "processed")
      expect(row).toEqual(
        expect.objectContaining({
          status: "success",
          shop_amount: "1250.50",
          last_error: null,
        })
      )
      const [delivered] = await sandboxNotifications(sandbox(), session.id)
      expect(delivered.delivered).toBe(true)
    })

    it("places the order for a wallet payment from its callback and keeps the payer's wallet for refunds", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix-wallet_piastrix",
        {
          email: "payer@example.com",
        }
      )
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`, {
        payer_account: "123456789012",
      })

      const order = await capturedOrder(cart.id)
      expect(order.payment_collections[0].payments[0].captures).toHaveLength(1)
      await settledRow(getContainer(), session.id, "processed")
      const { data } = await paymentSession(getContainer(), session.id)
      // Masked in session data (the storefront reads it with the cart); whole in the plugin's tables, for refunds.
      expect(data.payer_account).toBe("12••••••9012")
      expect(
        await payerAccountOf(
          getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION),
          session.id
        )
      ).toBe("123456789012")
    })

    it("records a resent notification once and answers OK to every copy", async () => {
      const { cart, session } = await redirectSession()
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      await capturedOrder(cart.id)
      await settledRow(getContainer(), session.id, "processed")
      const [notification] = await sandboxNotifications(sandbox(), session.id)

      const again = await postCallback(api, notification.fields)
      expect(again).toEqual({ status: 200, body: "OK" })
      const rows = await inboxRows(getContainer(), {
        shop_order_id: session.id,
      })
      expect(rows).toHaveLength(1)
      expect(await ordersOfCart(cart.id)).toHaveLength(1)
    })

    it("makes one order, one payment and one capture from 20 concurrent copies of the callback racing the storefront's completion", async () => {
      const { cart, session } = await redirectSession()
      await holdCallbacks(sandbox())
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      const [notification] = await sandboxNotifications(sandbox(), session.id)

      const [completion, ...answers] = await Promise.all([
        completeCart(api, seed(), cart.id),
        ...Array.from({ length: 20 }, () =>
          postCallback(api, notification.fields)
        ),
      ])
      expect(answers.every((a) => a.status === 200 && a.body === "OK")).toBe(
        true
      )
      expect(completion.status).toBe(200)
      expect(completion.body.type).toBe("order")

      const order = await capturedOrder(cart.id)
      await settledRow(getContainer(), session.id, "processed")
      expect(await ordersOfCart(cart.id)).toHaveLength(1)
      expect(order.id).toBe(completion.body.order.id)
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect(order.payment_collections[0].payments[0].captures).toHaveLength(1)
    })

    it("answers 400 to a forged or tampered callback and changes nothing", async () => {
      const { cart, session } = await redirectSession()
      const genuine = successNotification(session.id, "1250.50")
      const attempts = [
        signedNotification(genuine, "not-the-shop-secret"),
        { ...genuine, shop_amount: "1.00" },
        { ...genuine, sign: "" },
        Object.fromEntries(
          Object.entries(genuine).filter(([k]) => k !== "sign")
        ),
      ]
      for (const body of attempts) {
        const answer = await postCallback(api, body)
        expect(answer.status).toBe(400)
        expect(answer.body.message).toMatch(/signature|not signed/)
      }
      expect(
        (await postCallback(api, "not a notification", "application/xml"))
          .status
      ).toBe(400)

      expect(await inboxRows(getContainer())).toHaveLength(0)
      expect((await paymentSession(getContainer(), session.id)).status).toBe(
        "pending"
      )
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
    })

    it("refuses a correctly signed callback for another shop: nothing recorded, no order, and the real one still counts", async () => {
      const { cart, session } = await redirectSession()
      const genuine = successNotification(session.id, "1250.50")
      const otherShop = signedNotification({
        ...genuine,
        shop_id: String(TEST_SHOP_ID + 1),
      })
      const answer = await postCallback(api, otherShop)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toMatch(/shop/)
      // Nothing was recorded or processed for it.
      expect(
        await inboxRows(getContainer(), { shop_order_id: session.id })
      ).toHaveLength(0)
      expect((await paymentSession(getContainer(), session.id)).status).toBe(
        "pending"
      )
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
      // The shop's own notification for the same payment is not taken for a resend of the refused one.
      expect(await postCallback(api, genuine)).toEqual({
        status: 200,
        body: "OK",
      })
      await capturedOrder(cart.id)
      expect(
        await inboxRows(getContainer(), { shop_order_id: session.id })
      ).toHaveLength(1)
    })

    it("verifies a JSON callback whose amount is the number 1250.50 as the text the service signed", async () => {
      const { cart, session } = await redirectSession()
      const fields = successNotification(session.id, "1250.50")
      const json = Object.entries(fields)
        .map(([key, value]) =>
          [
            "shop_amount",
            "shop_refund",
            "client_price",
            "shop_id",
            "shop_currency",
          ].includes(key)
            ? `${JSON.stringify(key)}:${value}`
            : `${JSON.stringify(key)}:${JSON.stringify(value)}`
        )
        .join(",")

      const answer = await postCallback(api, `{${json}}`, "application/json")
      expect(answer).toEqual({ status: 200, body: "OK" })
      await capturedOrder(cart.id)
      // The inbox keeps the amount as the text that was signed, not as the number 1250.5.
      const row = await settledRow(getContainer(), session.id, "processed")
      expect(row.shop_amount).toBe("1250.50")
      expect(row.fields).toEqual(
        expect.objectContaining({
          shop_amount: "1250.50",
          shop_refund: "1250.50",
          client_price: "1250.50",
          shop_currency: "643",
        })
      )
    })

    it("records a notification for an order this store does not know, and ignores it", async () => {
      const answer = await postCallback(
        api,
        successNotification("legacy-order-4126", "10.00")
      )
      expect(answer).toEqual({ status: 200, body: "OK" })
      const row = await settledRow(
        getContainer(),
        "legacy-order-4126",
        "ignored"
      )
      expect(row.last_error).toMatch(/not a payment of this store/)
    })
  })
})
