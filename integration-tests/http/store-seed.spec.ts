import { adminHeaders } from "../helpers/admin-api"
import { piastrixIntegrationRunner } from "../helpers/runner"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import { PIASTRIX_PROVIDER_IDS } from "../../dev/seed"

jest.setTimeout(120000)

piastrixIntegrationRunner(({ api, getContainer, seed }) => {
  describe("the seeded demo store", () => {
    it("offers the four Piastrix providers and the system provider in every region", async () => {
      for (const region of Object.values(seed().regions)) {
        const { data } = await api.get(
          `/store/payment-providers?region_id=${region.id}`,
          storeHeaders(seed())
        )
        const ids = data.payment_providers
          .map((p: { id: string }) => p.id)
          .sort()
        expect(ids).toEqual(
          [...PIASTRIX_PROVIDER_IDS, "pp_system_default"].sort()
        )
      }
    })

    it("sells the demo products through every publishable key the admin lists, Medusa's default one included", async () => {
      const { data } = await api.get(
        "/admin/api-keys?type=publishable",
        await adminHeaders(getContainer())
      )
      const titles = data.api_keys.map((k: { title: string }) => k.title)
      expect(titles).toContain("Default Publishable API Key")
      for (const key of data.api_keys as { token: string }[]) {
        const { data: listed } = await api.get("/store/products", {
          headers: { "x-publishable-api-key": key.token },
        })
        expect(
          listed.products.map((p: { handle: string }) => p.handle)
        ).toEqual(
          expect.arrayContaining([
            "piastrix-ebook",
            "piastrix-gift-card",
            "piastrix-stickers",
          ])
        )
      }
      expect(data.api_keys.map((k: { token: string }) => k.token)).toContain(
        seed().publishableKey
      )
    })

    it("sells a digital product without shipping: a cart completes into an order", async () => {
      const cart = await createCart(api, seed(), { currency: "usd" })
      expect(cart.total).toBe(15)
      await startPaymentSession(api, seed(), cart, "pp_system_default")
      const completed = await completeCart(api, seed(), cart.id)
      expect(completed).toEqual(
        expect.objectContaining({
          status: 200,
          body: expect.objectContaining({ type: "order" }),
        })
      )
      expect(await findOrderForCart(getContainer(), cart.id)).toEqual(
        expect.objectContaining({ display_id: 1 })
      )
    })
  })
})
