import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcilePiastrix } from "../../src/jobs/reconcile-piastrix"
import {
  NOTIFICATION_MAX_ATTEMPTS,
  runNotificationProcessing,
} from "../../src/workflows/piastrix-notification/utils/run-notification-processing"
import { adminHeaders, needsAttentionFor } from "../helpers/admin-api"
import {
  holdCallbacks,
  inboxRows,
  paidNotAsAskedFoundByStatus,
  paymentSession,
  postCallback,
  sandboxControl,
  sandboxNotifications,
  settledRow,
  waitFor,
} from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"

jest.setTimeout(120000)

const REDIRECT = "pp_piastrix_piastrix"
const SESSION_DATA = { payway: "card_rub", email: "payer@example.com" }

piastrixIntegrationRunner(({ api, getContainer, seed, sandbox }) => {
  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  const settled = (shopOrderId: string, state: string) =>
    settledRow(getContainer(), shopOrderId, state)

  /** A cart and its redirect (card) session, as the storefront starts it. */
  async function redirectSession() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      REDIRECT,
      SESSION_DATA
    )
    return { cart, session }
  }

  describe("POST /hooks/piastrix, when the money does not match the order", () => {
    it("marks the session failed on a rejection, and the storefront can then pay with a new session", async () => {
      const { cart, session } = await redirectSession()
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/fail`)

      await settled(session.id, "processed")
      const failed = await paymentSession(getContainer(), session.id)
      expect(failed.status).toBe("error")
      expect(failed.data).toEqual(
        expect.objectContaining({
          state: "failed",
          failure: expect.objectContaining({ reason: expect.any(String) }),
        })
      )
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()

      const { session: second } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        SESSION_DATA
      )
      expect(second.id).not.toBe(session.id)
      await sandboxControl(sandbox(), "POST", `payments/${second.id}/pay`)
      const order = await waitFor(async () => {
        const found = await findOrderForCart(getContainer(), cart.id)
        return found?.payment_collections?.[0]?.payments?.[0]?.captured_at
          ? found
          : null
      })
      expect(order.payment_collections[0].payments).toHaveLength(1)
      await settled(second.id, "processed")
    })

    it("never captures a payment whose amount differs from the order's, and records why", async () => {
      const { cart, session } = await redirectSession()
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`, {
        amount: "1000.00",
      })

      const row = await settled(session.id, "needs_attention")
      expect(row.shop_amount).toBe("1000.00")
      expect(row.last_error).toMatch(/amount mismatch/)
      expect(row.last_error).toContain("1250.5")
      const stored = await paymentSession(getContainer(), session.id)
      expect(stored.status).not.toMatch(/authorized|captured/)
      expect(stored.data.amount_mismatch).toEqual(
        expect.objectContaining({ received_amount: "1000" })
      )
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
      // The inbox's row says what was paid beside what was asked (not only in its reason).
      const inbox = await needsAttentionFor(api, getContainer(), session.id)
      expect(inbox.rows).toEqual([
        expect.objectContaining({
          source: "notification",
          paid_not_as_asked: {
            paid: { amount: "1000.00", currency: "RUB" },
            asked: { amount: "1250.50", currency: "RUB" },
          },
        }),
      ])
    })

    it("never captures the right amount in another currency reported by notification, and shows the store owner why", async () => {
      const { cart, session } = await redirectSession()
      // The amount the session asked for, the currency not: USD (840) where RUB (643) was asked.
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`, {
        currency: 840,
      })

      const row = await settled(session.id, "needs_attention")
      expect(row).toMatchObject({ shop_amount: "1250.50", shop_currency: 840 })
      expect(row.last_error).toMatch(
        /amount mismatch: the session expects 1250\.50? \(currency 643\), the service reports 1250\.5 \(currency 840\); not captured/
      )
      const stored = await paymentSession(getContainer(), session.id)
      expect(stored.status).toBe("error")
      expect(stored.data).toMatchObject({
        state: "amount_mismatch",
        amount_mismatch: { received_currency: 840, expected_currency: 643 },
      })
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
      // The store owner's inbox shows it among what needs a person, with the reason.
      const { data } = await api.get(
        "/admin/piastrix/notifications?state=needs_attention&limit=100",
        await adminHeaders(getContainer())
      )
      expect(data.notifications).toContainEqual(
        expect.objectContaining({
          id: row.id,
          state: "needs_attention",
          last_error: row.last_error,
          paid_not_as_asked: {
            paid: { amount: "1250.50", currency: "USD" },
            asked: { amount: "1250.50", currency: "RUB" },
          },
        })
      )
    })

    it("never captures the right amount in another currency read from the status endpoint (no notification), and shows the store owner why", async () => {
      const { cart, session } = await redirectSession()
      const run = await paidNotAsAskedFoundByStatus(
        getContainer(),
        sandbox(),
        session.id
      )
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const mine = run.payments.find((p) => p.session_id === session.id)
      expect(mine?.outcome).toBe("paid_not_as_asked")
      const stored = await paymentSession(getContainer(), session.id)
      expect(stored.status).toBe("error")
      expect(stored.data).toMatchObject({
        state: "amount_mismatch",
        amount_mismatch: { received_currency: 840, expected_currency: 643 },
      })
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
      const { rows: registered } = await db.raw(
        `select state, last_error, paid_amount, paid_currency from piastrix_payment where shop_order_id = ?`,
        [session.id]
      )
      expect(registered).toEqual([
        expect.objectContaining({
          state: "paid_without_order",
          last_error: expect.stringMatching(
            /paid 1250\.5 \(currency 840\), asked 1250\.50? \(currency 643\); not captured/
          ),
          paid_amount: expect.stringMatching(/^1250\.50?$/),
          paid_currency: 840,
        }),
      ])
      // The store owner's inbox shows it among what needs a person (no notification came), worded, with
      // what was paid, and no Retry or Refund of a notification.
      const inbox = await needsAttentionFor(api, getContainer(), session.id)
      expect(inbox.rows).toEqual([
        expect.objectContaining({
          source: "payment",
          state: "needs_attention",
          status: "success",
          refundable: false,
          last_error: registered[0].last_error,
          // What was paid beside what was asked (the row's own amount), not only in its reason.
          shop_amount: "1250.50",
          paid_not_as_asked: {
            paid: { amount: "1250.50", currency: "USD" },
            asked: { amount: "1250.50", currency: "RUB" },
          },
          last_error_message: {
            code: "inbox.paid_found_not_as_asked",
            params: {
              detail: expect.stringMatching(
                /paid 1250\.5 \(currency 840\), asked 1250\.50? \(currency 643\)$/
              ),
            },
          },
        }),
      ])
      expect(inbox.needs_attention).toBe(inbox.count)
      // A person decides now: the reconcile job does not look at it again, and asked the service once.
      await db.raw(
        `update piastrix_payment set next_check_at = now() where shop_order_id = ?`,
        [session.id]
      )
      const again = await reconcilePiastrix(getContainer())
      expect(again.payments.map((p) => p.shop_order_id)).not.toContain(
        session.id
      )
      const { counts, violations } = await sandboxControl(
        sandbox(),
        "GET",
        "polls"
      )
      expect(
        Object.entries(counts as Record<string, number>)
          .filter(([key]) => key.includes(session.id))
          .map(([, n]) => n)
      ).toEqual([1])
      expect(
        (violations as Array<{ key: string }>).filter((v) =>
          v.key.includes(session.id)
        )
      ).toEqual([])
    })

    it("shows in the inbox what a payment the status endpoint found paid another amount was paid, beside what was asked", async () => {
      const { session } = await redirectSession()
      const run = await paidNotAsAskedFoundByStatus(
        getContainer(),
        sandbox(),
        session.id,
        { amount: "1000.00" }
      )
      expect(
        run.payments.find((p) => p.session_id === session.id)?.outcome
      ).toBe("paid_not_as_asked")
      const inbox = await needsAttentionFor(api, getContainer(), session.id)
      expect(inbox.rows).toEqual([
        expect.objectContaining({
          source: "payment",
          shop_amount: "1250.50",
          shop_currency_code: "RUB",
          paid_not_as_asked: {
            paid: { amount: "1000.00", currency: "RUB" },
            asked: { amount: "1250.50", currency: "RUB" },
          },
        }),
      ])
    })

    it("keeps a payment for a session Medusa has since deleted as needing attention, without an order", async () => {
      const cart = await createCart(api, seed())
      const { session: abandoned } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        SESSION_DATA
      )
      await holdCallbacks(sandbox())
      await sandboxControl(sandbox(), "POST", `payments/${abandoned.id}/pay`)
      // A new session replaces (deletes) the one the payer already paid.
      await startPaymentSession(api, seed(), cart, REDIRECT, SESSION_DATA)
      expect(await paymentSession(getContainer(), abandoned.id)).toBeNull()

      const [notification] = await sandboxNotifications(sandbox(), abandoned.id)
      expect(await postCallback(api, notification.fields)).toEqual({
        status: 200,
        body: "OK",
      })
      const row = await settled(abandoned.id, "needs_attention")
      expect(row.last_error).toMatch(/no longer exists/)
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
    })

    it("gives a notification whose processing keeps throwing to a person after 10 attempts, and places the order once it can", async () => {
      const { cart, session } = await redirectSession()
      // A database fault every processing attempt meets: a table it reads is gone.
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw("alter table piastrix_refund rename to piastrix_refund_away")
      try {
        await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
        let row = await settled(session.id, "failed")
        expect(row.attempts).toBe(1)
        expect(row.last_error).toMatch(/piastrix_refund/)
        // The reconcile job's later passes, each one attempt.
        for (let attempt = 2; attempt <= NOTIFICATION_MAX_ATTEMPTS; attempt++) {
          const result = await runNotificationProcessing(getContainer(), row.id)
          expect(result.state).toBe(
            attempt < NOTIFICATION_MAX_ATTEMPTS ? "failed" : "needs_attention"
          )
        }
        row = await settled(session.id, "needs_attention")
        expect(row.attempts).toBe(NOTIFICATION_MAX_ATTEMPTS)
        expect(row.last_error).toMatch(/^gave up after 10 attempts: /)
        // Given up is not done: nothing claims it again by itself.
        expect(
          (await runNotificationProcessing(getContainer(), row.id)).state
        ).toBe("busy")
      } finally {
        await db.raw(
          "alter table piastrix_refund_away rename to piastrix_refund"
        )
      }
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
      // Fixed, a person retries it from the inbox: the order is placed.
      const [row] = await inboxRows(getContainer(), {
        shop_order_id: session.id,
      })
      const retried = await api.post(
        `/admin/piastrix/notifications/${row.id}/retry`,
        {},
        await adminHeaders(getContainer())
      )
      expect(retried.status).toBe(200)
      expect(retried.data.notification).not.toHaveProperty("fields")
      await settled(session.id, "processed")
      expect(await findOrderForCart(getContainer(), cart.id)).not.toBeNull()
    })
  })
})
