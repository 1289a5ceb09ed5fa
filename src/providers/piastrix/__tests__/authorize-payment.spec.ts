import type { RunningSandbox } from "../../../../sandbox/src"
import { PiastrixBankTransferService } from "../services/piastrix-bank-transfer"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import { PiastrixWalletService } from "../services/piastrix-wallet"
import {
  control,
  initiateInput,
  makeService,
  memoryStore,
  pollCount,
  startTestSandbox,
  type HeldVerdict,
} from "./test-utils"

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

async function started(
  Service: any,
  data: Record<string, unknown>,
  options = {},
  store = memoryStore()
) {
  const { service, logger } = makeService(Service, running, options, {
    store,
  })
  const input = initiateInput(data)
  const out = await service.initiatePayment(input)
  return { service, logger, sessionId: input.data.session_id, data: out.data! }
}

let verdicts = 0

function verdict(
  sessionId: string,
  fields: Partial<HeldVerdict> = {}
): HeldVerdict {
  return {
    notification_id: `pxntf_spec${++verdicts}`,
    shop_order_id: sessionId,
    status: "success",
    shop_amount: "1250.50",
    shop_currency: 643,
    payment_id: "77",
    payer_account: null,
    received_at: new Date().toISOString(),
    refunded: false,
    ...fields,
  }
}

/** A session started with an inbox that holds `rows(sessionId)` once the payer has acted. */
async function startedWithInbox(
  Service: any,
  data: Record<string, unknown>,
  rows: (id: string) => HeldVerdict[]
) {
  const store = memoryStore()
  const run = await started(Service, data, {}, store)
  store.verdictsHeld.push(...rows(run.sessionId))
  return run
}

describe("authorizePayment", () => {
  it("keeps an unpaid redirect payment pending", async () => {
    const { service, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" }
    )
    const out = await service.authorizePayment({
      data,
      context: { idempotency_key: sessionId },
    })
    expect(out.status).toBe("pending")
    expect(out.data).toMatchObject({ state: "pending", service_status: 1 })
    expect(out.data!.checked_at).toEqual(expect.any(String))
  })

  it("answers pending_authorization for an unpaid bank transfer, so the order can be placed", async () => {
    const { service, data } = await started(PiastrixBankTransferService, {
      payway: "h2h_sbp_rub",
    })
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("pending_authorization")
    expect(out.data!.state).toBe("pending")
  })

  it("captures a bank transfer once the service confirms it", async () => {
    const { service, sessionId, data } = await started(
      PiastrixBankTransferService,
      { payway: "h2h_sbp_rub" }
    )
    await control(
      running,
      "POST",
      `/payments/${sessionId}/requisites?by=order`,
      {}
    )
    await control(
      running,
      "POST",
      `/payments/${sessionId}/confirm-transfer?by=order`,
      {}
    )
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("authorized")
  })

  it("authorizes a paid payment whose amount and currency match", async () => {
    const { service, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" }
    )
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("authorized")
    expect(out.data).toMatchObject({
      state: "paid",
      service_status: 4,
      amount_mismatch: null,
    })
  })

  it("authorizes a paid wallet bill and remembers the payer's wallet for refunds, whole only in the register", async () => {
    const store = memoryStore()
    const { service, sessionId, data } = await started(
      PiastrixWalletService,
      {},
      {},
      store
    )
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {
      payer_account: "201494711279",
    })
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("authorized")
    // Session data goes to the storefront with the cart: the wallet is masked there.
    expect(out.data).toMatchObject({
      state: "paid",
      service_status: 2,
      payer_account: "20••••••1279",
    })
    expect(JSON.stringify(out.data)).not.toContain("201494711279")
    expect(store.payments.get(sessionId)?.payer_account).toBe("201494711279")
  })

  it("never captures a payment of another amount, and flags the difference", async () => {
    const { service, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" }
    )
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {
      amount: "1000.00",
    })
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

  it("keeps a payment a status read calls rejected pending, with a notice: only a signed notification fails it", async () => {
    const { service, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" }
    )
    await control(running, "POST", `/payments/${sessionId}/fail?by=order`, {})
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("pending")
    expect(out.data).toMatchObject({
      state: "pending",
      service_status: 3,
      failure: null,
      notice:
        "status 3 from /invoice/check reads as rejected: the session stays open until a signed notification says so",
    })
  })

  it("keeps a wallet bill a status read calls expired pending while its lifetime runs", async () => {
    const { service, sessionId, data } = await started(
      PiastrixWalletService,
      {}
    )
    expect(Date.parse(data.expires_at as string)).toBeGreaterThan(Date.now())
    await control(running, "POST", `/payments/${sessionId}/expire?by=order`, {})
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("pending")
    expect(out.data).toMatchObject({
      state: "pending",
      service_status: 4,
      notice: expect.stringContaining("reads as expired"),
    })
  })

  it("reports a wallet bill expired once its lifetime has passed", async () => {
    const { service, sessionId, data } = await started(
      PiastrixWalletService,
      {}
    )
    await control(running, "POST", `/payments/${sessionId}/expire?by=order`, {})
    const out = await service.authorizePayment({
      data: { ...data, expires_at: new Date(Date.now() - 1000).toISOString() },
    })
    expect(out.status).toBe("canceled")
    expect(out.data).toMatchObject({
      state: "expired",
      service_status: 4,
      notice: null,
    })
  })

  describe("an alternative reading of the service, the plugin at its defaults: fails safe", () => {
    afterEach(async () => {
      await control(running, "POST", "/fidelity", {
        billStatuses: "integration",
        notFoundCode: 7,
        paidWithoutProcessed: false,
      })
    })

    it("wallet statuses numbered like invoices (4 = paid): a paid bill is never canceled, and is flagged", async () => {
      await control(running, "POST", "/fidelity", { billStatuses: "invoice" })
      const { service, sessionId, data } = await started(
        PiastrixWalletService,
        {}
      )
      await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
      const out = await service.authorizePayment({ data })
      // Read with the default map, 4 means expired: the lifetime has not passed, so nothing is decided.
      expect(out.status).toBe("pending")
      expect(out.data).toMatchObject({
        state: "pending",
        service_status: 4,
        notice:
          "status 4 from /bill/shop_order_status reads as expired: the session stays open until a signed notification says so",
      })
    })

    it("a paid status without a processing time: not captured from the read alone, and flagged", async () => {
      await control(running, "POST", "/fidelity", {
        paidWithoutProcessed: true,
      })
      const { service, sessionId, data } = await started(
        PiastrixRedirectService,
        { payway: "card_rub" }
      )
      await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
      const out = await service.authorizePayment({ data })
      expect(out.status).toBe("pending")
      expect(out.data).toMatchObject({
        state: "pending",
        failure: null,
        notice: expect.stringMatching(
          /^status \d+ from \/invoice\/check reads as paid but carries no processing time/
        ),
      })
    })

    it("another not-found code: an unknown payment is never taken as paid or failed", async () => {
      await control(running, "POST", "/fidelity", { notFoundCode: 1 })
      const { service, data } = await started(PiastrixRedirectService, {
        payway: "card_rub",
      })
      const out = await service.authorizePayment({
        data: { ...data, shop_order_id: `${data.shop_order_id}-unknown` },
      })
      expect(out.status).toBe("pending")
      expect(out.data).toMatchObject({ state: "pending", failure: null })
    })
  })

  it("authorizes from a verified success notification in the inbox without asking the service", async () => {
    const { service, sessionId, data } = await startedWithInbox(
      PiastrixRedirectService,
      { payway: "card_rub" },
      (id) => [verdict(id)]
    )
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("authorized")
    expect(out.data).toMatchObject({ state: "paid", payment_id: "77" })
    expect(await pollCount(running, sessionId)).toBe(0)
  })

  it("does not capture from a verified notification of another amount", async () => {
    const { service, sessionId, data } = await startedWithInbox(
      PiastrixRedirectService,
      { payway: "card_rub" },
      (id) => [verdict(id, { shop_amount: "12.50" })]
    )
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("error")
    expect(out.data).toMatchObject({ state: "amount_mismatch" })
    expect(await pollCount(running, sessionId)).toBe(0)
  })

  it("marks the session failed from a verified rejection notification", async () => {
    const { service, data } = await startedWithInbox(
      PiastrixRedirectService,
      { payway: "card_rub" },
      (id) => [verdict(id, { status: "rejected" })]
    )
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("error")
    expect(out.data!.state).toBe("failed")
  })

  it("authorizes when the service reported a success after a rejection of the same order", async () => {
    const { service, data } = await startedWithInbox(
      PiastrixRedirectService,
      { payway: "card_rub" },
      (id) => [
        verdict(id, { status: "rejected" }),
        verdict(id, { status: "success" }),
      ]
    )
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("authorized")
  })

  it("ignores a notification written into session data and asks the service", async () => {
    const { service, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" }
    )
    const forged = {
      status: "success",
      outcome: "success",
      shop_order_id: sessionId,
      shop_amount: "1250.50",
    }
    const out = await service.authorizePayment({
      data: { ...data, notification: forged },
    })
    expect(out.status).toBe("pending")
    expect(await pollCount(running, sessionId)).toBe(1)
  })

  it("ignores another session's verified notification", async () => {
    const { service, sessionId, data } = await startedWithInbox(
      PiastrixRedirectService,
      { payway: "card_rub" },
      () => [verdict("payses_other")]
    )
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("pending")
    expect(await pollCount(running, sessionId)).toBe(1)
  })

  it("asks the service, and stays pending, when the inbox cannot be read", async () => {
    const broken = memoryStore()
    broken.verdicts = () => Promise.reject(new Error("connection refused"))
    const { service, logger, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" },
      {},
      broken
    )
    const out = await service.authorizePayment({ data })
    expect(out.status).toBe("pending")
    expect(await pollCount(running, sessionId)).toBe(1)
    expect(
      logger.lines.some(
        (l) =>
          l.level === "warn" && l.message.includes("inbox could not be read")
      )
    ).toBe(true)
  })

  it("asks the service once for two authorizations within 10 seconds", async () => {
    const { service, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" }
    )
    const first = await service.authorizePayment({ data })
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
    const second = await service.authorizePayment({ data: first.data })
    expect(second.status).toBe("pending")
    expect(await pollCount(running, sessionId)).toBe(1)
    const { violations } = await control(running, "GET", "/polls")
    expect(
      violations.filter(
        (v: { key: string }) => v.key === `payment:${sessionId}`
      )
    ).toHaveLength(0)
  })

  it("stays pending, without throwing, when the service is unreachable", async () => {
    const { service, sessionId, data } = await started(
      PiastrixRedirectService,
      { payway: "card_rub" }
    )
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {})
    await control(running, "POST", "/faults", {
      type: "http_error",
      path: "/invoice/check",
      status: 503,
    })
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
