import { MedusaError } from "@medusajs/framework/utils"
import type { RunningSandbox } from "../../../../sandbox/src"
import { sealNotificationSummary } from "../notification-summary"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import { initiateInput, makeService, SECRET, startTestSandbox } from "./test-utils"

let running: RunningSandbox

beforeAll(async () => {
  running = await startTestSandbox()
})
afterAll(async () => {
  await running.close()
})

describe("updatePayment", () => {
  it("passes a sealed notification through for Medusa to merge into the session", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const notification = sealNotificationSummary(
      {
        status: "success",
        outcome: "success",
        shop_order_id: "payses_1",
        shop_amount: "10.00",
        shop_currency: "643",
        payment_id: "1",
        payer_account: null,
        received_at: new Date().toISOString(),
      },
      SECRET
    )
    const out = await service.updatePayment({ amount: 10, currency_code: "rub", data: { notification } })
    expect(out.data).toEqual({ notification })
  })

  it("refuses a new amount for a payment already created at the service", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const created = await service.initiatePayment(initiateInput({ payway: "card_rub" }))
    const error = await service
      .updatePayment({ amount: 2000, currency_code: "rub", data: created.data })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/new payment session/)
  })

  it("accepts the same amount written differently", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const created = await service.initiatePayment(initiateInput({ payway: "card_rub" }))
    const out = await service.updatePayment({ amount: "1250.5", currency_code: "rub", data: created.data })
    expect(out.data).toEqual(created.data)
  })
})
