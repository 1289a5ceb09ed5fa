import type { RunningSandbox } from "../../../../sandbox/src"
import { PiastrixBankTransferService } from "../services/piastrix-bank-transfer"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import {
  control,
  initiateInput,
  makeService,
  pollCount,
  startTestSandbox,
} from "./test-utils"

let running: RunningSandbox

beforeAll(async () => {
  running = await startTestSandbox()
})
afterAll(async () => {
  await running.close()
})

describe("getPaymentStatus", () => {
  it("reports a paid payment as captured", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput({ payway: "card_rub" })
    const created = await service.initiatePayment(input)
    await control(
      running,
      "POST",
      `/payments/${input.data.session_id}/pay?by=order`,
      {}
    )
    const out = await service.getPaymentStatus({ data: created.data })
    expect(out.status).toBe("captured")
  })

  it("reports a waiting bank transfer as pending_authorization", async () => {
    const { service } = makeService(PiastrixBankTransferService, running)
    const created = await service.initiatePayment(
      initiateInput({ payway: "h2h_bank_rub" })
    )
    expect(
      (await service.getPaymentStatus({ data: created.data })).status
    ).toBe("pending_authorization")
  })

  it("answers from the recorded state of a settled payment without asking the service", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput({ payway: "card_rub" })
    const created = await service.initiatePayment(input)
    const out = await service.getPaymentStatus({
      data: { ...created.data, state: "failed" },
    })
    expect(out.status).toBe("error")
    expect(await pollCount(running, input.data.session_id)).toBe(0)
  })
})

describe("retrievePayment", () => {
  it("returns the data refreshed from the service", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput({ payway: "card_rub" })
    const created = await service.initiatePayment(input)
    await control(
      running,
      "POST",
      `/payments/${input.data.session_id}/fail?by=order`,
      {}
    )
    const out = await service.retrievePayment({ data: created.data })
    // Refreshed, yet a status read alone does not fail a session the payer may still pay.
    expect(out.data).toMatchObject({
      state: "pending",
      service_status: 3,
      notice: expect.stringContaining("reads as rejected"),
    })
  })
})
