import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  cancelOrderFulfillmentWorkflow,
  createOrderFulfillmentWorkflow,
  createShippingOptionsWorkflow,
  createStockLocationsWorkflow,
} from "@medusajs/medusa/core-flows"
import {
  createPayout,
  recipientBalances,
  releaseDueHolds,
  sendPendingPayouts,
  type SqlDatabase,
} from "../../src/lib/payouts"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { accrueLostFulfillments } from "../../src/workflows/piastrix-payouts"
import piastrixCancelReversal from "../../src/subscribers/piastrix-cancel-reversal"
import piastrixFulfillmentAccrual, {
  orderOfFulfillment,
} from "../../src/subscribers/piastrix-fulfillment-accrual"
import { adminHeaders } from "../helpers/admin-api"
import { expectPayoutInvariants } from "../helpers/payouts"
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

  async function vendor(name: string, sku: string, commission: string) {
    const headers = await adminHeaders(getContainer())
    const { data } = await api.post(
      "/admin/piastrix/recipients",
      {
        name,
        email: `${sku}@example.com`,
        rail: "transfer",
        account: "201494711279",
        currency: RUB,
        commission_percent: commission,
      },
      headers
    )
    const { data: products } = await api.get(
      `/admin/products?handle=${sku}&fields=id`,
      headers
    )
    await api.post(
      `/admin/piastrix/recipients/${data.recipient.id}/products`,
      { add: [products.products[0].id] },
      headers
    )
    return data.recipient
  }

  async function entriesOf(orderId: string) {
    const { rows } = await db.raw(
      `select recipient_id, fulfillment_id, line_item_id, account, amount::text as amount from piastrix_ledger_entry
        where order_id = ? and kind = 'accrual' order by fulfillment_id, line_item_id, account`,
      [orderId]
    )
    return rows
  }

  /** Two vendors, and a paid order of two books (one vendor) and stickers (the other), ready to fulfill. */
  async function paidOrder() {
    const books = await vendor("Books vendor", "piastrix-ebook", "10")
    const stickers = await vendor("Sticker vendor", "piastrix-stickers", "20")
    const { location_id, shipping_option_id } =
      await shippingOption(getContainer())
    const cart = await createCart(api, seed(), {
      sku: "piastrix-ebook",
      quantity: 2,
    })
    await api.post(
      `/store/carts/${cart.id}/line-items`,
      { variant_id: seed().variants["piastrix-stickers"], quantity: 1 },
      storeHeaders(seed())
    )
    await startPaymentSession(api, seed(), cart, "pp_system_default")
    expect((await completeCart(api, seed(), cart.id)).status).toBe(200)
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
    const fulfill = (items: Array<{ id: string; quantity: number }>) =>
      createOrderFulfillmentWorkflow(getContainer()).run({
        input: { order_id: order.id, items, location_id, shipping_option_id },
      })
    return { books, stickers, order, query, line, fulfill }
  }

  /** Waits for the subscribers Medusa runs on its events, until `done` holds. */
  async function eventually(done: () => Promise<boolean>) {
    const deadline = Date.now() + 15000
    while (!(await done()) && Date.now() < deadline) {
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
    const { books, stickers, order, line, fulfill } = await paidOrder()
    const { result: first } = await fulfill([
      { id: line("piastrix-ebook"), quantity: 2 },
      { id: line("piastrix-stickers"), quantity: 1 },
    ])
    await eventually(
      async () =>
        (await recipientBalances(db, stickers.id, RUB)).held === "120.00"
    )
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

  it("accrues a fulfillment whose event was lost, once, when the payout job looks back", async () => {
    const { books, stickers, order, line, fulfill } = await paidOrder()
    // The event never reaches the plugin: its subscriber is off while the fulfillment is created.
    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    const subscriberId = "piastrix-fulfillment-accrual"
    eventBus.unsubscribe("order.fulfillment_created", (() => {}) as never, {
      subscriberId,
    })
    try {
      const { result: lost } = await fulfill([
        { id: line("piastrix-ebook"), quantity: 2 },
        { id: line("piastrix-stickers"), quantity: 1 },
      ])
      await new Promise((r) => setTimeout(r, 500))
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
      eventBus.subscribe(
        "order.fulfillment_created",
        (data: any) =>
          piastrixFulfillmentAccrual({
            event: { name: "order.fulfillment_created", ...data },
            container: getContainer(),
          } as never),
        { subscriberId }
      )
    }
  })
})
