import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  NOTIFICATION_MAX_ATTEMPTS,
  runNotificationProcessing,
} from "../../src/workflows/piastrix-notification/utils/run-notification-processing"
import { adminHeaders } from "../helpers/admin-api"
import { databaseUrlOf, holdTable } from "../helpers/db-hold"
import { payoutsAtService, payoutsAtServiceSince } from "../helpers/payouts"
import {
  inboxRows,
  paidNotAsAskedFoundByStatus,
  processPaymentAsMedusaWould,
  refundTransfers,
  sandboxControl,
  settledRow,
  waitFor,
} from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  addItemToShip,
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"

jest.setTimeout(120000)

const WALLET = "pp_piastrix-wallet_piastrix"
const REDIRECT = "pp_piastrix_piastrix"
const PAYER_WALLET = "201494711279"

/**
 * "Refund" in the inbox (POST /admin/piastrix/notifications/:id/refund): money that arrived for a cart
 * that could not become an order goes back to the payer, once, against the sandbox. And "Mark resolved" of
 * such money that needs a person without a notification (a payment found by the status read, a refund that
 * did not go through), once it was settled outside the plugin.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  afterEach(async () => {
    await sandboxControl(sandbox(), "DELETE", "faults")
  })

  /** A paid payment of `providerId` whose cart gained an item to ship and no shipping method meanwhile. */
  async function moneyWithoutOrder(providerId: string) {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      providerId,
      {
        email: cart.email,
        ...(providerId === REDIRECT ? { payway: "card_rub" } : {}),
      }
    )
    const item = await addItemToShip(getContainer(), cart.id)
    if (providerId === WALLET) {
      await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    } else {
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
    }
    const row = await settledRow(getContainer(), session.id, "needs_attention")
    return { cart, item, session, row }
  }

  /** A wallet payment paid after its session was gone (the cart abandoned): no Medusa payment, no order. */
  async function paidWithoutSession() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, WALLET, {
      email: cart.email,
    })
    await getContainer()
      .resolve(Modules.PAYMENT)
      .deletePaymentSession(session.id)
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    const row = await settledRow(getContainer(), session.id, "needs_attention")
    return { session, row }
  }

  /**
   * A paid wallet payment whose processing kept failing (a table it reads was away) until it went to a
   * person: `needs_attention`, refundable, and its cart still able to become an order on a retry.
   */
  async function walletRowGivenUp() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, WALLET, {
      email: cart.email,
    })
    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await db.raw("alter table piastrix_refund rename to piastrix_refund_away")
    try {
      await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
      const row = await settledRow(getContainer(), session.id, "failed")
      for (let attempt = 2; attempt <= NOTIFICATION_MAX_ATTEMPTS; attempt++) {
        await runNotificationProcessing(getContainer(), row.id)
      }
    } finally {
      await db.raw("alter table piastrix_refund_away rename to piastrix_refund")
    }
    const row = await settledRow(getContainer(), session.id, "needs_attention")
    return { cart, session, row }
  }

  /** An inbox row's action (`retry`, `refund`, `resolve`) as the admin posts it: its status and body, never a throw. */
  async function act(id: string, action: string, body: unknown = {}) {
    try {
      const res = await api.post(
        `/admin/piastrix/notifications/${id}/${action}`,
        body,
        await adminHeaders(getContainer())
      )
      return { status: res.status, body: res.data }
    } catch (err: any) {
      return { status: err.response.status as number, body: err.response.data }
    }
  }

  const retry = (id: string) => act(id, "retry")

  /** Orders of a cart in Medusa's tables, with whether their payment was captured. */
  async function ordersOfCart(cartId: string) {
    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const { rows } = await db.raw(
      `select o.id, p.captured_at
         from order_cart oc
         join "order" o on o.id = oc.order_id and o.deleted_at is null
         left join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
         left join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
        where oc.cart_id = ? and oc.deleted_at is null`,
      [cartId]
    )
    return rows as Array<{ id: string; captured_at: Date | null }>
  }

  const refund = (id: string, body: unknown = {}) => act(id, "refund", body)

  const inboxRow = async (id: string) => {
    const { data } = await api.get(
      "/admin/piastrix/notifications?limit=100",
      await adminHeaders(getContainer())
    )
    return data.notifications.find((n: { id: string }) => n.id === id)
  }

  /**
   * What a race between Refund and Retry left, counted where it lands: transfers, create requests and the
   * debit at the service since `before`, the create ids, and the cart's orders in Medusa's tables.
   */
  async function moneyAndOrders(
    before: Awaited<ReturnType<typeof payoutsAtService>>,
    cartId: string
  ) {
    const atService = payoutsAtServiceSince(
      before,
      await payoutsAtService(sandbox())
    )
    const orders = await ordersOfCart(cartId)
    return {
      transfers: atService.transfers,
      createRequests: atService.createRequests,
      createIds: Object.keys(atService.creates),
      debited: atService.debited,
      orders: orders.length,
      captured: orders.every((o) => o.captured_at !== null),
    }
  }

  it("sends a wallet payment without an order back to the payer once, under a second click while the first is sending, and records it on the row", async () => {
    const { session, row } = await paidWithoutSession()
    // The session is gone with the cart that changed: Refund helps, a Retry cannot.
    expect(await inboxRow(row.id)).toMatchObject({
      refundable: true,
      retryable: false,
    })

    // The first click's transfer is held at the service, so the second click lands while it is in flight.
    await sandboxControl(sandbox(), "POST", "faults", {
      type: "latency",
      path: "/transfer/create",
      ms: 10000,
      times: 1,
    })
    let firstAnswered = false
    const first = refund(row.id).then((answer) => {
      firstAnswered = true
      return answer
    })
    await waitFor(async () => {
      const [claimed] = await inboxRows(getContainer(), { id: row.id })
      return claimed.claimed_until !== null
    })
    const second = await refund(row.id)
    expect(firstAnswered).toBe(false)
    expect(second.status).toBe(409)
    expect(second.body.message).toMatch(/being refunded or processed/)
    const answer = await first
    expect(answer.status).toBe(200)

    const transfers = await refundTransfers(sandbox(), session.id)
    expect(transfers).toHaveLength(1)
    expect(JSON.stringify(transfers[0])).toContain(PAYER_WALLET)
    expect(transfers[0].writeOff).toBe(row.shop_amount)
    const refunded = answer.body.refund
    expect(refunded).toMatchObject({
      state: "sent",
      amount: row.shop_amount,
      currency_code: "RUB",
      payee: "20••••••1279",
      transfer_id: expect.any(String),
    })
    expect(JSON.stringify(answer.body)).not.toContain(PAYER_WALLET)

    const after = await inboxRow(row.id)
    expect(after).toMatchObject({ state: "resolved", refundable: false })
    expect(after.resolution_note).toContain(refunded.transfer_id)
    expect(after.resolution_note).toMatch(
      /^Refunded .* RUB to wallet 20••••••1279/
    )
    // The admin words the plugin's own note by its code, the amount with its currency.
    expect(after.resolution_note_message).toEqual({
      code: "inbox.refunded_to_wallet",
      params: expect.objectContaining({
        amount: { amount: row.shop_amount, currency: "RUB" },
      }),
    })

    // Asked again: the same refund, no second transfer.
    const again = await refund(row.id)
    expect(again.status).toBe(200)
    expect(again.body.refund.transfer_id).toBe(refunded.transfer_id)
    expect(await refundTransfers(sandbox(), session.id)).toHaveLength(1)
  })

  /**
   * A wallet payment without an order that Medusa's own processing captured before its completion failed
   * (the plugin's processing never captures for such a cart): the compensation's refund is refused, so the
   * money stays with the store and Medusa's new session for the cart carries it.
   */
  async function capturedByMedusaWithoutOrder() {
    const paid = await moneyWithoutOrder(WALLET)
    await processPaymentAsMedusaWould(getContainer(), paid.session.id)
    return paid
  }

  it("sends nothing back when Medusa's compensation of a failed completion refunds a captured wallet payment, and the inbox's Refund sends it once", async () => {
    const { session, row } = await capturedByMedusaWithoutOrder()
    expect(await refundTransfers(sandbox(), session.id)).toEqual([])
    expect((await inboxRow(row.id)).refundable).toBe(true)
    const res = await refund(row.id)
    expect(res.status).toBe(200)
    expect(await refundTransfers(sandbox(), session.id)).toHaveLength(1)
    expect((await inboxRow(row.id)).state).toBe("resolved")
  })

  it("places the order once on retry with a wallet payment Medusa's processing captured before its completion failed, capturing nothing again", async () => {
    const { cart, item, session, row } = await capturedByMedusaWithoutOrder()
    // The store owner fixes the cart and retries: the order records the capture Medusa's processing made.
    await getContainer().resolve(Modules.CART).deleteLineItems([item.id])
    const res = await retry(row.id)
    expect(res.body.notification).toEqual(
      expect.objectContaining({ state: "processed", last_error: null })
    )
    const order = await findOrderForCart(getContainer(), cart.id)
    expect(order?.payment_state).toBe("captured")
    const payments = order.payment_collections.flatMap((pc: any) => pc.payments)
    expect(payments).toEqual([
      expect.objectContaining({ captures: [expect.anything()] }),
    ])
    expect(await refundTransfers(sandbox(), session.id)).toEqual([])
  })

  it("sends the money back or places the order, never both, when Refund is pressed and Retry lands while its transfer is about to go", async () => {
    const { cart, session, row } = await walletRowGivenUp()
    // Processing gave up on a cause that is gone now: both a Refund and a Retry can work.
    expect(await inboxRow(row.id)).toMatchObject({
      refundable: true,
      retryable: true,
    })
    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const before = await payoutsAtService(sandbox())

    // Refund first: it takes the row and stops at its write-ahead register row, before the transfer.
    const hold = await holdTable(await databaseUrlOf(db), "piastrix_refund")
    let refunding: ReturnType<typeof refund>
    let retried: Awaited<ReturnType<typeof retry>>
    try {
      refunding = refund(row.id)
      const [waiting] = await hold.firstWaiting()
      expect(waiting.query).toMatch(/piastrix_refund/)
      const [claimed] = await inboxRows(getContainer(), { id: row.id })
      expect(claimed.claimed_until).not.toBeNull()
      retried = await retry(row.id)
    } finally {
      await hold.release()
    }
    const refunded = await refunding

    // At the service and in Medusa's order tables: one transfer of the payment back, and no order.
    expect(await moneyAndOrders(before, cart.id)).toEqual({
      transfers: 1,
      createRequests: 1,
      createIds: [expect.stringMatching(new RegExp(`^${session.id}`))],
      debited: row.shop_amount,
      orders: 0,
      captured: true,
    })
    expect(refunded.status).toBe(200)
    expect(retried.status).toBe(400)
    expect(retried.body.message).toMatch(/being refunded or processed/)
    expect(await inboxRow(row.id)).toMatchObject({ state: "resolved" })
  })

  it("places the order or sends the money back, never both, when Retry is pressed and Refund lands while the order is being placed", async () => {
    const { cart, row } = await walletRowGivenUp()
    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const before = await payoutsAtService(sandbox())

    // Retry first: its processing stops where Medusa records the authorized payment.
    const hold = await holdTable(await databaseUrlOf(db), "payment")
    let retrying: ReturnType<typeof retry>
    let refunded: Awaited<ReturnType<typeof refund>>
    try {
      retrying = retry(row.id)
      const [waiting] = await hold.firstWaiting()
      expect(waiting.query).toMatch(/insert into "?payment"?/i)
      refunded = await refund(row.id)
    } finally {
      await hold.release()
    }
    const retried = await retrying

    // At the service and in Medusa's order tables: no transfer asked for, and one captured order.
    expect(await moneyAndOrders(before, cart.id)).toEqual({
      transfers: 0,
      createRequests: 0,
      createIds: [],
      debited: "0.00",
      orders: 1,
      captured: true,
    })
    expect(retried.body.outcome).toBe("processed")
    expect([400, 409]).toContain(refunded.status)
  })

  it("refuses to refund a payment of a kind the service cannot refund, and moves no money", async () => {
    const { session, row } = await moneyWithoutOrder(REDIRECT)
    expect((await inboxRow(row.id)).refundable).toBe(false)
    const res = await refund(row.id)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(
      /^id: Piastrix has no refund for this kind of payment/
    )
    expect(await refundTransfers(sandbox(), session.id)).toHaveLength(0)
    expect((await inboxRow(row.id)).state).toBe("needs_attention")
  })

  it("refuses bad input and unknown rows", async () => {
    const { row } = await paidWithoutSession()
    const extra = await refund(row.id, { amount: "1.00" })
    expect(extra.status).toBe(400)
    expect(extra.body.message).toMatch(/amount/)
    const missing = await refund("pxntf_missing")
    expect(missing.status).toBe(404)
  })

  /**
   * "Mark resolved" (POST /admin/piastrix/notifications/:id/resolve with the row's `source`) of money that
   * needs a person without a notification: a payment the status read found paid that could not become an
   * order, and a refund that did not go through. Settled outside the plugin, each leaves what needs a person
   * and the count, and is listed resolved with the note.
   */
  describe("Mark resolved of a payment or refund that needs a person", () => {
    const resolve = (id: string, body: unknown) => act(id, "resolve", body)

    /** The inbox as the admin reads it: what needs a person, and the resolved rows. */
    async function inboxOf(shopOrderId: string) {
      const headers = await adminHeaders(getContainer())
      const [open, resolved] = await Promise.all(
        ["needs_attention", "resolved"].map((state) =>
          api.get(
            `/admin/piastrix/notifications?state=${state}&limit=100`,
            headers
          )
        )
      )
      const mine = (rows: Array<Record<string, any>>) =>
        rows.filter((n) => n.shop_order_id === shopOrderId)
      return {
        open: mine(open.data.notifications),
        /** The red count, and the rows it counts. */
        needs_attention: open.data.needs_attention as number,
        listed: open.data.notifications.length as number,
        resolved: mine(resolved.data.notifications),
      }
    }

    /** A card payment paid in dollars where roubles were asked, its callback lost: the status read finds it. */
    async function paidNotAsAsked() {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        REDIRECT,
        { payway: "card_rub", email: cart.email }
      )
      const run = await paidNotAsAskedFoundByStatus(
        getContainer(),
        sandbox(),
        session.id
      )
      expect(
        run.payments.find((p) => p.session_id === session.id)?.outcome
      ).toBe("paid_not_as_asked")
      return session
    }

    /** A wallet order whose refund of 100 failed at the service (HTTP 500): Medusa recorded none. */
    async function refundNotSent() {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(api, seed(), cart, WALLET, {
        email: cart.email,
      })
      await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
      const order = await waitFor(async () => {
        const o = await findOrderForCart(getContainer(), cart.id)
        return o?.payment_state === "captured" ? o : null
      })
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "http_error",
        path: "/transfer/create",
        status: 500,
      })
      const refused = await api
        .post(
          `/admin/payments/${order.payment_collections[0].payments[0].id}/refund`,
          { amount: 100 },
          await adminHeaders(getContainer())
        )
        .then((r) => r.status)
        .catch((e) => e.response.status as number)
      expect(refused).toBe(400)
      await sandboxControl(sandbox(), "DELETE", "faults")
      expect(await refundTransfers(sandbox(), session.id)).toEqual([])
      return session
    }

    it.each([
      ["payment", paidNotAsAsked, "paid_found_not_as_asked"],
      ["refund", refundNotSent, "refund_not_sent"],
    ] as const)(
      "takes a %s settled outside the plugin off what needs a person, with the note, once",
      async (source, make, reason) => {
        const session = await make()
        const before = await inboxOf(session.id)
        expect(before.open).toEqual([
          expect.objectContaining({
            source,
            state: "needs_attention",
            retryable: false,
            refundable: false,
            last_error_message: expect.objectContaining({
              code: `inbox.${reason}`,
            }),
          }),
        ])
        const row = before.open[0]

        // The row's source decides which register is asked: a notification of that id there is none.
        const asNotification = await resolve(row.id, { note: "done" })
        expect(asNotification.status).toBe(404)
        const wrongSource = await resolve(row.id, {
          note: "done",
          source: source === "payment" ? "refund" : "payment",
        })
        expect(wrongSource.status).toBe(404)
        expect(wrongSource.body.message).toMatch(/^id: /)

        const res = await resolve(row.id, {
          note: "refunded to the payer at Piastrix, ticket 4411",
          source,
        })
        expect(res.status).toBe(200)
        expect(res.body.notification).toEqual(
          expect.objectContaining({
            id: row.id,
            source,
            state: "resolved",
            resolution_note: "refunded to the payer at Piastrix, ticket 4411",
            resolved_by: expect.stringMatching(/^user_/),
            resolved_at: expect.any(String),
          })
        )
        // Not among what needs a person, nor in its count (the count is of the rows listed).
        expect(before.needs_attention).toBe(before.listed)
        const after = await inboxOf(session.id)
        expect(after.open).toEqual([])
        expect(after.needs_attention).toBe(after.listed)
        expect(after.resolved).toEqual([
          expect.objectContaining({
            id: row.id,
            source,
            state: "resolved",
            resolution_note: "refunded to the payer at Piastrix, ticket 4411",
            // Listed when it came to need a person, as before.
            created_at: row.created_at,
          }),
        ])

        const again = await resolve(row.id, { note: "again", source })
        expect(again.status).toBe(400)
        expect(again.body.message).toMatch(/^id: .*resolved already/)
        expect((await inboxOf(session.id)).resolved).toEqual([
          expect.objectContaining({
            resolution_note: "refunded to the payer at Piastrix, ticket 4411",
          }),
        ])
      }
    )

    it.each([
      [{ note: "x", source: "order" }, /source/],
      [{ note: " ", source: "payment" }, /note/],
      [{ source: "refund" }, /note/],
    ])("refuses %j with 400 naming the field", async (body, field) => {
      const res = await resolve("pxpay_any", body)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(field)
    })
  })
})
