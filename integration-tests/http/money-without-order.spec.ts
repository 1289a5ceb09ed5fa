import {
  ContainerRegistrationKeys,
  MathBN,
  Modules,
} from "@medusajs/framework/utils"
import { reconcilePiastrix } from "../../src/jobs/reconcile-piastrix"
import { adminHeaders, needsAttentionFor } from "../helpers/admin-api"
import {
  holdCallbacks,
  postCallback,
  processPaymentAsMedusaWould,
  refundTransfers,
  sandboxControl,
  settledRow,
  successNotification,
  waitFor,
} from "../helpers/callbacks"
import { seedFulfilment } from "../../dev/seed-fulfilment"
import { payOnPaymentPage } from "../helpers/payer"
import {
  payoutsAtService,
  payoutsAtServiceSince,
  type PayoutsAtService,
} from "../helpers/payouts"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  addItemToShip,
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"

jest.setTimeout(120000)

const REDIRECT = "pp_piastrix_piastrix"
const WALLET = "pp_piastrix-wallet_piastrix"
const SESSION_DATA = { payway: "card_rub", email: "payer@example.com" }
const PAYER_WALLET = "201494711279"

/** What Medusa answers when a storefront starts a payment; never throws. */
async function tryStart(
  api: any,
  seed: any,
  cartId: string,
  providerId: string,
  data = SESSION_DATA
) {
  const headers = storeHeaders(seed)
  const { data: pc } = await api.post(
    "/store/payment-collections",
    { cart_id: cartId },
    headers
  )
  return api
    .post(
      `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
      { provider_id: providerId, data },
      headers
    )
    .then((r: any) => ({ status: r.status, body: r.data }))
    .catch((e: any) => ({ status: e.response.status, body: e.response.data }))
}

piastrixIntegrationRunner(({ api, getContainer, seed, sandbox }) => {
  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  /** The payments opened at the service, by the session that opened them: a failure shows which one is new. */
  const paymentsAtService = async (): Promise<string[]> =>
    (await sandboxControl(sandbox(), "GET", "state")).payments
      .map((p: { shopOrderId: string }) => p.shopOrderId)
      .sort()

  describe("before the payer is sent to pay", () => {
    it("refuses a cart without an e-mail address, naming the field", async () => {
      const cart = await createCart(api, seed())
      await getContainer()
        .resolve(Modules.CART)
        .updateCarts(cart.id, { email: null })
      const res = await tryStart(api, seed(), cart.id, REDIRECT)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^email: /)
    })

    it("refuses a cart with an item to ship and no shipping method, for every Piastrix kind", async () => {
      for (const provider of [REDIRECT, WALLET]) {
        const cart = await createCart(api, seed())
        await addItemToShip(getContainer(), cart.id)
        const res = await tryStart(api, seed(), cart.id, provider)
        expect(res.status).toBe(400)
        expect(res.body.message).toMatch(
          /^shipping_methods: .*no shipping method/
        )
      }
    })

    it("refuses a cart without items, naming items", async () => {
      const cart = await createCart(api, seed())
      const carts = getContainer().resolve(Modules.CART)
      await carts.deleteLineItems(cart.items.map((i: { id: string }) => i.id))
      const res = await tryStart(api, seed(), cart.id, REDIRECT)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe("items: the cart has no items")
    })

    it("refuses a cart with an item to ship, its shipping method and no address, naming shipping_address", async () => {
      const cart = await createCart(api, seed())
      await addItemToShip(getContainer(), cart.id)
      await getContainer()
        .resolve(Modules.CART)
        .addShippingMethods({ cart_id: cart.id, name: "Courier", amount: 0 })
      const res = await tryStart(api, seed(), cart.id, REDIRECT)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(
        "shipping_address: the cart has items to ship but no shipping address"
      )
    })

    it("lets a cart that can become an order start paying", async () => {
      const cart = await createCart(api, seed())
      const res = await tryStart(api, seed(), cart.id, REDIRECT)
      expect(res.status).toBe(200)
    })
  })

  /**
   * The cart's money in Medusa, amounts as decimal strings: each payment of its payment collection with
   * its captures and refunds, and what its order (if any) counts as paid.
   */
  async function moneyOfCart(cartId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const {
      data: [cart],
    } = await query.graph({
      entity: "cart",
      fields: [
        "order.id",
        "payment_collection.payments.amount",
        "payment_collection.payments.captures.id",
        "payment_collection.payments.refunds.id",
      ],
      filters: { id: cartId },
    })
    const payments = ((cart as any).payment_collection?.payments ?? []).map(
      (p: any) => ({
        amount: MathBN.convert(p.amount).toFixed(2),
        captures: p.captures?.length ?? 0,
        refunds: p.refunds?.length ?? 0,
      })
    )
    const orderId = (cart as any).order?.id
    const paid = orderId
      ? (await api.get(`/store/orders/${orderId}`, storeHeaders(seed()))).data
          .order.summary.paid_total
      : null
    return {
      payments,
      paid_total: paid === null ? null : MathBN.convert(paid).toFixed(2),
    }
  }

  /** Paid once, captured once: one payment of the amount with one capture and no refund, and its order paid. */
  const capturedOnce = (amount: string) => ({
    payments: [{ amount, captures: 1, refunds: 0 }],
    paid_total: amount,
  })

  /**
   * The cart's money once its order's capture has run: the capture follows the order (the `order.placed`
   * subscriber, or the callback's processing), so the order's paid total can lag its placement by a moment.
   * Waits until it reads `capturedOnce(amount)` or 15 s passed, then answers what it reads (a second capture,
   * a refund or nothing captured still shows).
   */
  async function moneyOfCartOnceCaptured(cartId: string, amount: string) {
    const expected = JSON.stringify(capturedOnce(amount))
    await waitFor(
      async () => JSON.stringify(await moneyOfCart(cartId)) === expected
    ).catch(() => undefined)
    return moneyOfCart(cartId)
  }

  /** What the payer's return page gets for a session id; never throws. */
  const returnPageStatus = (sessionId: string) =>
    api
      .get(`/store/piastrix/sessions/${sessionId}/status`, storeHeaders(seed()))
      .then((r: any) => ({ status: r.status, body: r.data }))
      .catch((e: any) => ({ status: e.response.status, body: e.response.data }))

  describe("when the order still cannot be placed after the payment", () => {
    /**
     * A cart paid by redirect (or `providerId`) that cannot become an order: it changed behind the
     * storefront's back after the payer was sent to pay.
     */
    async function paidCartWithoutOrder(providerId = REDIRECT) {
      const cart = await createCart(api, seed())
      const { session, paymentCollection } = await startPaymentSession(
        api,
        seed(),
        cart,
        providerId,
        providerId === REDIRECT ? SESSION_DATA : { email: cart.email }
      )
      const paymentsBefore = await paymentsAtService()
      const item = await addItemToShip(getContainer(), cart.id)
      if (providerId === WALLET) {
        await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
      } else {
        await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      }
      const row = await settledRow(
        getContainer(),
        session.id,
        "needs_attention"
      )
      return { cart, session, paymentCollection, paymentsBefore, item, row }
    }

    it("keeps the money visible with Medusa's own reason, and places the order on retry once the cart is fixed", async () => {
      const { cart, session, paymentsBefore, item, row } =
        await paidCartWithoutOrder()
      expect(row.last_error).toMatch(/No shipping method selected/)
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
      // Nothing taken in Medusa while the cart cannot become an order: the money waits in the inbox.
      expect(await moneyOfCart(cart.id)).toEqual({
        payments: [],
        paid_total: null,
      })
      // The payer's return page is told the store has the money, not kept waiting on an unpaid session.
      expect((await returnPageStatus(session.id)).body).toMatchObject({
        state: "paid_without_order",
        order_placed: false,
      })
      expect(await paymentsAtService()).toEqual(paymentsBefore)

      await getContainer().resolve(Modules.CART).deleteLineItems([item.id])
      const headers = await adminHeaders(getContainer())
      const { data } = await api.post(
        `/admin/piastrix/notifications/${row.id}/retry`,
        {},
        headers
      )
      expect(data.notification).toEqual(
        expect.objectContaining({ state: "processed", last_error: null })
      )
      const order = await findOrderForCart(getContainer(), cart.id)
      expect(order?.payment_state).toBe("captured")
      // The one payment the payer made, captured once in Medusa, on the session it was paid on.
      expect(await moneyOfCartOnceCaptured(cart.id, "1250.50")).toEqual(
        capturedOnce("1250.50")
      )
      expect((await returnPageStatus(session.id)).body).toMatchObject({
        state: "paid",
        order_placed: true,
      })
      const [paid] = await getContainer()
        .resolve(Modules.PAYMENT)
        .listPayments({ payment_session_id: session.id })
      expect(paid).toBeDefined()
      expect(await paymentsAtService()).toEqual(paymentsBefore)
    })

    it("keeps a wallet payment for a cart that cannot become an order with the payer's money in view, nothing sent back, and places the order on retry", async () => {
      const { cart, session, item, row } = await paidCartWithoutOrder(WALLET)
      expect(row.last_error).toMatch(/No shipping method selected/)
      // No capture, so no compensation: no transfer back to the payer, the row's Refund is the admin's choice.
      expect(await moneyOfCart(cart.id)).toEqual({
        payments: [],
        paid_total: null,
      })
      expect(await refundTransfers(sandbox(), session.id)).toEqual([])

      await getContainer().resolve(Modules.CART).deleteLineItems([item.id])
      const { data } = await api.post(
        `/admin/piastrix/notifications/${row.id}/retry`,
        {},
        await adminHeaders(getContainer())
      )
      expect(data.notification).toEqual(
        expect.objectContaining({ state: "processed", last_error: null })
      )
      expect(
        (await findOrderForCart(getContainer(), cart.id))?.payment_state
      ).toBe("captured")
      expect(await moneyOfCartOnceCaptured(cart.id, "1250.50")).toEqual(
        capturedOnce("1250.50")
      )
      expect(await refundTransfers(sandbox(), session.id)).toEqual([])
    })

    it("carries the payment to the replacement session even when Medusa deleted the paid session first", async () => {
      // Medusa creates the replacement and deletes the paid session in parallel; here the delete wins.
      const { session, paymentCollection, paymentsBefore } =
        await paidCartWithoutOrder()
      // Medusa's own processing captures, fails the completion, and its compensation replaces the session.
      await processPaymentAsMedusaWould(getContainer(), session.id)

      const paymentModule = getContainer().resolve(Modules.PAYMENT)
      const [replacement] = await paymentModule.listPaymentSessions({
        payment_collection_id: paymentCollection.id,
      })
      expect(replacement.data).toMatchObject({ shop_order_id: session.id })
      // Gone before the next replacement asks what it may carry: only Medusa's payment row remains.
      await paymentModule.deletePaymentSession(replacement.id)
      const next = await paymentModule.createPaymentSession(
        paymentCollection.id,
        {
          provider_id: REDIRECT,
          amount: replacement.amount,
          currency_code: replacement.currency_code,
          data: replacement.data,
        }
      )
      expect(next.data).toMatchObject({
        shop_order_id: session.id,
        state: "paid",
      })
      expect(await paymentsAtService()).toEqual(paymentsBefore)
    })

    it("keeps a payment that arrived after the stock ran out in front of a person, uncaptured, and places the order on retry once stock is back", async () => {
      const container = getContainer()
      const { stockLocationId } = await seedFulfilment(container, seed())
      const inventory = container.resolve(Modules.INVENTORY)
      const [book] = await inventory.listInventoryItems({
        sku: "piastrix-ebook",
      })
      const stock = (stocked_quantity: number) =>
        inventory.updateInventoryLevels([
          {
            inventory_item_id: book.id,
            location_id: stockLocationId,
            stocked_quantity,
          },
        ])
      await stock(1)
      // Two payers each start paying for the last book.
      const carts = [
        await createCart(api, seed()),
        await createCart(api, seed()),
      ]
      const sessions: Array<{ id: string }> = []
      for (const cart of carts) {
        const { session } = await startPaymentSession(
          api,
          seed(),
          cart,
          REDIRECT,
          SESSION_DATA
        )
        sessions.push(session)
      }
      const paymentsBefore = await paymentsAtService()
      await sandboxControl(sandbox(), "POST", `payments/${sessions[0].id}/pay`)
      await settledRow(container, sessions[0].id, "processed")
      expect(
        (await findOrderForCart(container, carts[0].id))?.payment_state
      ).toBe("captured")

      // The second payer's money arrives after the first order took the stock: no order, the money in view.
      await sandboxControl(sandbox(), "POST", `payments/${sessions[1].id}/pay`)
      const row = await settledRow(container, sessions[1].id, "needs_attention")
      expect(row.last_error).toMatch(/Not enough stock available/)
      expect(await findOrderForCart(container, carts[1].id)).toBeNull()
      expect(await moneyOfCart(carts[1].id)).toEqual({
        payments: [],
        paid_total: null,
      })

      // Stock back, the admin retries: the order is placed with the money already paid, nothing opened again.
      await stock(2)
      const { data } = await api.post(
        `/admin/piastrix/notifications/${row.id}/retry`,
        {},
        await adminHeaders(container)
      )
      expect(data.notification).toEqual(
        expect.objectContaining({ state: "processed", last_error: null })
      )
      expect(
        (await findOrderForCart(container, carts[1].id))?.payment_state
      ).toBe("captured")
      expect(await moneyOfCartOnceCaptured(carts[1].id, "1250.50")).toEqual(
        capturedOnce("1250.50")
      )
      expect(await paymentsAtService()).toEqual(paymentsBefore)
    })

    it("refuses to retry a notification that is already processed", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        SESSION_DATA
      )
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      const row = await settledRow(getContainer(), session.id, "processed")
      const headers = await adminHeaders(getContainer())
      const res = await api
        .post(`/admin/piastrix/notifications/${row.id}/retry`, {}, headers)
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/processed/)
    })
  })

  describe("when a completion fails after it authorized the payment", () => {
    /**
     * A database fault at the end of the authorization step of Medusa's cart completion, after the paid payment
     * was authorized (the provider answers a paid session `authorized`): a trigger refusing to mark the payment
     * collection authorized, counting what it refused in a sequence (which the refused update's rollback leaves
     * counted). `fired` reads the count; `drop` removes the fault.
     */
    async function failOrderTransactions() {
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await db.raw(`create sequence piastrix_test_fault_fired`)
      await db.raw(
        `create function piastrix_test_fault() returns trigger language plpgsql as $$
           begin
             perform nextval('piastrix_test_fault_fired');
             raise exception 'injected fault: payment_collection refused';
           end $$`
      )
      await db.raw(
        `create trigger piastrix_test_fault before update on payment_collection
           for each row when (new.status = 'authorized') execute function piastrix_test_fault()`
      )
      return {
        fired: async () => {
          const { rows } = await db.raw(
            `select case when is_called then last_value else 0 end as fired from piastrix_test_fault_fired`
          )
          return Number(rows[0].fired)
        },
        drop: async () => {
          await db.raw(
            `drop trigger if exists piastrix_test_fault on payment_collection`
          )
          await db.raw(`drop function if exists piastrix_test_fault()`)
          await db.raw(`drop sequence if exists piastrix_test_fault_fired`)
        },
      }
    }

    /** What moved at the service since `before`: transfers and their create requests, and the debit. */
    const movedSince = async (before: PayoutsAtService) => {
      const seen = payoutsAtServiceSince(
        before,
        await payoutsAtService(sandbox())
      )
      return {
        transfers: seen.transfers,
        createRequests: seen.createRequests,
        debited: seen.debited,
      }
    }
    const NOTHING_MOVED = { transfers: 0, createRequests: 0, debited: "0.00" }

    /** Authorized by the completion that failed after it, not captured; no refund, no order yet. */
    const capturedWithoutOrder = {
      payments: [{ amount: "1250.50", captures: 0, refunds: 0 }],
      paid_total: null,
    }

    /**
     * The cart's order placed with the payment the failed completion authorized, captured once: one payment
     * with one capture and no refund, the order's paid total, the order's card showing it captured, and
     * nothing moved or opened again at the service.
     */
    async function expectOrderWithTheFirstCapture(
      cartId: string,
      before: PayoutsAtService,
      paymentsBefore: string[]
    ) {
      const order = await findOrderForCart(getContainer(), cartId)
      expect(order?.payment_state).toBe("captured")
      // The card shows its one payment captured and nothing open at the service.
      const { data: card } = await api.get(
        `/admin/piastrix/orders/${order!.id}/payments`,
        await adminHeaders(getContainer())
      )
      expect(
        card.payments.map((p: any) => [p.captured, p.open_at_service])
      ).toEqual([[true, false]])
      expect(await moneyOfCartOnceCaptured(cartId, "1250.50")).toEqual(
        capturedOnce("1250.50")
      )
      expect(await movedSince(before)).toEqual(NOTHING_MOVED)
      expect(await paymentsAtService()).toEqual(paymentsBefore)
    }

    /** A cart with a session of `providerId` started; returns them and what the service had seen before. */
    async function startPaying(providerId: string) {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        providerId,
        providerId === REDIRECT ? SESSION_DATA : { email: cart.email }
      )
      return {
        cart,
        session,
        paymentsBefore: await paymentsAtService(),
        before: await payoutsAtService(sandbox()),
      }
    }

    /** The payer pays the session at the service (a wallet on its payment page). */
    async function pay(providerId: string, session: { id: string; data: any }) {
      if (providerId === WALLET) {
        await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
      } else {
        await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      }
    }

    /**
     * Paid while every completion fails after its authorization: the callback's completion authorizes and fails
     * (the fault fired once), and its row waits for a person. Returns the row.
     */
    async function paidWhileCompletionsFail(
      providerId: string,
      session: { id: string; data: any }
    ) {
      const fault = await failOrderTransactions()
      try {
        await pay(providerId, session)
        const row = await settledRow(
          getContainer(),
          session.id,
          "needs_attention"
        )
        expect(await fault.fired()).toBe(1)
        return row
      } finally {
        await fault.drop()
      }
    }

    /**
     * Paid while its callback is held back, and the payer back first: the storefront completes the cart (a
     * status read says paid), which authorizes and fails (the fault fired once). Returns what `startPaying` does.
     */
    async function capturedByFailedStorefrontCompletion(providerId: string) {
      const paying = await startPaying(providerId)
      await holdCallbacks(sandbox())
      await pay(providerId, paying.session)
      const fault = await failOrderTransactions()
      try {
        const completion = await completeCart(api, seed(), paying.cart.id)
        expect(completion.body.type).not.toBe("order")
        expect(await fault.fired()).toBe(1)
      } finally {
        await fault.drop()
      }
      return paying
    }

    /**
     * The payment `sessionId` due now, as if its minute had passed, and past the status read's polling window
     * (kept by the database's clock here and by its own at the sandbox: both move on 11 s); then one pass of
     * the reconcile job: what it did with that payment.
     */
    async function reconcileOnce(sessionId: string) {
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await sandboxControl(sandbox(), "POST", "clock/advance", { ms: 11_000 })
      await db.raw(
        `update piastrix_poll set next_allowed_at = clock_timestamp() - interval '1 second' where id like ?`,
        [`%${sessionId}%`]
      )
      await db.raw(
        `update piastrix_payment set next_check_at = now() where shop_order_id = ?`,
        [sessionId]
      )
      return (await reconcilePiastrix(getContainer())).payments.filter(
        (p) => p.shop_order_id === sessionId
      )
    }

    const retry = async (rowId: string) =>
      (
        await api.post(
          `/admin/piastrix/notifications/${rowId}/retry`,
          {},
          await adminHeaders(getContainer())
        )
      ).data

    for (const [kind, providerId] of [
      ["redirect", REDIRECT],
      ["wallet", WALLET],
    ]) {
      it(`${kind}: captures once when the callback's completion fails after authorizing: nothing canceled, refunded or sent back, the money in view, and the order placed on retry with that payment`, async () => {
        const { cart, session, paymentsBefore, before } =
          await startPaying(providerId)
        const row = await paidWhileCompletionsFail(providerId, session)
        expect(row.last_error).toMatch(/Payment authorization failed/)
        expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
        // Nothing canceled or refunded (a wallet's money stays with the store until its owner chooses): one
        // payment, authorized, not captured yet, and nothing moved at the service.
        expect(await moneyOfCart(cart.id)).toEqual(capturedWithoutOrder)
        expect(await movedSince(before)).toEqual(NOTHING_MOVED)
        expect((await returnPageStatus(session.id)).body).toMatchObject({
          state: "paid_without_order",
          order_placed: false,
        })

        const { notification } = await retry(row.id)
        expect(notification).toEqual(
          expect.objectContaining({ state: "processed", last_error: null })
        )
        await expectOrderWithTheFirstCapture(cart.id, before, paymentsBefore)
      })

      it(`${kind}: captures once when the storefront's completion fails after authorizing, before the callback came: the callback then places the order with that payment`, async () => {
        const { cart, session, paymentsBefore, before } =
          await capturedByFailedStorefrontCompletion(providerId)
        expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
        expect(await moneyOfCart(cart.id)).toEqual(capturedWithoutOrder)
        expect(await movedSince(before)).toEqual(NOTHING_MOVED)
        // The cart's paid session stays authorized: no payment opened again at the service.
        expect(await paymentsAtService()).toEqual(paymentsBefore)

        await sandboxControl(sandbox(), "POST", "callbacks/release")
        await settledRow(getContainer(), session.id, "processed")
        await expectOrderWithTheFirstCapture(cart.id, before, paymentsBefore)
      })
    }

    it("settles, when the callback never comes, a payment the storefront's failed completion authorized: the reconcile job places the order with it and captures it, its session reads as settled, and nothing is asked again", async () => {
      const { cart, session, paymentsBefore, before } =
        await capturedByFailedStorefrontCompletion(REDIRECT)
      // The callback is never released: only the reconcile job finds the money.
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const statusReads = async () =>
        Object.entries(
          (await sandboxControl(sandbox(), "GET", "polls")).counts as Record<
            string,
            number
          >
        )
          .filter(([key]) => key.includes(session.id))
          .reduce((sum, [, n]) => sum + n, 0)
      const readsBefore = await statusReads()
      const reconcileNow = () => reconcileOnce(session.id)

      const first = await reconcileNow()
      const order = await findOrderForCart(getContainer(), cart.id)
      await expectOrderWithTheFirstCapture(cart.id, before, paymentsBefore)
      const {
        rows: [carrying],
      } = await db.raw(
        `select id, status from payment_session
          where data->>'shop_order_id' = ? and deleted_at is null`,
        [session.id]
      )
      const {
        rows: [registered],
      } = await db.raw(
        `select state, next_check_at from piastrix_payment where shop_order_id = ?`,
        [session.id]
      )
      const again = await reconcileNow()
      const { data: widget } = await api.get(
        `/admin/piastrix/orders/${order!.id}/payments`,
        await adminHeaders(getContainer())
      )
      expect({
        first: first.map((p) => [p.session_id, p.outcome, p.order_id]),
        carrying: carrying.status,
        registered: [registered.state, registered.next_check_at],
        again: again.map((p) => p.outcome),
        status_reads: (await statusReads()) - readsBefore,
        // The carrying session shows the money captured, once: the capture is the first session's payment's.
        widget: widget.payments.map((p: any) => [
          p.session_id,
          p.shop_order_id,
          p.open_at_service,
          p.captured,
        ]),
      }).toEqual({
        first: [[carrying.id, "captured", order!.id]],
        // The paid session itself, authorized by the failed completion and kept (its cancel refused).
        carrying: "authorized",
        registered: ["settled", null],
        again: [],
        status_reads: 1,
        widget: [[carrying.id, session.id, false, true]],
      })
    })

    it("captures, when the callback never comes, an order whose capture after placing failed: the reconcile job keeps its payment open until it is captured, once", async () => {
      const { cart, session, paymentsBefore, before } =
        await startPaying(REDIRECT)
      await holdCallbacks(sandbox())
      await pay(REDIRECT, session)
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      // Every capture refused: the one after the order is placed (the order.placed subscriber) and the reconcile
      // job's first, until the fault is dropped.
      await db.raw(
        `create function piastrix_test_capture_fault() returns trigger language plpgsql as $$
           begin raise exception 'injected fault: capture refused'; end $$`
      )
      await db.raw(
        `create trigger piastrix_test_capture_fault before insert on capture
           for each row execute function piastrix_test_capture_fault()`
      )
      const dropFault = async () => {
        await db.raw(
          `drop trigger if exists piastrix_test_capture_fault on capture`
        )
        await db.raw(`drop function if exists piastrix_test_capture_fault()`)
      }
      try {
        const completion = await completeCart(api, seed(), cart.id)
        expect(completion.body.type).toBe("order")
        const reconcileNow = async () =>
          (await reconcileOnce(session.id)).map((p) => p.outcome)
        const registered = async () =>
          (
            await db.raw(
              `select state from piastrix_payment where shop_order_id = ?`,
              [session.id]
            )
          ).rows[0].state
        // Not captured: not settled, looked at again.
        expect(await reconcileNow()).toEqual(["waiting"])
        expect(await registered()).not.toBe("settled")
        expect(await moneyOfCart(cart.id)).toEqual({
          payments: [{ amount: "1250.50", captures: 0, refunds: 0 }],
          paid_total: "0.00",
        })
        await dropFault()
        expect(await reconcileNow()).toEqual(["captured"])
        expect(await registered()).toBe("settled")
      } finally {
        await dropFault()
      }
      expect(await moneyOfCartOnceCaptured(cart.id, "1250.50")).toEqual(
        capturedOnce("1250.50")
      )
      expect(await movedSince(before)).toEqual(NOTHING_MOVED)
      expect(await paymentsAtService()).toEqual(paymentsBefore)
    })

    it("wallet: sends a payment a failed completion authorized back to the payer once when the store owner presses Refund instead, and its cart cannot become an order with it", async () => {
      const { cart, session, before } = await startPaying(WALLET)
      const row = await paidWhileCompletionsFail(WALLET, session)
      expect(await movedSince(before)).toEqual(NOTHING_MOVED)

      const { data } = await api.post(
        `/admin/piastrix/notifications/${row.id}/refund`,
        {},
        await adminHeaders(getContainer())
      )
      expect(data.notification.state).toBe("resolved")
      expect(await movedSince(before)).toEqual({
        transfers: 1,
        createRequests: 1,
        debited: "1250.50",
      })
      expect(await refundTransfers(sandbox(), session.id)).toHaveLength(1)
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
      // The money went back: the cart cannot become an order with it (its session stays authorized in Medusa).
      const completion = await completeCart(api, seed(), cart.id)
      expect(completion.body.type).not.toBe("order")
      expect(await findOrderForCart(getContainer(), cart.id)).toBeNull()
    })
  })

  /** A cart's first Piastrix session, which a second start replaced (Medusa deletes it); the payer may still pay it. */
  async function replacedSession() {
    const cart = await createCart(api, seed())
    const { session: first } = await startPaymentSession(
      api,
      seed(),
      cart,
      REDIRECT,
      SESSION_DATA
    )
    await startPaymentSession(api, seed(), cart, REDIRECT, SESSION_DATA)
    return first
  }

  describe("payments whose session Medusa no longer holds", () => {
    it("finds money paid on a replaced session whose callback never came, and puts it in front of a person", async () => {
      // The storefront starts again (a new session replaces the first), but the payer pays the first page.
      const first = await replacedSession()
      await holdCallbacks(sandbox())
      await sandboxControl(sandbox(), "POST", `payments/${first.id}/pay`)

      // The payer's return page asks about the first session: gone, and nothing known of its money yet.
      expect((await returnPageStatus(first.id)).status).toBe(404)

      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      // Due now, as if the first minute had passed.
      await db.raw(
        `update piastrix_payment set next_check_at = now() where shop_order_id = ?`,
        [first.id]
      )
      const result = await reconcilePiastrix(getContainer())
      expect(result.payments).toEqual([
        expect.objectContaining({
          shop_order_id: first.id,
          session_id: null,
          outcome: "paid_without_order",
        }),
      ])
      const { rows } = await db.raw(
        `select state, last_error from piastrix_payment where shop_order_id = ?`,
        [first.id]
      )
      expect(rows[0].state).toBe("paid_without_order")
      expect(rows[0].last_error).toMatch(/no order was created/)
      // In front of a person: the store owner's inbox lists it among what needs one, worded, though no
      // notification came.
      const inbox = await needsAttentionFor(api, getContainer(), first.id)
      expect(inbox.rows).toEqual([
        expect.objectContaining({
          source: "payment",
          state: "needs_attention",
          shop_amount: "1250.50",
          shop_currency_code: "RUB",
          // Paid as asked: the row's amount is what was paid.
          paid_not_as_asked: null,
          last_error_message: {
            code: "inbox.paid_found_session_gone",
            params: { detail: expect.stringMatching(/ status 4$/) },
          },
        }),
      ])

      const again = await reconcilePiastrix(getContainer())
      expect(again.payments).toEqual([])

      // Now the return page can tell the payer the money arrived, and stop waiting; nothing more.
      expect(await returnPageStatus(first.id)).toEqual({
        status: 200,
        body: expect.objectContaining({
          session_id: first.id,
          state: "paid_without_order",
          order_placed: false,
          order_id: null,
        }),
      })
    })

    it("tells the payer of a session deleted before its callback came that the money arrived", async () => {
      // The cart changes in another tab: a new session replaces the one the payer is paying.
      const first = await replacedSession()
      await sandboxControl(sandbox(), "POST", `payments/${first.id}/pay`)
      await settledRow(getContainer(), first.id, "needs_attention")
      const answer = await returnPageStatus(first.id)
      expect(answer).toEqual({
        status: 200,
        body: expect.objectContaining({
          state: "paid_without_order",
          order_placed: false,
          order_id: null,
        }),
      })
      expect(JSON.stringify(answer.body)).not.toMatch(/cart_|1250/)
    })

    it("ignores, without an alarm, a notification for a payment another store opened on the same shop", async () => {
      const foreign = "payses_01M80JTJZBVBNTQNXBYP8GS89Z"
      expect(
        await postCallback(api, successNotification(foreign, "99.00"))
      ).toEqual({ status: 200, body: "OK" })
      const row = await settledRow(getContainer(), foreign, "ignored")
      expect(row.last_error).toMatch(/never opened it/)
      // Its return page learns nothing of it.
      expect((await returnPageStatus(foreign)).status).toBe(404)
    })
  })
})
