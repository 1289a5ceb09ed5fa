import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PIASTRIX_MODULE } from "../../src/modules/piastrix"

jest.setTimeout(120000)

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    describe("a Medusa app with the plugin loaded from src/", () => {
      it("boots, migrates the plugin's tables and answers /health", async () => {
        const res = await api.get("/health")
        expect(res.status).toBe(200)
        const piastrix = getContainer().resolve<any>(PIASTRIX_MODULE)
        expect(await piastrix.listPiastrixNotifications({})).toEqual([])
      })
    })
  },
})
