import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PIASTRIX_MODULE } from "../src/modules/piastrix"
import type PiastrixModuleService from "../src/modules/piastrix/service"

/**
 * Two vendors of the demo store, so that `npm run dev` shows payouts end to end: fulfilling an order
 * accrues each vendor's share, and the payout jobs pay them out of the shop balance, one to a Piastrix
 * wallet (transfer), one to a card (withdraw). Safe to run again: vendors are found by name, products
 * are linked only when no vendor owns them yet.
 */

const VENDORS = [
  {
    name: "Piastrix Press",
    email: "press@example.com",
    rail: "transfer" as const,
    payway: null,
    account: "201494711279",
    products: ["piastrix-ebook", "piastrix-gift-card"],
  },
  {
    name: "Sticker Studio",
    email: "stickers@example.com",
    rail: "withdraw" as const,
    payway: "card_rub",
    account: "4242424242424242",
    products: ["piastrix-stickers"],
  },
]

type Query = { graph(q: Record<string, unknown>): Promise<{ data: any[] }> }
type Link = { create(links: unknown[]): Promise<unknown> }

export async function seedVendors(
  container: MedusaContainer
): Promise<Record<string, string>> {
  const piastrix = container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const link = container.resolve<Link>(ContainerRegistrationKeys.LINK)
  const ids: Record<string, string> = {}
  for (const vendor of VENDORS) {
    const { products, ...fields } = vendor
    let [recipient] = await piastrix.listPiastrixRecipients({
      name: vendor.name,
    })
    recipient ??= await piastrix.createPiastrixRecipients({
      ...fields,
      account_details: null,
      currency: 643,
      commission_percent: 10,
      commission_fixed: 0,
      // Paid as soon as a fulfillment is in, so the dev store shows the whole path in minutes.
      hold_days: 0,
      schedule: "daily",
      minimum_payout: 100,
    } as never)
    ids[vendor.name] = recipient.id
    const { data } = await query.graph({
      entity: "product",
      fields: ["id", "handle", "piastrix_recipient.id"],
      filters: { handle: products },
    })
    const unowned = data.filter((p) => !p.piastrix_recipient)
    if (unowned.length) {
      await link.create(
        unowned.map((p) => ({
          [PIASTRIX_MODULE]: { piastrix_recipient_id: recipient.id },
          [Modules.PRODUCT]: { product_id: p.id },
        }))
      )
    }
  }
  return ids
}
