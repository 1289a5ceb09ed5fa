import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createApiKeysWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"

/**
 * A second storefront: a sales channel of its own and a publishable key that sells only through it, as
 * another brand on the same Medusa would have. Created per test (the runner restores the database).
 */
export async function otherStorefront(container: MedusaContainer) {
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: `Other storefront ${Date.now()}` }] },
  })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [
        { title: "Other storefront", type: "publishable", created_by: "test" },
      ],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [channel.id] },
  })
  return {
    salesChannelId: channel.id,
    publishableKey: key.token,
    headers: { "x-publishable-api-key": key.token },
  }
}
