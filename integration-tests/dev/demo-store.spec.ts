import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  DEMO_LOCATION,
  DEMO_SHIPPING_OPTION,
  seedFulfilment,
  type SeededFulfilment,
} from "../../dev/seed-fulfilment"
import { seedVendors } from "../../dev/seed-vendors"
import { releaseDueHolds } from "../../src/modules/piastrix/repositories/accruals"
import { sendPendingPayouts } from "../../src/modules/piastrix/repositories/runs"
import { type SqlDatabase } from "../../src/modules/piastrix/repositories/ledger"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { adminHeaders } from "../helpers/admin-api"
import { waitFor } from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"

jest.setTimeout(180000)

/**
 * What `npm run dev` seeds so that an order can be fulfilled in the admin (dev/seed-fulfilment.ts), and the
 * walkthrough of docs/demo-store.md through the store and admin APIs: a wallet payment on Piastrix's page with
 * the cart's delivery added as the demo checkout adds it, a fulfilment created with the seeded location and
 * shipping option, and each vendor's share in its ledger. (The dev command's own test runs the same path
 * against `npm run dev`: integration-tests/dev/dev-command.spec.ts.)
 */
piastrixIntegrationRunner(({ api, getContainer, seed }) => {
  let seeded: SeededFulfilment
  let vendors: Record<string, string>

  // Before the runner snapshots the database: every test starts from the dev store's seed.
  beforeAll(async () => {
    seeded = await seedFulfilment(getContainer(), seed())
    vendors = await seedVendors(getContainer())
  })

  it("seeds a location with the manual provider, a delivery option and stock, once however often it runs", async () => {
    expect(await seedFulfilment(getContainer(), seed())).toEqual(seeded)

    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data: locations } = await query.graph({
      entity: "stock_location",
      fields: [
        "id",
        "name",
        "sales_channels.id",
        "fulfillment_providers.id",
        "fulfillment_sets.service_zones.geo_zones.country_code",
        "fulfillment_sets.service_zones.shipping_options.name",
        "fulfillment_sets.service_zones.shipping_options.provider_id",
      ],
    })
    expect(locations).toHaveLength(1)
    const [location] = locations
    expect(location).toMatchObject({
      id: seeded.stockLocationId,
      name: DEMO_LOCATION,
      sales_channels: [{ id: seed().salesChannelId }],
      fulfillment_providers: [{ id: "manual_manual" }],
    })
    const zones = location.fulfillment_sets.flatMap((s: any) => s.service_zones)
    expect(zones).toHaveLength(1)
    expect(zones[0].geo_zones.map((g: any) => g.country_code).sort()).toEqual([
      "de",
      "fr",
      "ru",
      "us",
    ])
    expect(zones[0].shipping_options).toEqual([
      expect.objectContaining({
        name: DEMO_SHIPPING_OPTION,
        provider_id: "manual_manual",
      }),
    ])

    const { data: variants } = await query.graph({
      entity: "product_variant",
      fields: [
        "sku",
        "manage_inventory",
        "inventory_items.inventory.requires_shipping",
        "inventory_items.inventory.location_levels.location_id",
        "inventory_items.inventory.location_levels.stocked_quantity",
      ],
      filters: { id: Object.values(seed().variants) },
    })
    expect(variants).toHaveLength(3)
    for (const variant of variants) {
      expect(variant.manage_inventory).toBe(true)
      expect(variant.inventory_items).toHaveLength(1)
      const { inventory } = variant.inventory_items[0]
      // Digital goods: stock to reserve and take, but nothing to ship, so no shipping address is asked.
      expect(inventory.requires_shipping).toBe(false)
      expect(inventory.location_levels).toEqual([
        { location_id: seeded.stockLocationId, stocked_quantity: 100000 },
      ])
    }
  })

  it("fulfils an order paid as the demo checkout pays, with the seeded location and option, and accrues each vendor's share", async () => {
    const headers = storeHeaders(seed())
    const cart = await createCart(api, seed(), { sku: "piastrix-ebook" })
    await api.post(
      `/store/carts/${cart.id}/line-items`,
      { variant_id: seed().variants["piastrix-stickers"], quantity: 2 },
      headers
    )
    // As dev/storefront/app.js does before it starts the payment: the store's delivery option on the cart.
    const { data: offered } = await api.get(
      `/store/shipping-options?cart_id=${cart.id}`,
      headers
    )
    expect(
      offered.shipping_options.map((o: any) => [o.id, o.name, o.amount])
    ).toEqual([[seeded.shippingOptionId, DEMO_SHIPPING_OPTION, 0]])
    await api.post(
      `/store/carts/${cart.id}/shipping-methods`,
      { option_id: seeded.shippingOptionId },
      headers
    )

    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-wallet_piastrix",
      { email: "payer@example.com" }
    )
    const paid = await payOnPaymentPage(session.data)
    expect(paid.status).toBeLessThan(400)
    const order = await waitFor(async () => {
      const found = await findOrderForCart(getContainer(), cart.id)
      return found?.payment_state === "captured" && found
    }, 60000)

    // Stock is reserved at the seeded location when the order is placed.
    const inventory = getContainer().resolve(Modules.INVENTORY)
    const reservations = await inventory.listReservationItems({
      location_id: seeded.stockLocationId,
    })
    expect(reservations.map((r) => Number(r.quantity)).sort()).toEqual([1, 2])

    // The admin's Create Fulfillment sends this request (its form is filled from the order's shipping method).
    const admin = await adminHeaders(getContainer())
    const { data: before } = await api.get(
      `/admin/orders/${order.id}?fields=id,*items,*shipping_methods`,
      admin
    )
    expect(before.order.shipping_methods).toEqual([
      expect.objectContaining({ shipping_option_id: seeded.shippingOptionId }),
    ])
    const { data: fulfilled } = await api.post(
      `/admin/orders/${order.id}/fulfillments`,
      {
        location_id: seeded.stockLocationId,
        shipping_option_id: seeded.shippingOptionId,
        items: before.order.items.map((i: any) => ({
          id: i.id,
          quantity: i.quantity,
        })),
      },
      admin
    )
    expect(fulfilled.order.id).toBe(order.id)
    const { data: after } = await api.get(
      `/admin/orders/${order.id}?fields=fulfillment_status,*fulfillments`,
      admin
    )
    expect(after.order.fulfillment_status).toBe("fulfilled")
    expect(after.order.fulfillments).toEqual([
      expect.objectContaining({
        location_id: seeded.stockLocationId,
        provider_id: "manual_manual",
      }),
    ])

    // Each vendor's share, in its ledger (the accrual subscriber runs after the event).
    const shareOf = async (vendor: string) => {
      const { data } = await api.get(
        `/admin/piastrix/recipients/${vendors[vendor]}/ledger`,
        admin
      )
      return data.entries.filter(
        (e: any) => e.kind === "accrual" && e.order_id === order.id
      )
    }
    const press = await waitFor(async () => {
      const entries = await shareOf("Piastrix Press")
      return entries.length > 0 && entries
    }, 30000)
    const stickers = await shareOf("Sticker Studio")
    // 10 % commission: 1,250.50 → 1,125.45; 2 × 150 → 270.00; held (no hold days, released by the job).
    expect(press.map((e: any) => [e.account, e.amount])).toEqual([
      ["held", "1125.45"],
    ])
    expect(stickers.map((e: any) => [e.account, e.amount])).toEqual([
      ["held", "270.00"],
    ])

    // Paid out: the release job (every 15 minutes in the dev store) makes the shares available, the store
    // owner creates a payout per vendor (Piastrix → Payouts, or the hourly job), the send job makes it.
    const db = getContainer().resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    await releaseDueHolds(db)
    for (const vendor of ["Piastrix Press", "Sticker Studio"]) {
      await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: vendors[vendor] },
        admin
      )
    }
    await sendPendingPayouts(payoutContextOf(getContainer()))
    const { data: payouts } = await api.get("/admin/piastrix/payouts", admin)
    const payoutOf = (vendor: string) =>
      payouts.payouts.find((p: any) => p.recipient_id === vendors[vendor])
    // The wallet transfer is done at once; the card withdraw is on its way (the sync job follows it).
    expect(payoutOf("Piastrix Press")).toMatchObject({
      rail: "transfer",
      amount: "1125.45",
      status: "succeeded",
    })
    expect(payoutOf("Sticker Studio")).toMatchObject({
      rail: "withdraw",
      amount: "270.00",
      status: "processing",
    })

    // The fulfilment took the stock and freed the reservations.
    expect(
      await inventory.listReservationItems({
        location_id: seeded.stockLocationId,
      })
    ).toEqual([])
  })
})
