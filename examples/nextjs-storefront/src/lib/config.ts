import "server-only"
import Medusa from "@medusajs/js-sdk"

/**
 * The store's js-sdk client, as in Medusa's starter (src/lib/config.ts), used on the server only: the
 * server actions call Medusa, the browser calls the store's own server. The address and the publishable
 * key are read when the server starts, so one build serves any store.
 */
export const sdk = new Medusa({
  baseUrl: process.env.MEDUSA_BACKEND_URL || "http://localhost:9000",
  publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY,
})
