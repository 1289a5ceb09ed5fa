import { MedusaError } from "@medusajs/framework/utils"
import type { RunningSandbox } from "../../../../sandbox/src"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import { initiateInput, makeService, startTestSandbox } from "./test-utils"

let running: RunningSandbox

beforeAll(async () => {
  running = await startTestSandbox()
})
afterAll(async () => {
  await running.close()
})

describe("updatePayment", () => {
  it("returns the data it was given, for Medusa to merge into the session", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const out = await service.updatePayment({
      amount: 10,
      currency_code: "rub",
      data: { note: "kept" },
    })
    expect(out.data).toEqual({ note: "kept" })
  })

  it("refuses a new amount for a payment already created at the service", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const created = await service.initiatePayment(
      initiateInput({ payway: "card_rub" })
    )
    const error = await service
      .updatePayment({ amount: 2000, currency_code: "rub", data: created.data })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/new payment session/)
  })

  it("accepts the same amount written differently", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const created = await service.initiatePayment(
      initiateInput({ payway: "card_rub" })
    )
    const out = await service.updatePayment({
      amount: "1250.5",
      currency_code: "rub",
      data: created.data,
    })
    expect(out.data).toEqual(created.data)
  })
})
