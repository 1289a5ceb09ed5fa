import type { RunningSandbox } from "../../../../sandbox/src"
import { sealNotificationSummary } from "../notification-summary"
import { PiastrixBankTransferService } from "../services/piastrix-bank-transfer"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import { PiastrixWalletService } from "../services/piastrix-wallet"
import { control, initiateInput, makeService, pollCount, SECRET, startTestSandbox } from "./test-utils"

let running: RunningSandbox

beforeAll(async () => {
  running = await startTestSandbox()
})
afterAll(async () => {
  await running.close()
})
afterEach(async () => {
  await control(running, "DELETE", "/faults")
})

async function started(Service: any, data: Record<string, unknown>, options = {}) {
  const { service, logger } = makeService(Service, running, options)
  const input = initiateInput(data)
  const out = await service.initiatePayment(input)
  return { service, logger, sessionId: input.data.session_id, data: out.data! }
}

function summary(sessionId: string, fields: Partial<{ outcome: "success" | "rejected"; shop_amount: string; shop_currency: string }>) {
  const outcome = fields.outcome ?? "success"
  return {
    status: outcome,
    outcome,
    shop_order_id: sessionId,
    shop_amount: fields.shop_amount ?? "1250.50",
    shop_currency: fields.shop_currency ?? "643",
    payment_id: "77",
    payer_account: null,
    received_at: new Date().toISOString(),
  }
}

describe("authorizePayment", () => {
  it("keeps an unpaid redirect payment pending", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    const out = await service.authorizePayment({ data, context: { idempotency_key: sessionId } })
    expect(out.status).toBe("pending")
    expect(out.data).toMatchObject({ state: "pending", service_status: 1 })
    expect(out.data!.checked_at).toEqual(expect.any(String))
  })

  it("answers pending_authorization for an unpaid bank transfer, so the order can be placed", async () => {
    const { service, data } = await started(PiastrixBankTransferService, { payway: "h2h_sbp_rub" })
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("pending_authorization")
    expect(out.data!.state).toBe("pending")
  })

  it("captures a bank transfer once the service confirms it", async () => {
    const { service, sessionId, data } = await started(PiastrixBankTransferService, { payway: "h2h_sbp_rub" })
    await control(running, "POST", `/payments/${sessionId}/requisites?by=order`, {})
    await control(running, "POST", `/payments/${sessionId}/confirm-transfer?by=order`, {})
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("captured")
  })

  it("captures a paid payment whose amount and currency match", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("captured")
    expect(out.data).toMatchObject({ state: "paid", service_status: 4, amount_mismatch: null })
  })

  it("captures a paid wallet bill and remembers the payer's wallet for refunds", async () => {
    const { service, sessionId, data } = await started(PiastrixWalletService, {})
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, { payer_account: "201494711279" })
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("captured")
    expect(out.data).toMatchObject({ state: "paid", service_status: 2, payer_account: "201494711279" })
  })

  it("never captures a payment of another amount, and flags the difference", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, { amount: "1000.00" })
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("error")
    expect(out.data).toMatchObject({
      state: "amount_mismatch",
      amount_mismatch: {
        expected_amount: "1250.50",
        expected_currency: 643,
        received_amount: "1000",
        received_currency: 643,
      },
    })
  })

  it("reports a rejected payment as error with the reason", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    await control(running, "POST", `/payments/${sessionId}/fail?by=order`, {})
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("error")
    expect(out.data).toMatchObject({ state: "failed", service_status: 3 })
    expect((out.data!.failure as { reason: string }).reason).toMatch(/rejected/)
  })

  it("reports an expired wallet bill as canceled", async () => {
    const { service, sessionId, data } = await started(PiastrixWalletService, {})
    await control(running, "POST", `/payments/${sessionId}/expire?by=order`, {})
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("canceled")
    expect(out.data).toMatchObject({ state: "expired", service_status: 4 })
  })

  it("uses a sealed notification without asking the service", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    const notification = sealNotificationSummary(summary(sessionId, {}), SECRET)
    const out = await service.authorizePayment({ data: { ...data, notification } })
    expect(out.status).toBe("captured")
    expect(out.data).toMatchObject({ state: "paid", payment_id: "77" })
    expect(await pollCount(running, sessionId)).toBe(0)
  })

  it("does not capture from a sealed notification of another amount", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    const notification = sealNotificationSummary(summary(sessionId, { shop_amount: "12.50" }), SECRET)
    const out = await service.authorizePayment({ data: { ...data, notification } })
    expect(out.status).toBe("error")
    expect(out.data).toMatchObject({ state: "amount_mismatch" })
    expect(await pollCount(running, sessionId)).toBe(0)
  })

  it("marks the session failed from a sealed rejection notification", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    const notification = sealNotificationSummary(summary(sessionId, { outcome: "rejected" }), SECRET)
    const out = await service.authorizePayment({ data: { ...data, notification } })
    expect(out.status).toBe("error")
    expect(out.data!.state).toBe("failed")
  })

  it("ignores a notification that was not sealed with the shop's key and asks the service", async () => {
    const { service, logger, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    const forged = sealNotificationSummary(summary(sessionId, {}), "someone-else")
    const out = await service.authorizePayment({ data: { ...data, notification: forged } })
    expect(out.status).toBe("pending")
    expect(out.data!.notification).toBeNull()
    expect(await pollCount(running, sessionId)).toBe(1)
    expect(logger.lines.some((l) => l.level === "warn" && l.message.includes(sessionId))).toBe(true)
  })

  it("ignores a sealed notification copied from another session", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    const other = sealNotificationSummary(summary("payses_other", {}), SECRET)
    const out = await service.authorizePayment({ data: { ...data, notification: other } })
    expect(out.status).toBe("pending")
    expect(await pollCount(running, sessionId)).toBe(1)
  })

  it("asks the service once for two authorizations within 10 seconds", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    const first = await service.authorizePayment({ data })
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
    const second = await service.authorizePayment({ data: first.data })
    expect(second.status).toBe("pending")
    expect(await pollCount(running, sessionId)).toBe(1)
    const { violations } = await control(running, "GET", "/polls")
    expect(violations.filter((v: { key: string }) => v.key === `payment:${sessionId}`)).toHaveLength(0)
  })

  it("stays pending, without throwing, when the service is unreachable", async () => {
    const { service, sessionId, data } = await started(PiastrixRedirectService, { payway: "card_rub" })
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
    await control(running, "POST", "/faults", { type: "http_error", path: "/invoice/check", status: 503 })
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("pending")
    expect(out.data!.state).toBe("pending")
  })

  it("answers error for data this provider did not write", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const out = await service.authorizePayment({ data: { foo: "bar" } })
    expect(out.status).toBe("error")
  })
})
