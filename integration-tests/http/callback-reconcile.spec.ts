import { reconcilePiastrix } from "../../src/jobs/reconcile-piastrix"
import {
  holdCallbacks,
  inbox,
  paymentSession,
  sandboxControl,
  sandboxNotifications,
  settledRow,
  waitFor,
} from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  completeCart,
  createCart,
  findOrderForCart,
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
          outcome: "not_checked",
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
