import { piastrixIntegrationRunner } from "../helpers/runner"
import { completeCart, createCart, findOrderForCart, startPaymentSession, storeHeaders } from "../helpers/store-api"
import { PIASTRIX_PROVIDER_IDS } from "../../dev/seed"

jest.setTimeout(120000)

piastrixIntegrationRunner(({ api, getContainer, seed }) => {
  describe("the seeded demo store", () => {
    it("offers the four Piastrix providers and the system provider in every region", async () => {
      for (const region of Object.values(seed().regions)) {
        const { data } = await api.get(`/store/payment-providers?region_id=${region.id}`, storeHeaders(seed()))
        const ids = data.payment_providers.map((p: { id: string }) => p.id).sort()
        expect(ids).toEqual([...PIASTRIX_PROVIDER_IDS, "pp_system_default"].sort())
      }
    })

    it("sells a digital product without shipping: a cart completes into an order", async () => {
      const cart = await createCart(api, seed(), { currency: "usd" })
      expect(cart.total).toBe(15)
      await startPaymentSession(api, seed(), cart, "pp_system_default")
      const completed = await completeCart(api, seed(), cart.id)
      expect(completed).toEqual(expect.objectContaining({ status: 200, body: expect.objectContaining({ type: "order" }) }))
      expect(await findOrderForCart(getContainer(), cart.id)).toEqual(expect.objectContaining({ display_id: 1 }))
    })
  })
})
