import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  beginReceiveReturnWorkflow,
  beginReturnOrderWorkflow,
  confirmReturnReceiveWorkflow,
  confirmReturnRequestWorkflow,
  createOrderFulfillmentWorkflow,
  createPromotionsWorkflow,
  createTaxRegionsWorkflow,
  dismissItemReturnRequestWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
  receiveItemReturnRequestWorkflow,
  requestItemReturnWorkflow,
} from "@medusajs/medusa/core-flows"
import { seedFulfilment } from "../../dev/seed-fulfilment"
import {
  recipientBalances,
  type SqlDatabase,
} from "../../src/modules/piastrix/repositories/ledger"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { accrueLostFulfillments } from "../../src/workflows/piastrix-payouts"
import { adminHeaders } from "../helpers/admin-api"
import { waitFor } from "../helpers/callbacks"
import { expectPayoutInvariants, productVendor } from "../helpers/payouts"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  completeCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"

jest.setTimeout(180000)

const RUB = 643
const USD = 840

/**
 * What docs/payouts.md promises about vendors' shares, on real orders of a booted Medusa whose plugin accrues
 * shares at delivery (`payouts.accrueOn: "delivered"`; fulfillment-accruals.spec.ts runs the default, at
 * fulfilment): taxes, shipping and discounts stay with the platform and the fixed commission is per item, a
 * line in another currency than its recipient's is not accrued, dismissed return items are not counted, and
 * the look-back for lost fulfillments reaches 7 days. (A delivered fulfillment cannot be canceled in Medusa, nor
 * its order: cancels are in fulfillment-accruals.spec.ts.)
 */
piastrixIntegrationRunner(
  ({ api, getContainer, seed, sandbox }) => {
    let db: SqlDatabase

    beforeEach(() => {
      db = getContainer().resolve<SqlDatabase>(
        ContainerRegistrationKeys.PG_CONNECTION
      )
    })

    afterEach(async () => {
      await expectPayoutInvariants(db, sandbox())
    })

    const vendor = async (
      sku: string,
      {
        percent = "10",
        fixed = "0",
        currency = RUB,
      }: { percent?: string; fixed?: string; currency?: number } = {}
    ) =>
      productVendor(api, await adminHeaders(getContainer()), {
        name: `Vendor of ${sku}`,
        sku,
        commission_percent: percent,
        commission_fixed: fixed,
        currency,
      })

    /**
     * A paid RUB order of two e-books (1,250.50 each) and a sticker pack (150.00), placed through the store
     * API, shipped to Russia from the demo warehouse; `before` changes the cart before it is paid.
     */
    async function placeOrder(
      before: (cartId: string) => Promise<void> = async () => {}
    ) {
      const container = getContainer()
      const { stockLocationId, shippingOptionId } = await seedFulfilment(
        container,
        seed()
      )
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: seed().regions.rub.id,
          email: "payer@example.com",
          shipping_address: {
            first_name: "Ivan",
            last_name: "Petrov",
            address_1: "Tverskaya 1",
            city: "Moscow",
            postal_code: "125009",
            country_code: "ru",
          },
          items: [
            { variant_id: seed().variants["piastrix-ebook"], quantity: 2 },
            { variant_id: seed().variants["piastrix-stickers"], quantity: 1 },
          ],
        },
        storeHeaders(seed())
      )
      const cart = data.cart
      await before(cart.id)
      await startPaymentSession(api, seed(), cart, "pp_system_default")
      expect((await completeCart(api, seed(), cart.id)).status).toBe(200)
      const order = (await findOrderForCart(container, cart.id))!
      const { data: lines } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["items.id", "items.product_handle"],
          filters: { id: order.id },
        })
      const line = (handle: string): string =>
        lines[0].items.find(
          (i: { product_handle: string }) => i.product_handle === handle
        ).id
      const fulfill = async (items: Array<{ id: string; quantity: number }>) =>
        (
          await createOrderFulfillmentWorkflow(container).run({
            input: {
              order_id: order.id,
              items,
              location_id: stockLocationId,
              shipping_option_id: shippingOptionId,
            },
          })
        ).result.id as string
      const deliver = (fulfillmentId: string) =>
        markOrderFulfillmentAsDeliveredWorkflow(container).run({
          input: { orderId: order.id, fulfillmentId },
        })
      return {
        order,
        line,
        fulfill,
        deliver,
        location_id: stockLocationId,
      }
    }

    /** An order's ledger entries of `kind`, one row per account and line, summed. */
    async function entriesOf(orderId: string, kind: string) {
      const { rows } = await db.raw(
        `select fulfillment_id, line_item_id, account, sum(amount)::text as amount, min(created_at) as created_at
           from piastrix_ledger_entry where order_id = ? and kind = ?
          group by fulfillment_id, line_item_id, account order by fulfillment_id, line_item_id, account`,
        [orderId, kind]
      )
      return rows as Array<{
        fulfillment_id: string
        line_item_id: string
        account: string
        amount: string
        created_at: Date
      }>
    }

    /** A recipient's held balance in RUB ("0.00" before its first entry). */
    const heldOf = async (recipientId: string) =>
      (await recipientBalances(db, recipientId, RUB)).held ?? "0.00"

    /** Each vendor's share of the order as the order widget reads it: share, reversed, state. */
    async function sharesShown(orderId: string) {
      const { data } = await api.get(
        `/admin/piastrix/orders/${orderId}/payments`,
        await adminHeaders(getContainer())
      )
      return data.vendors.map(
        (v: { share: string; reversed: string; state: string }) => [
          v.share,
          v.reversed,
          v.state,
        ]
      )
    }

    it("accrues a fulfillment's shares when it is delivered, not when it is created, and one whose delivery event was lost within the last 7 days", async () => {
      const books = await vendor("piastrix-ebook")
      const stickers = await vendor("piastrix-stickers", { percent: "20" })
      const { order, line, fulfill, deliver } = await placeOrder()
      const delivered = await fulfill([
        { id: line("piastrix-ebook"), quantity: 1 },
      ])
      const lostRecently = await fulfill([
        { id: line("piastrix-ebook"), quantity: 1 },
      ])
      const lostLongAgo = await fulfill([
        { id: line("piastrix-stickers"), quantity: 1 },
      ])
      await deliver(delivered)
      await waitFor(async () => (await heldOf(books.id)) === "1125.45")

      // Only the delivered fulfillment accrued, and only after its delivery.
      const accrued = await entriesOf(order.id, "accrual")
      expect([...new Set(accrued.map((e) => e.fulfillment_id))]).toEqual([
        delivered,
      ])
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "fulfillment",
          fields: ["id", "delivered_at"],
          filters: { id: delivered },
        })
      for (const entry of accrued) {
        expect(entry.created_at.getTime()).toBeGreaterThanOrEqual(
          new Date(data[0].delivered_at).getTime()
        )
      }

      // The other two delivered while their `delivery.created` was lost (the fulfillment module's update emits
      // none), one made 6 days ago, the other 8: the payout job's look-back accrues the first, once.
      const fulfillments = getContainer().resolve(Modules.FULFILLMENT)
      for (const [id, days] of [
        [lostRecently, 6],
        [lostLongAgo, 8],
      ] as const) {
        await fulfillments.updateFulfillment(id, { delivered_at: new Date() })
        await db.raw(
          `update fulfillment set created_at = now() - make_interval(days => ?) where id = ?`,
          [days, id]
        )
      }
      const accrueOn = payoutContextOf(getContainer()).options.payouts.accrueOn
      expect(accrueOn).toBe("delivered")
      expect(await accrueLostFulfillments(getContainer(), { accrueOn })).toBe(1)
      expect(await accrueLostFulfillments(getContainer(), { accrueOn })).toBe(0)
      expect(
        [
          ...new Set(
            (await entriesOf(order.id, "accrual")).map((e) => e.fulfillment_id)
          ),
        ].sort()
      ).toEqual([delivered, lostRecently].sort())
      expect(await heldOf(books.id)).toBe("2250.90")
      expect(await heldOf(stickers.id)).toBe("0.00")
    })

    it("leaves taxes, shipping and discounts with the platform, takes the fixed commission per item, accrues no line in another currency than its recipient's, and takes back returned items, not dismissed ones", async () => {
      const container = getContainer()
      // 20 % VAT in Russia on top of the prices, and 10 % off every item.
      await createTaxRegionsWorkflow(container).run({
        input: [
          {
            country_code: "ru",
            provider_id: "tp_system",
            default_tax_rate: { rate: 20, code: "VAT", name: "VAT" },
          },
        ],
      })
      await createPromotionsWorkflow(container).run({
        input: {
          promotionsData: [
            {
              code: "TENOFF",
              type: "standard",
              status: "active",
              application_method: {
                type: "percentage",
                target_type: "items",
                allocation: "each",
                max_quantity: 10,
                value: 10,
              },
            },
          ],
        },
      })
      const books = await vendor("piastrix-ebook", {
        percent: "10",
        fixed: "5",
      })
      const stickers = await vendor("piastrix-stickers", { currency: USD })
      const { order, line, fulfill, deliver, location_id } = await placeOrder(
        async (cartId) => {
          await api.post(
            `/store/carts/${cartId}/promotions`,
            { promo_codes: ["TENOFF"] },
            storeHeaders(seed())
          )
          const [option] = await container
            .resolve(Modules.FULFILLMENT)
            .listShippingOptions({ name: "Digital delivery" })
          await container.resolve(Modules.CART).addShippingMethods({
            cart_id: cartId,
            name: "Courier",
            amount: 300,
            shipping_option_id: option.id,
          })
        }
      )
      // The order as Medusa totals it: the books 2,501.00 less 250.10 off, plus 450.18 VAT, plus shipping.
      const { data } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: [
            "total",
            "shipping_total",
            "items.product_handle",
            "items.subtotal",
            "items.discount_subtotal",
            "items.tax_total",
          ],
          filters: { id: order.id },
        })
      const ebook = data[0].items.find(
        (i: { product_handle: string }) => i.product_handle === "piastrix-ebook"
      )
      expect(
        [ebook.subtotal, ebook.discount_subtotal, ebook.tax_total].map(Number)
      ).toEqual([2501, 250.1, 450.18])
      expect(Number(data[0].shipping_total)).toBe(300)

      const fulfillment = await fulfill([
        { id: line("piastrix-ebook"), quantity: 2 },
        { id: line("piastrix-stickers"), quantity: 1 },
      ])
      await deliver(fulfillment)
      await waitFor(async () => (await heldOf(books.id)) !== "0.00")

      // Base 2,250.90 (no tax, no shipping, less the discount); commission 10 % of it plus 5.00 per book.
      expect(
        (await entriesOf(order.id, "accrual")).map((e) => [
          e.line_item_id,
          e.account,
          e.amount,
        ])
      ).toEqual([
        [line("piastrix-ebook"), "held", "2015.81"],
        [line("piastrix-ebook"), "platform_commission", "235.09"],
        [line("piastrix-ebook"), "shop_sales", "-2250.90"],
      ])
      // The stickers' vendor is paid in USD: the RUB line is not accrued.
      expect(await recipientBalances(db, stickers.id, USD)).toEqual({})
      expect(await recipientBalances(db, stickers.id, RUB)).toEqual({})

      // Both books come back: one is received, the other dismissed (damaged, written off by the shop).
      const { result: change } = await beginReturnOrderWorkflow(container).run({
        input: { order_id: order.id, location_id },
      })
      const return_id = change.return_id!
      const one = [{ id: line("piastrix-ebook"), quantity: 1 }]
      await requestItemReturnWorkflow(container).run({
        input: { return_id, items: [{ ...one[0], quantity: 2 }] },
      })
      await confirmReturnRequestWorkflow(container).run({
        input: { return_id },
      })
      await beginReceiveReturnWorkflow(container).run({ input: { return_id } })
      await receiveItemReturnRequestWorkflow(container).run({
        input: { return_id, items: one },
      })
      await dismissItemReturnRequestWorkflow(container).run({
        input: { return_id, items: one },
      })
      await confirmReturnReceiveWorkflow(container).run({
        input: { return_id },
      })

      // One book's half of the share and of the commission, each rounded half up, posted at once; the
      // dismissed book stays the vendor's.
      await waitFor(
        async () => (await entriesOf(order.id, "reversal")).length > 0
      )
      expect(
        (await entriesOf(order.id, "reversal")).map((e) => [
          e.account,
          e.amount,
        ])
      ).toEqual([
        ["held", "-1007.91"],
        ["platform_commission", "-117.55"],
        ["shop_sales", "1125.46"],
      ])
      expect(await heldOf(books.id)).toBe("1007.90")
      // The order widget shows the share, how much of it was taken back, and that the rest is still held.
      expect(await sharesShown(order.id)).toEqual([
        ["2015.81", "1007.91", "held"],
      ])
    })
  },
  { env: { PIASTRIX_ACCRUE_ON: "delivered" } }
)
