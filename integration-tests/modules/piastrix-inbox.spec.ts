import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import path from "node:path"
import { PIASTRIX_MODULE } from "../../src/modules/piastrix"
import PiastrixModuleService from "../../src/modules/piastrix/service"

jest.setTimeout(60000)

const notification = (overrides: Record<string, unknown> = {}) => ({
  dedupe_key: "a".repeat(64),
  shop_order_id: "payses_01",
  payment_id: "5144451902",
  status: "success",
  shop_amount: "1.00",
  shop_currency: 643,
  fields: {
    status: "success",
    shop_order_id: "payses_01",
    shop_amount: "1.00",
  },
  ...overrides,
})

moduleIntegrationTestRunner<PiastrixModuleService>({
  moduleName: PIASTRIX_MODULE,
  resolve: path.join(__dirname, "../../src/modules/piastrix"),
  moduleOptions: { shopId: 1, secretKey: "module-test-secret" },
  testSuite: ({ service }) => {
    describe("notification inbox", () => {
      it("refuses to start without the plugin options, naming them", async () => {
        expect(() => new PiastrixModuleService({} as never, {})).toThrow(
          /shopId.*secretKey/
        )
      })

      it("records a notification as received, keeping amounts as the text that was sent", async () => {
        const created =
          await service.createPiastrixNotifications(notification())
        const [stored] = await service.listPiastrixNotifications({
          id: created.id,
        })
        expect(stored).toEqual(
          expect.objectContaining({
            state: "received",
            attempts: 0,
            shop_amount: "1.00",
            shop_currency: 643,
          })
        )
        expect(created.id).toMatch(/^pxntf_/)
      })

      it("refuses a second row with the same dedupe key, so a resent notification is stored once", async () => {
        await service.createPiastrixNotifications(notification())
        await expect(
          service.createPiastrixNotifications(notification())
        ).rejects.toThrow()
        expect(
          await service.listPiastrixNotifications({
            shop_order_id: "payses_01",
          })
        ).toHaveLength(1)
      })

      it("keeps different notifications for the same order apart", async () => {
        await service.createPiastrixNotifications(
          notification({ status: "rejected", dedupe_key: "b".repeat(64) })
        )
        await service.createPiastrixNotifications(notification())
        const rows = await service.listPiastrixNotifications({
          shop_order_id: "payses_01",
        })
        expect(rows.map((r) => r.status).sort()).toEqual([
          "rejected",
          "success",
        ])
      })
    })
  },
})
