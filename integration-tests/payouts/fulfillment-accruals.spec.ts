import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  cancelOrderFulfillmentWorkflow,
  cancelOrderWorkflow,
  beginReceiveReturnWorkflow,
  beginReturnOrderWorkflow,
  createOrderFulfillmentWorkflow,
  createShippingOptionsWorkflow,
  createStockLocationsWorkflow,
  confirmReturnReceiveWorkflow,
  confirmReturnRequestWorkflow,
  receiveItemReturnRequestWorkflow,
  requestItemReturnWorkflow,
} from "@medusajs/medusa/core-flows"
import { createPayout } from "../../src/modules/piastrix/repositories/payouts"
import {
  recipientBalances,
  type SqlDatabase,
} from "../../src/modules/piastrix/repositories/ledger"
import { releaseDueHolds } from "../../src/modules/piastrix/repositories/accruals"
import { sendPendingPayouts } from "../../src/modules/piastrix/repositories/runs"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { accrueLostFulfillments } from "../../src/workflows/piastrix-payouts"
import piastrixCancelReversal from "../../src/subscribers/piastrix-cancel-reversal"
import piastrixReturnReversal from "../../src/subscribers/piastrix-return-reversal"
import piastrixFulfillmentAccrual, {
  orderOfFulfillment,
} from "../../src/subscribers/piastrix-fulfillment-accrual"
import { adminHeaders, needsAttentionFor } from "../helpers/admin-api"
import { refundTransfers, sandboxControl, waitFor } from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"
import {
  balancesOf,
  expectPayoutInvariants,
  payoutsAtService,
  payoutsAtServiceSince,
  productVendor,
} from "../helpers/payouts"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"

jest.setTimeout(180000)

const RUB = 643
const WALLET = "pp_piastrix-wallet_piastrix"
const PAYER_WALLET = "201494711279"

/** A warehouse with Medusa's manual fulfillment provider and a free shipping option, as a store sets one up. */
async function shippingOption(container: MedusaContainer) {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const { result: locations } = await createStockLocationsWorkflow(
    container
  ).run({
    input: { locations: [{ name: "Warehouse" }] },
  })
  const location = locations[0]
  const set = await fulfillment.createFulfillmentSets({
    name: `Warehouse shipping ${location.id}`,
    type: "shipping",
    service_zones: [
      { name: "Russia", geo_zones: [{ type: "country", country_code: "ru" }] },
    ],
  })
  await link.create([
    {
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
    },
    {
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_set_id: set.id },
    },
  ])
  const [profile] = (
    await fulfillment.listShippingProfiles({ type: "default" })
  ).length
    ? await fulfillment.listShippingProfiles({ type: "default" })
    : [
        await fulfillment.createShippingProfiles({
          name: "Default",
          type: "default",
        }),
      ]
  const { result } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Download",
        service_zone_id: set.service_zones[0].id,
        shipping_profile_id: profile.id,
        provider_id: "manual_manual",
        price_type: "flat",
        type: { label: "Download", description: "Digital", code: "download" },
        prices: [{ currency_code: "rub", amount: 0 }],
      },
    ],
  })
  return { location_id: location.id, shipping_option_id: result[0].id }
}

piastrixIntegrationRunner(({ api, getContainer, seed, sandbox }) => {
  let db: SqlDatabase

  beforeEach(() => {
    db = getContainer().resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
  })

  afterEach(async () => {
    await expectPayoutInvariants(db, sandbox())
  })

  const vendor = async (name: string, sku: string, commission: string) =>
    productVendor(api, await adminHeaders(getContainer()), {
      name,
      sku,
      commission_percent: commission,
    })

  async function entriesOf(orderId: string) {
    const { rows } = await db.raw(
      `select recipient_id, fulfillment_id, line_item_id, account, amount::text as amount from piastrix_ledger_entry
        where order_id = ? and kind = 'accrual' order by fulfillment_id, line_item_id, account`,
      [orderId]
    )
    return rows
  }

  /**
   * Two vendors, and a paid order of two books (one vendor) and stickers (the other), ready to fulfill;
   * `wallet`: paid by a Piastrix wallet payment (the callback places the order).
   */
  async function paidOrder({ wallet = false } = {}) {
    const books = await vendor("Books vendor", "piastrix-ebook", "10")
    const stickers = await vendor("Sticker vendor", "piastrix-stickers", "20")
    const shipping = await shippingOption(getContainer())
    const placed = await placeOrder(shipping, { wallet })
    /** Fulfils both lines whole, and waits until Medusa's event accrued each vendor's share, held. */
    const fulfillAll = async () => {
      const { result } = await placed.fulfill([
        { id: placed.line("piastrix-ebook"), quantity: 2 },
        { id: placed.line("piastrix-stickers"), quantity: 1 },
      ])
      await eventually(
        async () =>
          (await recipientBalances(db, stickers.id, RUB)).held === "120.00" &&
          (await recipientBalances(db, books.id, RUB)).held === "2250.90"
      )
      return result
    }
    return { books, stickers, fulfillAll, ...placed }
  }

  /** A paid order of two books and stickers, with its lines, fulfillments and returns made by Medusa's workflows. */
  async function placeOrder(
    {
      location_id,
      shipping_option_id,
    }: {
      location_id: string
      shipping_option_id: string
    },
    { wallet = false } = {}
  ) {
    const cart = await createCart(api, seed(), {
      sku: "piastrix-ebook",
      quantity: 2,
    })
    await api.post(
      `/store/carts/${cart.id}/line-items`,
      { variant_id: seed().variants["piastrix-stickers"], quantity: 1 },
      storeHeaders(seed())
    )
    let sessionId: string | null = null
    if (wallet) {
      const { session } = await startPaymentSession(api, seed(), cart, WALLET, {
        email: cart.email,
      })
      sessionId = session.id
      await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
      await waitFor(async () => {
        const placed = await findOrderForCart(getContainer(), cart.id)
        return placed?.payment_state === "captured"
      })
    } else {
      await startPaymentSession(api, seed(), cart, "pp_system_default")
      expect((await completeCart(api, seed(), cart.id)).status).toBe(200)
    }
    const order = (await findOrderForCart(getContainer(), cart.id))!
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: ["items.id", "items.product_handle"],
      filters: { id: order.id },
    })
    const line = (handle: string) =>
      data[0].items.find(
        (i: { product_handle: string }) => i.product_handle === handle
      ).id
    const fulfill = (
      items: Array<{ id: string; quantity: number }>,
      context?: { eventGroupId: string; preventReleaseEvents: boolean }
    ) =>
      createOrderFulfillmentWorkflow(getContainer()).run({
        input: { order_id: order.id, items, location_id, shipping_option_id },
        context,
      })
    // A return as the admin makes it: requested, then received (Medusa emits `order.return_received`).
    const returnItems = async (
      items: Array<{ id: string; quantity: number }>
    ) => {
      const container = getContainer()
      const { result: change } = await beginReturnOrderWorkflow(container).run({
        input: { order_id: order.id, location_id },
      })
      const return_id = change.return_id!
      await requestItemReturnWorkflow(container).run({
        input: { return_id, items },
      })
      await confirmReturnRequestWorkflow(container).run({
        input: { return_id },
      })
      await beginReceiveReturnWorkflow(container).run({ input: { return_id } })
      await receiveItemReturnRequestWorkflow(container).run({
        input: { return_id, items },
      })
      await confirmReturnReceiveWorkflow(container).run({
        input: { return_id },
      })
      return { result: { id: return_id } }
    }
    return {
      order,
      sessionId,
      query,
      line,
      fulfill,
      returnItems,
      shipping: { location_id, shipping_option_id },
    }
  }

  /**
   * Waits for the subscribers Medusa runs on its events, until `done` holds; fails the test, naming what it
   * waited for, when it never does.
   */
  async function eventually(done: () => Promise<boolean>) {
    const deadline = Date.now() + 15000
    while (!(await done())) {
      if (Date.now() > deadline) {
        throw new Error(
          `still not so after 15 s of Medusa's subscribers: ${done.toString()}`
        )
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }

  it("accrues each vendor's share once per fulfilled line, also when the event is delivered twice", async () => {
    const { books, stickers, order, query, line, fulfill } = await paidOrder()

    // Two fulfillments: one book and the stickers, then the second book.
    const { result: first } = await fulfill([
      { id: line("piastrix-ebook"), quantity: 1 },
      { id: line("piastrix-stickers"), quantity: 1 },
    ])
    const { result: second } = await fulfill([
      { id: line("piastrix-ebook"), quantity: 1 },
    ])

    // The subscriber runs on Medusa's event; wait for both fulfillments' accruals.
    const heldOf = async () =>
      (await entriesOf(order.id)).filter(
        (e: { account: string }) => e.account === "held"
      )
    await eventually(async () => (await heldOf()).length === 3)
    // The event delivered once more (an event bus redelivers): nothing is accrued twice.
    await piastrixFulfillmentAccrual({
      event: {
        name: "order.fulfillment_created",
        data: { order_id: order.id, fulfillment_id: first.id },
      },
      container: getContainer(),
    } as never)

    expect(await heldOf()).toEqual(
      [
        {
          recipient_id: books.id,
          fulfillment_id: first.id,
          line_item_id: line("piastrix-ebook"),
          account: "held",
          amount: "1125.45",
        },
        {
          recipient_id: stickers.id,
          fulfillment_id: first.id,
          line_item_id: line("piastrix-stickers"),
          account: "held",
          amount: "120.00",
        },
        {
          recipient_id: books.id,
          fulfillment_id: second.id,
          line_item_id: line("piastrix-ebook"),
          account: "held",
          amount: "1125.45",
        },
      ].sort((a, b) =>
        `${a.fulfillment_id}${a.line_item_id}`.localeCompare(
          `${b.fulfillment_id}${b.line_item_id}`
        )
      )
    )
    // With `accrueOn: "delivered"`, the delivery event names only the fulfillment: its order is found.
    expect(await orderOfFulfillment(query as never, second.id)).toBe(order.id)
    expect((await recipientBalances(db, books.id, RUB)).held).toBe("2250.90")
    expect((await recipientBalances(db, stickers.id, RUB)).held).toBe("120.00")
  })

  it("reverses a canceled fulfillment's shares once, and a share already paid out becomes a clawback", async () => {
    const { books, stickers, order, fulfillAll } = await paidOrder()
    const first = await fulfillAll()
    // The books' share is released and paid out before the fulfillment is canceled.
    await db.raw(`update piastrix_recipient set hold_days = 0 where id = ?`, [
      books.id,
    ])
    await releaseDueHolds(db)
    const ctx = payoutContextOf(getContainer())
    await createPayout(db, { recipient_id: books.id, approval_threshold: null })
    await sendPendingPayouts(ctx)
    expect(await recipientBalances(db, books.id, RUB)).toMatchObject({
      paid: "2250.90",
      available: "0.00",
    })
    // The order widget shows each vendor's share, its state and the payout it became payable for.
    const headers = await adminHeaders(getContainer())
    const sharesOf = async () =>
      (
        await api.get(`/admin/piastrix/orders/${order.id}/payments`, headers)
      ).data.vendors.map((v: any) => [
        v.name,
        v.share,
        v.state,
        v.hold_until === null,
        v.payout?.status ?? null,
      ])
    expect(await sharesOf()).toEqual(
      expect.arrayContaining([
        [books.name, "2250.90", "released", true, "succeeded"],
        [stickers.name, "120.00", "held", false, null],
      ])
    )

    await cancelOrderFulfillmentWorkflow(getContainer()).run({
      input: { order_id: order.id, fulfillment_id: first.id },
    })
    await eventually(
      async () =>
        (await recipientBalances(db, stickers.id, RUB)).held === "0.00"
    )
    await eventually(
      async () =>
        (await recipientBalances(db, books.id, RUB)).clawback === "-2250.90"
    )
    // The event once more: nothing is reversed twice.
    await piastrixCancelReversal({
      event: {
        name: "order.fulfillment_canceled",
        data: { order_id: order.id, fulfillment_id: first.id },
      },
      container: getContainer(),
    } as never)
    expect(await recipientBalances(db, stickers.id, RUB)).toMatchObject({
      held: "0.00",
    })
    expect(await recipientBalances(db, books.id, RUB)).toMatchObject({
      clawback: "-2250.90",
      paid: "2250.90",
    })
    expect((await sharesOf()).map((s: unknown[]) => s[2])).toEqual([
      "reversed",
      "reversed",
    ])
    const { rows } = await db.raw(
      `select count(*)::int as n from piastrix_ledger_entry where order_id = ? and kind = 'reversal' and account in ('held', 'clawback')`,
      [order.id]
    )
    expect(rows[0].n).toBe(2)
  })

  /** The admin's Cancel on an order (Medusa refunds its captured payments); never throws. */
  async function cancelOrder(orderId: string) {
    try {
      const res = await api.post(
        `/admin/orders/${orderId}/cancel`,
        {},
        await adminHeaders(getContainer())
      )
      return { status: res.status, body: res.data }
    } catch (err: any) {
      return { status: err.response.status as number, body: err.response.data }
    }
  }

  async function orderState(orderId: string) {
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "status",
        "total",
        "payment_collections.payments.amount",
        "payment_collections.payments.refunds.amount",
      ],
      filters: { id: orderId },
    })
    const payments = data[0].payment_collections.flatMap(
      (pc: any) => pc.payments
    )
    return {
      status: data[0].status as string,
      paid: Number(payments[0].amount).toFixed(2),
      refunds: payments.flatMap((p: any) =>
        p.refunds.map((r: any) => Number(r.amount).toFixed(2))
      ),
    }
  }

  it("refunds a wallet-paid order canceled in Medusa once at the service, and reverses its vendors' shares once", async () => {
    const { books, stickers, order, sessionId, fulfillAll } = await paidOrder({
      wallet: true,
    })
    const fulfillment = await fulfillAll()
    // Medusa cancels an order only once its fulfillments are canceled: that reverses the shares.
    await cancelOrderFulfillmentWorkflow(getContainer()).run({
      input: { order_id: order.id, fulfillment_id: fulfillment.id },
    })
    await eventually(
      async () =>
        (await recipientBalances(db, stickers.id, RUB)).held === "0.00" &&
        (await recipientBalances(db, books.id, RUB)).held === "0.00"
    )

    const before = await payoutsAtService(sandbox())
    const canceled = await cancelOrder(order.id)
    expect(canceled.status).toBe(200)
    const after = await orderState(order.id)
    const atService = payoutsAtServiceSince(
      before,
      await payoutsAtService(sandbox())
    )
    expect({
      createRequests: atService.createRequests,
      transfers: atService.transfers,
      debited: atService.debited,
      to: (await refundTransfers(sandbox(), sessionId!)).map((t) => t.writeOff),
    }).toEqual({
      createRequests: 1,
      transfers: 1,
      debited: after.paid,
      to: [after.paid],
    })
    expect(after).toMatchObject({ status: "canceled", refunds: [after.paid] })

    // order.canceled (delivered once more here) reverses nothing twice: each share's reversal once.
    await piastrixCancelReversal({
      event: { name: "order.canceled", data: { id: order.id } },
      container: getContainer(),
    } as never)
    const { rows } = await db.raw(
      `select kind, count(*)::int as n from piastrix_ledger_entry
        where order_id = ? and account = 'held' group by kind order by kind`,
      [order.id]
    )
    expect(rows).toEqual([
      { kind: "accrual", n: 2 },
      { kind: "reversal", n: 2 },
    ])
    for (const vendor of [books, stickers]) {
      expect(await balancesOf(db, vendor.id)).toMatchObject({
        held: "0.00",
        available: "0.00",
        paid: "0.00",
      })
    }
  })

  it("shows a wallet-paid order's refund that failed on its cancel on the order and in the inbox, and makes it once when the admin refunds the payment again", async () => {
    const { order, sessionId } = await placeOrder(
      await shippingOption(getContainer()),
      { wallet: true }
    )
    const before = await payoutsAtService(sandbox())
    await sandboxControl(sandbox(), "POST", "faults", {
      type: "http_error",
      path: "/transfer/create",
      status: 500,
    })
    let canceled: Awaited<ReturnType<typeof cancelOrder>>
    try {
      canceled = await cancelOrder(order.id)
    } finally {
      await sandboxControl(sandbox(), "DELETE", "faults")
    }
    // Medusa cancels the order anyway (its refund step logs a failed refund and goes on) and records no
    // refund; the service made no transfer.
    expect(canceled.status).toBe(200)
    const after = await orderState(order.id)
    expect(after).toMatchObject({ status: "canceled", refunds: [] })
    const atService = payoutsAtServiceSince(
      before,
      await payoutsAtService(sandbox())
    )
    expect(atService).toMatchObject({ transfers: 0, debited: "0.00" })
    expect(await refundTransfers(sandbox(), sessionId!)).toEqual([])

    // The order's Piastrix panel in the admin shows the refund, its outcome unknown, and why.
    const { data } = await api.get(
      `/admin/piastrix/orders/${order.id}/payments`,
      await adminHeaders(getContainer())
    )
    expect(data.payments).toHaveLength(1)
    expect(data.payments[0].refunds).toEqual([
      expect.objectContaining({
        amount: after.paid,
        state: "unknown",
        transfer_id: null,
        reason: expect.stringMatching(/outcome unknown \(HTTP 500/),
      }),
    ])

    // Where an operator looks for what needs a person: the Piastrix inbox lists the refund that did not go
    // through, with its order and what to do.
    const inbox = await needsAttentionFor(api, getContainer(), sessionId!)
    expect(inbox.rows).toEqual([
      expect.objectContaining({
        source: "refund",
        state: "needs_attention",
        status: "refund",
        refundable: false,
        order: expect.objectContaining({ id: order.id }),
        last_error_message: expect.objectContaining({
          code: "inbox.refund_not_sent",
        }),
      }),
    ])
    expect(Number(inbox.rows[0].shop_amount).toFixed(2)).toBe(after.paid)

    // What the row says to do: refund the payment again from the order (the admin's Refund on it). The
    // provider takes the unknown transfer over: the service is asked about it first (never made), then
    // it is made once, under its own id, and Medusa records the refund on the payment. On a canceled order
    // Medusa's workflow then answers 400 (its order transaction refuses a canceled order): the money moved.
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data: placed } = await query.graph({
      entity: "order",
      fields: ["payment_collections.payments.id"],
      filters: { id: order.id },
    })
    const paymentId = placed[0].payment_collections[0].payments[0].id
    const headers = await adminHeaders(getContainer())
    const refundAgain = () =>
      api
        .post(
          `/admin/payments/${paymentId}/refund`,
          { amount: Number(after.paid) },
          headers
        )
        .then((r) => ({ status: r.status, message: null }))
        .catch((e) => ({
          status: e.response.status as number,
          message: e.response.data?.message as string,
        }))
    const failed = await payoutsAtService(sandbox())
    expect(await refundAgain()).toEqual({
      status: 400,
      message: expect.stringMatching(/has been canceled/),
    })
    expect(
      payoutsAtServiceSince(failed, await payoutsAtService(sandbox()))
    ).toMatchObject({ createRequests: 1, transfers: 1, debited: after.paid })
    expect(
      (await refundTransfers(sandbox(), sessionId!)).map((t) => t.writeOff)
    ).toEqual([after.paid])
    expect(await orderState(order.id)).toMatchObject({
      status: "canceled",
      refunds: [after.paid],
    })
    const { data: panel } = await api.get(
      `/admin/piastrix/orders/${order.id}/payments`,
      headers
    )
    expect(panel.payments[0].refunds).toEqual([
      expect.objectContaining({ amount: after.paid, state: "sent" }),
    ])
    // Pressed once more: Medusa refuses more than was captured, and nothing more moves.
    expect((await refundAgain()).status).toBe(400)
    expect(await refundTransfers(sandbox(), sessionId!)).toHaveLength(1)
    expect(
      (await needsAttentionFor(api, getContainer(), sessionId!)).rows
    ).toEqual([])
  })

  it("accrues a fulfillment whose event was lost, once, when the payout job looks back", async () => {
    const { books, stickers, order, line, fulfill } = await paidOrder()
    // The event is lost as when Medusa stops between the fulfillment's commit and the event's release:
    // the workflow's events stay in their group, never released to any subscriber.
    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    const eventGroupId = `lost-fulfillment-${order.id}`
    try {
      const { result: lost } = await fulfill(
        [
          { id: line("piastrix-ebook"), quantity: 2 },
          { id: line("piastrix-stickers"), quantity: 1 },
        ],
        { eventGroupId, preventReleaseEvents: true }
      )
      expect(await entriesOf(order.id)).toEqual([])

      // With shares accruing on delivery, an undelivered fulfillment is not due yet.
      expect(
        await accrueLostFulfillments(getContainer(), { accrueOn: "delivered" })
      ).toBe(0)
      expect(
        await accrueLostFulfillments(getContainer(), { accrueOn: "fulfilled" })
      ).toBe(2)
      // Another pass, and the event arriving late after all: nothing twice.
      expect(
        await accrueLostFulfillments(getContainer(), { accrueOn: "fulfilled" })
      ).toBe(0)
      await piastrixFulfillmentAccrual({
        event: {
          name: "order.fulfillment_created",
          data: { order_id: order.id, fulfillment_id: lost.id },
        },
        container: getContainer(),
      } as never)
      expect(
        (await entriesOf(order.id)).filter(
          (e: { account: string }) => e.account === "held"
        )
      ).toHaveLength(2)
      expect((await recipientBalances(db, books.id, RUB)).held).toBe("2250.90")
      expect((await recipientBalances(db, stickers.id, RUB)).held).toBe(
        "120.00"
      )
    } finally {
      await eventBus.clearGroupedEvents(eventGroupId)
    }
  })
  it("accrues nothing for a fulfillment canceled before its creation event arrived", async () => {
    const { order, line, fulfill } = await paidOrder()
    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    const eventGroupId = `late-fulfillment-${order.id}`
    try {
      // The creation event is held back (a slow queue); the cancel's event is handled at once and finds
      // no share to reverse.
      const { result: late } = await fulfill(
        [{ id: line("piastrix-ebook"), quantity: 2 }],
        { eventGroupId, preventReleaseEvents: true }
      )
      await cancelOrderFulfillmentWorkflow(getContainer()).run({
        input: { order_id: order.id, fulfillment_id: late.id },
      })
      // Then the creation event arrives.
      await piastrixFulfillmentAccrual({
        event: {
          name: "order.fulfillment_created",
          data: { order_id: order.id, fulfillment_id: late.id },
        },
        container: getContainer(),
      } as never)
      expect(await entriesOf(order.id)).toEqual([])
    } finally {
      await eventBus.clearGroupedEvents(eventGroupId)
    }
  })

  /** An order's reversal postings, one row per posting. */
  async function reversalsOf(orderId: string) {
    const { rows } = await db.raw(
      `select max(recipient_id) as recipient_id, reason,
              (sum(amount) filter (where recipient_id is not null))::text as share
         from piastrix_ledger_entry where order_id = ? and kind = 'reversal'
        group by transaction_id, reason order by min(created_at)`,
      [orderId]
    )
    return rows
  }

  it("reverses a returned item's share once, also when the event is delivered twice; the hold releases the rest and a cancel reverses only what is left", async () => {
    const { books, stickers, order, line, fulfillAll, returnItems } =
      await paidOrder()
    const fulfillment = await fulfillAll()
    const commissionBefore = await db.raw(
      `select sum(amount)::text as total from piastrix_ledger_entry where account = 'platform_commission' and order_id = ?`,
      [order.id]
    )
    expect(commissionBefore.rows[0].total).toBe("280.10")

    // One of the two books comes back: half the books' share (and commission) is reversed, from held.
    const { result: returned } = await returnItems([
      { id: line("piastrix-ebook"), quantity: 1 },
    ])
    await eventually(
      async () =>
        (await recipientBalances(db, books.id, RUB)).held === "1125.45"
    )
    // The event once more: nothing is reversed twice.
    await piastrixReturnReversal({
      event: {
        name: "order.return_received",
        data: { order_id: order.id, return_id: returned.id },
      },
      container: getContainer(),
    } as never)
    expect(await reversalsOf(order.id)).toEqual([
      {
        recipient_id: books.id,
        reason: `return ${returned.id} received`,
        share: "-1125.45",
      },
    ])
    expect(await recipientBalances(db, stickers.id, RUB)).toMatchObject({
      held: "120.00",
    })
    const commissionAfter = await db.raw(
      `select sum(amount)::text as total from piastrix_ledger_entry where account = 'platform_commission' and order_id = ?`,
      [order.id]
    )
    expect(commissionAfter.rows[0].total).toBe("155.05") // one book's 125.05 is given back

    // The hold ends: what the return left is released, not the whole accrual.
    await db.raw(`update piastrix_recipient set hold_days = 0 where id = ?`, [
      books.id,
    ])
    await releaseDueHolds(db)
    expect(await recipientBalances(db, books.id, RUB)).toMatchObject({
      held: "0.00",
      available: "1125.45",
    })

    // The fulfillment canceled after all: only what is left of each share is reversed.
    await cancelOrderFulfillmentWorkflow(getContainer()).run({
      input: { order_id: order.id, fulfillment_id: fulfillment.id },
    })
    await eventually(
      async () =>
        (await recipientBalances(db, stickers.id, RUB)).held === "0.00"
    )
    await eventually(
      async () =>
        (await recipientBalances(db, books.id, RUB)).available === "0.00"
    )
    expect(await recipientBalances(db, books.id, RUB)).toEqual({
      held: "0.00",
      available: "0.00",
    })
    const { rows } = await db.raw(
      `select sum(amount)::text as total from piastrix_ledger_entry where order_id = ? and account in ('platform_commission', 'shop_sales')`,
      [order.id]
    )
    expect(rows[0].total).toBe("0.00")
  })

  it("reverses a canceled order's shares once, when the order's cancel finds them still accrued", async () => {
    const { books, stickers, order, fulfillAll } = await paidOrder()
    const fulfillment = await fulfillAll()
    // Medusa cancels an order only once its fulfillments are canceled. Here the fulfillment's cancel brought no
    // event (canceled in the fulfillment module, which emits no `order.fulfillment_canceled`): the order's
    // cancel, with its real `order.canceled`, finds the shares still accrued.
    await getContainer()
      .resolve(Modules.FULFILLMENT)
      .cancelFulfillment(fulfillment.id)
    await cancelOrderWorkflow(getContainer()).run({
      input: { order_id: order.id },
    })
    await eventually(
      async () =>
        (await recipientBalances(db, books.id, RUB)).held === "0.00" &&
        (await recipientBalances(db, stickers.id, RUB)).held === "0.00"
    )
    // Both events once more: nothing is reversed twice.
    for (const event of [
      { name: "order.canceled", data: { id: order.id } },
      {
        name: "order.fulfillment_canceled",
        data: { order_id: order.id, fulfillment_id: fulfillment.id },
      },
    ]) {
      await piastrixCancelReversal({
        event,
        container: getContainer(),
      } as never)
    }
    expect(await reversalsOf(order.id)).toEqual(
      expect.arrayContaining([
        { recipient_id: books.id, reason: "order canceled", share: "-2250.90" },
        {
          recipient_id: stickers.id,
          reason: "order canceled",
          share: "-120.00",
        },
      ])
    )
    expect(await reversalsOf(order.id)).toHaveLength(2)
    expect(await recipientBalances(db, books.id, RUB)).toEqual({
      held: "0.00",
    })
    // The order widget shows each share wholly reversed, and by how much.
    const { data } = await api.get(
      `/admin/piastrix/orders/${order.id}/payments`,
      await adminHeaders(getContainer())
    )
    expect(
      data.vendors
        .map((v: any) => [v.name, v.share, v.reversed, v.state])
        .sort()
    ).toEqual([
      [books.name, "2250.90", "2250.90", "reversed"],
      [stickers.name, "120.00", "120.00", "reversed"],
    ])
  })

  it("makes a return after the share was paid out a clawback the next payout nets", async () => {
    const { books, order, line, fulfill, returnItems, shipping } =
      await paidOrder()
    await db.raw(`update piastrix_recipient set hold_days = 0 where id = ?`, [
      books.id,
    ])
    await fulfill([{ id: line("piastrix-ebook"), quantity: 2 }])
    // No hold: the share is available as it accrues.
    await eventually(
      async () =>
        (await recipientBalances(db, books.id, RUB)).available === "2250.90"
    )
    const ctx = payoutContextOf(getContainer())
    await createPayout(db, { recipient_id: books.id, approval_threshold: null })
    await sendPendingPayouts(ctx)
    expect(await recipientBalances(db, books.id, RUB)).toMatchObject({
      available: "0.00",
      paid: "2250.90",
    })

    const { result: returned } = await returnItems([
      { id: line("piastrix-ebook"), quantity: 1 },
    ])
    await eventually(
      async () =>
        (await recipientBalances(db, books.id, RUB)).clawback === "-1125.45"
    )
    await piastrixReturnReversal({
      event: {
        name: "order.return_received",
        data: { order_id: order.id, return_id: returned.id },
      },
      container: getContainer(),
    } as never)
    expect(await recipientBalances(db, books.id, RUB)).toMatchObject({
      available: "0.00",
      clawback: "-1125.45",
      paid: "2250.90",
    })

    // The vendor's next sale: its payout is what it earned less what it owes.
    const next = await placeOrder(shipping)
    await next.fulfill([{ id: next.line("piastrix-ebook"), quantity: 2 }])
    await eventually(
      async () =>
        (await recipientBalances(db, books.id, RUB)).available === "2250.90"
    )
    const { payout } = await createPayout(db, {
      recipient_id: books.id,
      approval_threshold: null,
    })
    expect(payout?.amount).toBe("1125.45")
    await sendPendingPayouts(ctx)
    expect(await recipientBalances(db, books.id, RUB)).toMatchObject({
      available: "0.00",
      clawback: "0.00",
      paid: "3376.35",
    })
  })
})
