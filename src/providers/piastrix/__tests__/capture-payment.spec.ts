import type { RunningSandbox } from "../../../../sandbox/src"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import {
  control,
  initiateInput,
  makeService,
  startTestSandbox,
} from "./test-utils"

let running: RunningSandbox

beforeAll(async () => {
  running = await startTestSandbox()
})
afterAll(async () => {
  await running.close()
})

describe("capturePayment", () => {
  it("confirms a paid payment without calling the service or charging again", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput({ payway: "card_rub" })
    const created = await service.initiatePayment(input)
    await control(
      running,
      "POST",
      `/payments/${input.data.session_id}/pay?by=order`,
      {}
    )
    const authorized = await service.authorizePayment({ data: created.data })
    const paymentsBefore = running.sandbox.store.data.payments.length
    const pollsBefore = JSON.stringify(
      (await control(running, "GET", "/polls")).counts
    )

    const out = await service.capturePayment({ data: authorized.data })
    expect(out.data).toEqual(authorized.data)
    expect(running.sandbox.store.data.payments.length).toBe(paymentsBefore)
    expect(
      JSON.stringify((await control(running, "GET", "/polls")).counts)
    ).toBe(pollsBefore)
  })

  it("warns when asked to capture a payment that is not paid", async () => {
    const { service, logger } = makeService(PiastrixRedirectService, running)
    const created = await service.initiatePayment(
      initiateInput({ payway: "card_rub" })
    )
    await service.capturePayment({ data: created.data })
    expect(
      logger.lines.some(
        (l) => l.level === "warn" && l.message.includes("state pending")
      )
    ).toBe(true)
  })
})
