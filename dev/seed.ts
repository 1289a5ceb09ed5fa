import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

/**
 * The demo store the dev command and the integration tests use: RUB, USD and EUR regions with the four
 * Piastrix providers and Medusa's system provider, and digital products (no shipping needed) in Medusa's
 * default sales channel, sold through every publishable key. Safe to run again: it finds what exists by
 * name and adds the rest.
 */

export const PIASTRIX_PROVIDER_IDS = [
  "pp_piastrix-wallet_piastrix",
  "pp_piastrix_piastrix",
  "pp_piastrix-card_piastrix",
  "pp_piastrix-bank-transfer_piastrix",
] as const

const PAYMENT_PROVIDERS = [...PIASTRIX_PROVIDER_IDS, "pp_system_default"]

const REGIONS = [
  { name: "Russia", currency_code: "rub", countries: ["ru"] },
  { name: "United States", currency_code: "usd", countries: ["us"] },
  { name: "Europe", currency_code: "eur", countries: ["de", "fr"] },
]

/** The names Medusa gives the sales channel and publishable key it creates at first boot. */
const DEFAULT_SALES_CHANNEL = "Default Sales Channel"
const DEFAULT_API_KEY = "Default Publishable API Key"

const PRODUCTS = [
  {
    title: "E-book: Paying with Piastrix",
    handle: "piastrix-ebook",
    prices: { rub: 1250.5, usd: 15, eur: 14 },
  },
  {
    title: "Gift card 5000",
    handle: "piastrix-gift-card",
    prices: { rub: 5000, usd: 60, eur: 55 },
  },
  {
    title: "Sticker pack",
    handle: "piastrix-stickers",
    prices: { rub: 150, usd: 2, eur: 2 },
  },
]

export type SeededStore = {
  regions: Record<string, { id: string; currency_code: string }>
  salesChannelId: string
  publishableKey: string
  variants: Record<string, string>
}

export async function seedStore(
  container: MedusaContainer
): Promise<SeededStore> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const storeModule = container.resolve(Modules.STORE)
  const regionModule = container.resolve(Modules.REGION)
  const apiKeyModule = container.resolve(Modules.API_KEY)
  const productModule = container.resolve(Modules.PRODUCT)

  // Medusa creates a default sales channel and a "Default Publishable API Key" at its first boot. The demo
  // products go into that channel, and every publishable key the admin lists sells them, so whichever key
  // a newcomer copies finds something to buy.
  const [store] = await storeModule.listStores(
    {},
    { relations: ["supported_currencies"] }
  )
  let salesChannelId = store.default_sales_channel_id
  if (!salesChannelId) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: DEFAULT_SALES_CHANNEL }] },
    })
    salesChannelId = result[0].id
  }
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: REGIONS.map((r, i) => ({
          currency_code: r.currency_code,
          is_default: i === 0,
        })),
        default_sales_channel_id: salesChannelId,
      },
    },
  })

  const regions: SeededStore["regions"] = {}
  for (const spec of REGIONS) {
    let [region] = await regionModule.listRegions({ name: spec.name })
    if (!region) {
      const { result } = await createRegionsWorkflow(container).run({
        input: { regions: [{ ...spec, payment_providers: PAYMENT_PROVIDERS }] },
      })
      region = result[0]
    } else {
      await updateRegionsWorkflow(container).run({
        input: {
          selector: { id: region.id },
          update: { payment_providers: PAYMENT_PROVIDERS },
        },
      })
    }
    regions[spec.currency_code] = {
      id: region.id,
      currency_code: spec.currency_code,
    }
  }

  let keys = (await apiKeyModule.listApiKeys({ type: "publishable" })).filter(
    (k) => !k.revoked_at
  )
  if (!keys.length) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: {
        api_keys: [
          { title: DEFAULT_API_KEY, type: "publishable", created_by: "seed" },
        ],
      },
    })
    keys = result
  }
  const { data: linked } = await query.graph({
    entity: "api_key",
    fields: ["id", "sales_channels.id"],
    filters: { id: keys.map((k) => k.id) },
  })
  for (const key of linked as {
    id: string
    sales_channels?: ({ id: string } | null)[]
  }[]) {
    if (!key.sales_channels?.some((sc) => sc?.id === salesChannelId)) {
      await linkSalesChannelsToApiKeyWorkflow(container).run({
        input: { id: key.id, add: [salesChannelId] },
      })
    }
  }
  const apiKey = keys.find((k) => k.title === DEFAULT_API_KEY) ?? keys[0]

  const existing = await productModule.listProducts({
    handle: PRODUCTS.map((p) => p.handle),
  })
  const missing = PRODUCTS.filter(
    (p) => !existing.some((e) => e.handle === p.handle)
  )
  if (missing.length) {
    await createProductsWorkflow(container).run({
      input: {
        products: missing.map((p) => ({
          title: p.title,
          handle: p.handle,
          status: "published",
          sales_channels: [{ id: salesChannelId }],
          options: [{ title: "Format", values: ["Digital"] }],
          variants: [
            {
              title: "Digital",
              sku: p.handle,
              manage_inventory: false,
              options: { Format: "Digital" },
              prices: Object.entries(p.prices).map(
                ([currency_code, amount]) => ({ currency_code, amount })
              ),
            },
          ],
        })),
      },
    })
  }
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id", "sku"],
    filters: { sku: PRODUCTS.map((p) => p.handle) },
  })

  return {
    regions,
    salesChannelId,
    publishableKey: apiKey.token,
    variants: Object.fromEntries(
      variants.map((v: { id: string; sku: string | null }) => [v.sku!, v.id])
    ),
  }
}

/** `medusa exec ./dev/seed.ts` */
export default async function seed({
  container,
}: {
  container: MedusaContainer
}) {
  const seeded = await seedStore(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  logger.info(
    `Seeded the Piastrix demo store; publishable key ${seeded.publishableKey}`
  )
}
