import { reconcilePiastrix } from "../../src/jobs/reconcile-piastrix"
import {
  holdCallbacks,
  inbox,
  paymentSession,
  postCallback,
  sandboxControl,
  sandboxNotifications,
  settledRow,
  waitFor,
} from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  completeCart,
  createCart,
  findOrderForCart,
  orderOfCartItems,
  startPaymentSession,
} from "../helpers/store-api"

jest.setTimeout(120000)

const REDIRECT = "pp_piastrix_piastrix"
const BANK_TRANSFER = "pp_piastrix-bank-transfer_piastrix"

piastrixIntegrationRunner(({ api, getContainer, seed, sandbox }) => {
  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  async function capturedOrder(cartId: string) {
    return waitFor(async () => {
      const order = await findOrderForCart(getContainer(), cartId)
      return order?.payment_collections?.[0]?.payments?.[0]?.captured_at
        ? order
        : null
    })
  }

  /** Makes a registered payment due now, as if its minute had passed (the database's clock decides). */
  async function due(shopOrderId: string) {
    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await db.raw(
      `update piastrix_payment set next_check_at = now() where shop_order_id = ?`,
      [shopOrderId]
    )
  }

  /**
   * What a storefront completion that died before authorizing the session leaves (Medusa's completion places
   * the order, links it to the cart and to the payment collection, marks the cart completed, and authorizes
   * last): made here with Medusa's modules (`orderOfCartItems`, then its links).
   */
  async function orderOfDiedCompletion(cart: any, paymentCollectionId: string) {
    const order = await orderOfCartItems(getContainer(), cart)
    await getContainer()
      .resolve(ContainerRegistrationKeys.LINK)
      .create([
        {
          [Modules.ORDER]: { order_id: order.id },
          [Modules.CART]: { cart_id: cart.id },
        },
        {
          [Modules.ORDER]: { order_id: order.id },
          [Modules.PAYMENT]: {
            payment_collection_id: paymentCollectionId,
          },
        },
      ])
    await getContainer()
      .resolve(Modules.CART)
      .updateCarts(cart.id, { completed_at: new Date() })
    return order
  }

  /** The cart's orders, its Piastrix session's status, and the payments, captures and order captures of its money. */
  async function moneyOf(cartId: string, orderId: string) {
    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const { rows: orders } = await db.raw(
      `select order_id from order_cart where cart_id = ? and deleted_at is null order by order_id`,
      [cartId]
    )
    const { rows } = await db.raw(
      `select (select s.status from payment_session s
                where s.payment_collection_id = cpc.payment_collection_id and s.deleted_at is null
                order by s.created_at desc limit 1) as session,
              (select count(*)::int from payment p where p.payment_collection_id = cpc.payment_collection_id) as payments,
              (select count(*)::int from capture c join payment p on p.id = c.payment_id
                where p.payment_collection_id = cpc.payment_collection_id) as captures,
              (select count(*)::int from order_transaction t
                where t.order_id = ? and t.reference = 'capture' and t.deleted_at is null) as order_captures
         from cart_payment_collection cpc where cpc.cart_id = ? and cpc.deleted_at is null`,
      [orderId, cartId]
    )
    return { orders: orders.map((o: any) => o.order_id), ...rows[0] }
  }

  async function pollsOf(shopOrderId: string) {
    const { counts, violations } = await sandboxControl(
      sandbox(),
      "GET",
      "polls"
    )
    const mine = Object.entries(counts as Record<string, number>).filter(
      ([key]) => key.includes(shopOrderId)
    )
    const ours = (violations as Array<{ key: string }>).filter((v) =>
      v.key.includes(shopOrderId)
    )
    return { calls: mine.reduce((sum, [, n]) => sum + n, 0), violations: ours }
  }

  describe("the reconcile-piastrix job", () => {
    it("processes a notification that was recorded but never processed (a crash after the OK)", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        { payway: "card_rub", email: "p@example.com" }
      )
      await holdCallbacks(sandbox())
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      const [notification] = await sandboxNotifications(sandbox(), session.id)

      // What the callback route does before it answers OK, without the processing that follows.
      const verified = inbox(getContainer()).verifyCallback({
        fields: notification.fields,
      })
      if (!verified.ok) {
        throw new Error(
          `the sandbox's notification did not verify: ${verified.reason}`
        )
      }
      const { row } = await inbox(getContainer()).recordNotification(
        verified.notification
      )
      expect(row.state).toBe("received")

      // The row is fresh by the database's clock; no grace, as if the 30 s had passed.
      const result = await reconcilePiastrix(getContainer(), {
        inbox: { receivedGraceSeconds: 0 },
      })
      expect(result.notifications).toEqual([
        expect.objectContaining({ id: row.id, state: "processed" }),
      ])
      await capturedOrder(cart.id)
      await settledRow(getContainer(), session.id, "processed")
    })

    it("captures a paid payment whose callback never arrived, within the service's polling limit", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        { payway: "card_rub", email: "p@example.com" }
      )
      await holdCallbacks(sandbox())
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)

      await due(session.id)
      const first = await reconcilePiastrix(getContainer())
      expect(first.payments).toEqual([
        expect.objectContaining({
          session_id: session.id,
          outcome: "captured",
        }),
      ])
      const order = await capturedOrder(cart.id)
      expect(first.payments[0].order_id).toBe(order.id)

      // Settled: never looked at again, even when due.
      await due(session.id)
      const again = await reconcilePiastrix(getContainer())
      expect(again.payments.map((p) => p.shop_order_id)).not.toContain(
        session.id
      )
      const polls = await pollsOf(session.id)
      expect(polls.calls).toBe(1)
      expect(polls.violations).toEqual([])
    })

    it("captures, on the order a storefront completion placed before it died, a payment whose callback was lost: one order, one capture", async () => {
      const cart = await createCart(api, seed())
      const { session, paymentCollection } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        { payway: "card_rub", email: "p@example.com" }
      )
      // The payer pays; the service's callback never reaches the store.
      await holdCallbacks(sandbox())
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      // The storefront's completion placed the order, linked it to the cart and its payment collection, and
      // died before authorizing the session (Medusa authorizes last): an order, its session still pending.
      const placed = await orderOfDiedCompletion(cart, paymentCollection.id)
      expect(await moneyOf(cart.id, placed.id)).toEqual({
        orders: [placed.id],
        session: "pending",
        payments: 0,
        captures: 0,
        order_captures: 0,
      })

      await due(session.id)
      const first = await reconcilePiastrix(getContainer())
      expect(first.payments).toEqual([
        expect.objectContaining({
          session_id: session.id,
          status: expect.objectContaining({ outcome: "paid" }),
          outcome: "captured",
          order_id: placed.id,
        }),
      ])
      const captured = {
        orders: [placed.id],
        session: "authorized",
        payments: 1,
        captures: 1,
        order_captures: 1,
      }
      expect(await moneyOf(cart.id, placed.id)).toEqual(captured)

      // Settled: never looked at again; and the callback delivered late changes nothing more.
      await due(session.id)
      const again = await reconcilePiastrix(getContainer())
      expect(again.payments.map((p) => p.shop_order_id)).not.toContain(
        session.id
      )
      const [late] = await sandboxNotifications(sandbox(), session.id)
      expect(await postCallback(api, late.fields)).toEqual({
        status: 200,
        body: "OK",
      })
      await settledRow(getContainer(), session.id, "processed")
      expect(await moneyOf(cart.id, placed.id)).toEqual(captured)
      expect((await pollsOf(session.id)).violations).toEqual([])
    })

    it("leaves an unpaid session waiting without running Medusa's authorization, polling it once however many runs overlap", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        { payway: "card_rub", email: "p@example.com" }
      )

      await due(session.id)
      const runs = await Promise.all(
        [1, 2, 3].map(() => reconcilePiastrix(getContainer()))
      )
      const outcomes = runs
        .flatMap((r) => r.payments)
        .filter((p) => p.shop_order_id === session.id)
      expect(outcomes).toEqual([
        expect.objectContaining({
          outcome: "waiting",
          status: expect.objectContaining({ outcome: "pending" }),
        }),
      ])
      // Authorization never ran (it would have stored checked_at), so Medusa logged no authorization error.
      const stored = await paymentSession(getContainer(), session.id)
      expect(stored.status).toBe("pending")
      expect(stored.data.checked_at).toBeNull()
      expect((await pollsOf(session.id)).calls).toBe(1)
      expect((await pollsOf(session.id)).violations).toEqual([])
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
    })
  })

  describe("bank transfer", () => {
    async function awaitingOrder() {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        BANK_TRANSFER,
        {
          payway: "h2h_sbp_rub",
          email: "p@example.com",
        }
      )
      const completion = await completeCart(api, seed(), cart.id)
      expect(completion.status).toBe(200)
      expect(completion.body.type).toBe("order")
      const order = await findOrderForCart(getContainer(), cart.id)
      expect(order.payment_collections[0].status).toBe("awaiting")
      expect(order.payment_collections[0].payments).toHaveLength(0)
      return { cart, session, order }
    }

    it("creates the order at completion with the payment awaiting, and captures it when the transfer is confirmed", async () => {
      const { cart, session, order } = await awaitingOrder()
      await sandboxControl(
        sandbox(),
        "POST",
        `payments/${session.id}/confirm-transfer`
      )

      const captured = await capturedOrder(cart.id)
      expect(captured.id).toBe(order.id)
      expect(captured.payment_collections[0].payments[0].captures).toHaveLength(
        1
      )
      await settledRow(getContainer(), session.id, "processed")
    })

    it("shows on the waiting order that the transfer was rejected", async () => {
      const { cart, session, order } = await awaitingOrder()
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/fail`)

      await settledRow(getContainer(), session.id, "processed")
      expect((await paymentSession(getContainer(), session.id)).status).toBe(
        "error"
      )
      const orderModule = getContainer().resolve("order") as any
      const stored = await orderModule.retrieveOrder(order.id)
      expect(stored.metadata.piastrix_payment_failed).toEqual(
        expect.objectContaining({
          reason: expect.stringMatching(/rejected/),
          at: expect.any(String),
        })
      )
      expect(
        (await findOrderForCart(getContainer(), cart.id)).payment_collections[0]
          .payments
      ).toHaveLength(0)
    })
  })
})
