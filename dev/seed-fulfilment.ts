import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createInventoryItemsWorkflow,
  createInventoryLevelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateProductVariantsWorkflow,
} from "@medusajs/medusa/core-flows"
import type { SeededStore } from "./seed"

/**
 * What the dev store needs to fulfil an order in the admin (docs/demo-store.md), made the way Medusa's own
 * seed makes it: a stock location in the demo products' sales channel with Medusa's manual fulfilment
 * provider (`manual_manual`), a shipping fulfilment set whose one service zone covers every region's
 * countries, a free shipping option the demo checkout adds to the cart, and stock of every demo variant at
 * the location. The products stay digital: their inventory needs no shipping, so no shipping address is
 * asked. Safe to run again: each part is found by its name (or SKU) and only what is missing is made.
 */

export const DEMO_LOCATION = "Demo warehouse"
const FULFILMENT_SET = "Demo warehouse delivery"
const SERVICE_ZONE = "Demo store countries"
export const DEMO_SHIPPING_OPTION = "Digital delivery"
const MANUAL_PROVIDER = "manual_manual"
/** Digital goods: more than any demo or test run sells. */
const STOCK = 100_000

export type SeededFulfilment = {
  stockLocationId: string
  shippingOptionId: string
}

type Query = { graph(q: Record<string, unknown>): Promise<{ data: any[] }> }
type Link = { create(links: unknown): Promise<unknown> }

export async function seedFulfilment(
  container: MedusaContainer,
  seeded: SeededStore
): Promise<SeededFulfilment> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const link = container.resolve<Link>(ContainerRegistrationKeys.LINK)
  const stockLocations = container.resolve(Modules.STOCK_LOCATION)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const regions = container.resolve(Modules.REGION)

  let [location] = await stockLocations.listStockLocations({
    name: DEMO_LOCATION,
  })
  if (!location) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: { locations: [{ name: DEMO_LOCATION }] },
    })
    location = result[0]
  }

  const {
    data: [linked],
  } = await query.graph({
    entity: "stock_location",
    fields: [
      "id",
      "sales_channels.id",
      "fulfillment_providers.id",
      "fulfillment_sets.id",
      "fulfillment_sets.name",
    ],
    filters: { id: location.id },
  })
  if (
    !linked.sales_channels?.some(
      (sc: { id: string } | null) => sc?.id === seeded.salesChannelId
    )
  ) {
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: location.id, add: [seeded.salesChannelId] },
    })
  }
  if (
    !linked.fulfillment_providers?.some(
      (p: { id: string } | null) => p?.id === MANUAL_PROVIDER
    )
  ) {
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: MANUAL_PROVIDER },
    })
  }

  // One service zone with every country of the demo regions, so each region's cart is offered the option.
  const countries = (
    await regions.listRegions({}, { relations: ["countries"] })
  )
    .filter((r) => Object.values(seeded.regions).some((s) => s.id === r.id))
    .flatMap((r) => (r.countries ?? []).map((c) => c.iso_2))
  let set = linked.fulfillment_sets?.find(
    (s: { name: string } | null) => s?.name === FULFILMENT_SET
  )
  if (!set) {
    set = await fulfillment.createFulfillmentSets({
      name: FULFILMENT_SET,
      type: "shipping",
      service_zones: [
        {
          name: SERVICE_ZONE,
          geo_zones: countries.map((country_code) => ({
            type: "country" as const,
            country_code,
          })),
        },
      ],
    })
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_set_id: set.id },
    })
  }
  const [zone] = await fulfillment.listServiceZones(
    { fulfillment_set: { id: set.id }, name: SERVICE_ZONE },
    { relations: ["geo_zones"] }
  )

  let [profile] = await fulfillment.listShippingProfiles({ type: "default" })
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    profile = result[0]
  }

  let [option] = await fulfillment.listShippingOptions({
    name: DEMO_SHIPPING_OPTION,
    service_zone: { id: zone.id },
  })
  if (!option) {
    const { result } = await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: DEMO_SHIPPING_OPTION,
          price_type: "flat",
          provider_id: MANUAL_PROVIDER,
          service_zone_id: zone.id,
          shipping_profile_id: profile.id,
          type: {
            label: "Digital delivery",
            description: "A link by e-mail once the order is fulfilled.",
            code: "digital",
          },
          prices: Object.values(seeded.regions).map((r) => ({
            currency_code: r.currency_code,
            amount: 0,
          })),
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
    option = result[0]
  }

  await stockVariants(container, query, link, seeded, location.id)

  return { stockLocationId: location.id, shippingOptionId: option.id }
}

/**
 * Every demo variant managed in inventory, with an item of its own SKU (needing no shipping: the goods are
 * digital) and a level at the location; orders then reserve stock, and a fulfilment takes it.
 */
async function stockVariants(
  container: MedusaContainer,
  query: Query,
  link: Link,
  seeded: SeededStore,
  locationId: string
) {
  const inventory = container.resolve(Modules.INVENTORY)
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: [
      "id",
      "sku",
      "manage_inventory",
      "inventory_items.inventory_item_id",
    ],
    filters: { id: Object.values(seeded.variants) },
  })
  for (const variant of variants) {
    let itemId: string | undefined =
      variant.inventory_items?.[0]?.inventory_item_id
    if (!itemId) {
      let [item] = await inventory.listInventoryItems({ sku: variant.sku })
      if (!item) {
        const { result } = await createInventoryItemsWorkflow(container).run({
          input: {
            items: [
              {
                sku: variant.sku,
                title: variant.sku,
                requires_shipping: false,
              },
            ],
          },
        })
        item = result[0]
      }
      await link.create({
        [Modules.PRODUCT]: { variant_id: variant.id },
        [Modules.INVENTORY]: { inventory_item_id: item.id },
        data: { required_quantity: 1 },
      })
      itemId = item.id
    }
    const levels = await inventory.listInventoryLevels({
      inventory_item_id: itemId,
      location_id: locationId,
    })
    if (!levels.length) {
      await createInventoryLevelsWorkflow(container).run({
        input: {
          inventory_levels: [
            {
              inventory_item_id: itemId,
              location_id: locationId,
              stocked_quantity: STOCK,
            },
          ],
        },
      })
    }
    if (!variant.manage_inventory) {
      await updateProductVariantsWorkflow(container).run({
        input: {
          selector: { id: variant.id },
          update: { manage_inventory: true },
        },
      })
    }
  }
}
