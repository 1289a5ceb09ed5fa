import BigNumber from "bignumber.js"
import { MedusaError } from "@medusajs/framework/utils"
import type { RunningSandbox } from "../../../../sandbox/src"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import { PiastrixWalletService } from "../services/piastrix-wallet"
import { control, initiateInput, makeService, startTestSandbox } from "./test-utils"

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

const PAYER = "201494711279"
const raw = (value: string) => ({ value, precision: 20 })
const available = () => new BigNumber(running.sandbox.store.data.balances["643"].available)
const transfersOf = (sessionId: string) =>
  running.sandbox.store.data.payouts.filter((p) => p.type === "transfer" && p.shopPaymentId.startsWith(`${sessionId}-r`))

async function paidWallet(options = {}) {
  const { service, logger } = makeService(PiastrixWalletService, running, options)
  const input = initiateInput({ payer_account: PAYER })
  const sessionId = input.data.session_id
  const created = await service.initiatePayment(input)
  await control(running, "POST", `/payments/${sessionId}/pay?by=order`, { payer_account: PAYER })
  const authorized = await service.authorizePayment({ data: created.data })
  expect(authorized.status).toBe("captured")
  return { service, logger, sessionId, data: authorized.data! }
}

describe("refundPayment", () => {
  it("sends a wallet payment's refund back to the payer's wallet, once", async () => {
    const { service, sessionId, data } = await paidWallet()
    const before = available()
    const out = await service.refundPayment({ amount: raw("500"), data, context: { idempotency_key: "ref_1" } })
    const transfers = transfersOf(sessionId)
    expect(transfers).toHaveLength(1)
    expect(transfers[0]).toMatchObject({ account: PAYER, shopPaymentId: `${sessionId}-r1`, writeOff: "500.00" })
    expect(before.minus(available()).toFixed(2)).toBe("500.00")
    expect(out.data!.refunds).toEqual([
      expect.objectContaining({
        refund_id: "ref_1",
        shop_payment_id: `${sessionId}-r1`,
        amount: "500.00",
        mode: "transfer",
        state: "sent",
        transfer_id: String(transfers[0].id),
      }),
    ])
  })

  it("gives a second partial refund its own transfer", async () => {
    const { service, sessionId, data } = await paidWallet()
    const first = await service.refundPayment({ amount: raw("100"), data })
    const second = await service.refundPayment({ amount: raw("100"), data: first.data })
    expect(transfersOf(sessionId).map((t) => t.shopPaymentId)).toEqual([`${sessionId}-r1`, `${sessionId}-r2`])
    expect(second.data!.refunds).toHaveLength(2)
  })

  it("does not transfer twice when the service's reply is lost", async () => {
    const { service, sessionId, data } = await paidWallet()
    const before = available()
    await control(running, "POST", "/faults", { type: "drop_reply", path: "/transfer/create", times: 1 })
    const out = await service.refundPayment({ amount: raw("300"), data })
    expect(transfersOf(sessionId)).toHaveLength(1)
    expect(before.minus(available()).toFixed(2)).toBe("300.00")
    expect(out.data!.refunds).toEqual([expect.objectContaining({ state: "sent", shop_payment_id: `${sessionId}-r1` })])
  })

  it("moves money once when a refund is retried after a reply lost beyond recovery", async () => {
    const { service, sessionId, data } = await paidWallet()
    const before = available()
    await control(running, "POST", "/faults", { type: "drop_reply", path: "/transfer/create", times: 1 })
    await control(running, "POST", "/faults", { type: "reset", path: "/transfer/shop_payment_status", times: 3 })
    const error = await service.refundPayment({ amount: raw("250"), data }).catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/Try the refund again later/)

    // Medusa drops the failed refund and keeps the old data; the admin retries.
    const retried = await service.refundPayment({ amount: raw("250"), data })
    expect(transfersOf(sessionId)).toHaveLength(1)
    expect(before.minus(available()).toFixed(2)).toBe("250.00")
    expect(retried.data!.refunds).toEqual([expect.objectContaining({ state: "sent", shop_payment_id: `${sessionId}-r1` })])
  })

  it("refuses with the reason when the shop balance cannot cover the refund", async () => {
    const { service, sessionId, data } = await paidWallet()
    await control(running, "POST", "/balances", { currency: 643, available: "10.00" })
    try {
      const error = await service.refundPayment({ amount: raw("500"), data }).catch((e) => e)
      expect(error).toBeInstanceOf(MedusaError)
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toMatch(/insufficient/)
      expect(transfersOf(sessionId)).toHaveLength(0)
    } finally {
      await control(running, "POST", "/balances", { currency: 643, available: "1000000.00" })
    }
  })

  it("refuses a wallet refund when the payer's wallet is unknown", async () => {
    const { service, data } = await paidWallet()
    const error = await service.refundPayment({ amount: raw("5"), data: { ...data, payer_account: null } }).catch((e) => e)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/wallet account is unknown/)
  })

  it("records a manual wallet refund when refunds.wallet is manual, moving no money", async () => {
    const { service, sessionId, data } = await paidWallet({ refunds: { wallet: "manual" } })
    const out = await service.refundPayment({ amount: raw("50"), data })
    expect(transfersOf(sessionId)).toHaveLength(0)
    expect(out.data!.refunds).toEqual([expect.objectContaining({ mode: "manual", state: "manual_required", amount: "50.00" })])
  })

  it("refuses a card payment's refund by default, saying why and what to do", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const created = await service.initiatePayment(initiateInput({ payway: "card_rub" }))
    const error = await service.refundPayment({ amount: raw("10"), data: created.data! }).catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/no refund for redirect payments/)
    expect(error.message).toMatch(/refunds\.other/)
  })

  it("records a manual refund for other kinds when refunds.other is manual", async () => {
    const { service, logger } = makeService(PiastrixRedirectService, running, { refunds: { other: "manual" } })
    const created = await service.initiatePayment(initiateInput({ payway: "card_rub" }))
    const out = await service.refundPayment({ amount: raw("10.5"), data: created.data!, context: { idempotency_key: "ref_9" } })
    expect(out.data!.refunds).toEqual([
      expect.objectContaining({ refund_id: "ref_9", mode: "manual", state: "manual_required", amount: "10.50" }),
    ])
    expect(logger.lines.some((l) => l.level === "warn" && l.message.includes("manual"))).toBe(true)
  })
})
