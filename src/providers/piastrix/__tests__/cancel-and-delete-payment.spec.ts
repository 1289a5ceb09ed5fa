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

async function started() {
  const { service, logger } = makeService(PiastrixRedirectService, running)
  const created = await service.initiatePayment(
    initiateInput({ payway: "card_rub" })
  )
  return { service, logger, data: created.data! }
}

describe("cancelPayment", () => {
  it("marks an unpaid payment canceled locally (the service has no cancel)", async () => {
    const { service, data } = await started()
    const requests = running.sandbox.store.data.payments.length
    const out = await service.cancelPayment({ data })
    expect(out.data).toMatchObject({
      state: "canceled",
      session_id: data.session_id,
    })
    expect(running.sandbox.store.data.payments.length).toBe(requests)
  })

  it("refuses to cancel a paid payment: Medusa's payment stays authorized, the money is at the service", async () => {
    const { service, data } = await started()
    await expect(
      service.cancelPayment({ data: { ...data, state: "paid" } })
    ).rejects.toThrow("A paid Piastrix payment cannot be canceled")
  })

  it("leaves an ended payment as it is", async () => {
    const { service, data } = await started()
    const out = await service.cancelPayment({
      data: { ...data, state: "expired" },
    })
    expect(out.data!.state).toBe("expired")
  })

  it("hands back data it did not write unchanged", async () => {
    const { service } = await started()
    expect((await service.cancelPayment({ data: { other: 1 } })).data).toEqual({
      other: 1,
    })
  })
})

describe("deletePayment", () => {
  it("returns the session data and logs the deletion with the session id", async () => {
    const { service, logger, data } = await started()
    const out = await service.deletePayment({ data })
    expect(out.data).toEqual(data)
    expect(
      logger.lines.some((l) => l.message.includes(String(data.session_id)))
    ).toBe(true)
  })

  it("accepts the storefront's data when Medusa rolls back a failed session start", async () => {
    const { service } = await started()
    expect(
      (await service.deletePayment({ data: { payway: "card_rub" } })).data
    ).toEqual({ payway: "card_rub" })
  })
})
