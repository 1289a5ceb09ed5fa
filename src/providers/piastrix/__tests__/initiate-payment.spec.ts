import { MedusaError } from "@medusajs/framework/utils"
import type { RunningSandbox } from "../../../../sandbox/src"
import { PiastrixBankTransferService } from "../services/piastrix-bank-transfer"
import { PiastrixCardService } from "../services/piastrix-card"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import { PiastrixWalletService } from "../services/piastrix-wallet"
import {
  control,
  initiateInput,
  makeService,
  memoryStore,
  pollCount,
  SECRET,
  startTestSandbox,
} from "./test-utils"

let running: RunningSandbox

beforeAll(async () => {
  running = await startTestSandbox()
})
afterAll(async () => {
  await running.close()
})

const paymentSeen = (shopOrderId: string) =>
  running.sandbox.store.data.payments.find((p) => p.shopOrderId === shopOrderId)

async function expectInvalid(promise: Promise<unknown>, field: string) {
  const error = await promise.then(
    () => null,
    (e) => e
  )
  expect(error).toBeInstanceOf(MedusaError)
  expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
  expect(error.message).toMatch(new RegExp(`^${field}\\b`))
}

describe("initiatePayment", () => {
  it("registers the payment in the store's database before asking the service to create it", async () => {
    const store = memoryStore()
    const input = initiateInput({ payway: "card_rub" })
    const sessionId = input.data.session_id
    let atServiceWhenRegistered: unknown = "not registered"
    const open = store.register.opened
    store.register.opened = async (p) => {
      atServiceWhenRegistered = paymentSeen(p.shop_order_id)
      return open(p)
    }
    const { service } = makeService(
      PiastrixRedirectService,
      running,
      {},
      {
        store,
      }
    )
    await service.initiatePayment(input)
    expect([...store.payments.keys()]).toEqual([sessionId])
    expect(atServiceWhenRegistered).toBeUndefined()
    expect(paymentSeen(sessionId)).toBeDefined()
  })

  it("opens no payment at the service when it cannot register it", async () => {
    const down = memoryStore()
    down.register.opened = () => Promise.reject(new Error("connection refused"))
    const { service } = makeService(
      PiastrixRedirectService,
      running,
      {},
      {
        store: down,
      }
    )
    const input = initiateInput({ payway: "card_rub" })
    const error = await service.initiatePayment(input).catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.message).toMatch(/could not be started/)
    expect(paymentSeen(input.data.session_id)).toBeUndefined()
  })

  it("creates a wallet bill for the session and returns the wallet page to redirect to", async () => {
    const store = memoryStore()
    const { service } = makeService(
      PiastrixWalletService,
      running,
      {},
      {
        store,
      }
    )
    const input = initiateInput({ payer_account: "201494711279" })
    const out = await service.initiatePayment(input)
    const sessionId = input.data.session_id

    const seen = paymentSeen(sessionId)!
    expect(seen.type).toBe("bill")
    expect(seen.amount).toBe("1250.50")
    expect(seen.currency).toBe(643)
    expect(seen.payway).toBe("piastrix_rub")
    expect(out.id).toBe(String(seen.id))
    expect(out.status).toBe("pending")
    expect(out.data).toMatchObject({
      session_id: sessionId,
      shop_order_id: sessionId,
      kind: "wallet",
      payway: "piastrix_rub",
      amount: "1250.50",
      currency_code: "rub",
      currency: 643,
      email: "payer@example.com",
      payment_id: String(seen.id),
      next_action: {
        type: "redirect",
        method: "GET",
        url: `${running.url}/pay/${seen.token}`,
        fields: {},
      },
      state: "pending",
      // Masked: the storefront reads session data with the cart; the register keeps the wallet whole.
      payer_account: "20••••••1279",
      payer_currency: 643,
      refunds: [],
    })
    expect(JSON.stringify(out.data)).not.toContain(SECRET)
    expect(store.payments.get(sessionId)?.payer_account).toBe("201494711279")
  })

  it("sends a redirect payment with the storefront's payway and a GET page", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput({ payway: "card_rub" })
    const out = await service.initiatePayment(input)
    const seen = paymentSeen(input.data.session_id)!
    expect(seen).toMatchObject({
      type: "invoice",
      payway: "card_rub",
      amount: "1250.50",
      email: "payer@example.com",
    })
    expect(out.data!.next_action).toEqual({
      type: "redirect",
      method: "GET",
      url: `${running.url}/pay/${seen.token}`,
      fields: { lang: "en" },
    })
    expect(JSON.stringify(out.data)).not.toContain(SECRET)
  })

  it("returns the form fields of a POST redirect (card_usd)", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput(
      { payway: "card_usd" },
      { amount: "20", currency_code: "usd" }
    )
    const out = await service.initiatePayment(input)
    const seen = paymentSeen(input.data.session_id)!
    expect(out.data).toMatchObject({
      amount: "20.00",
      currency: 840,
      currency_code: "usd",
    })
    expect(out.data!.next_action).toEqual({
      type: "redirect",
      method: "POST",
      url: `${running.url}/pay/${seen.token}`,
      fields: { order: seen.token, lang: "en" },
    })
  })

  it("starts a card payment whose next step is the card form session", async () => {
    const { service } = makeService(PiastrixCardService, running, {
      payways: { card: { default: "h2h_card_rub" } },
    })
    const input = initiateInput()
    const out = await service.initiatePayment(input)
    const seen = paymentSeen(input.data.session_id)!
    expect(seen.payway).toBe("h2h_card_rub")
    expect(out.data!.next_action).toEqual({
      type: "card_form",
      h2h_session_id: seen.sessionId,
    })
    expect(JSON.stringify(out.data)).not.toContain(SECRET)
  })

  it("starts a bank transfer whose next step is the requisites", async () => {
    const { service } = makeService(PiastrixBankTransferService, running)
    const input = initiateInput({ payway: "h2h_sbp_rub" })
    const out = await service.initiatePayment(input)
    expect(paymentSeen(input.data.session_id)!.payway).toBe("h2h_sbp_rub")
    expect(out.data).toMatchObject({
      kind: "bank_transfer",
      payway: "h2h_sbp_rub",
      next_action: { type: "bank_transfer" },
    })
  })

  it("rounds a Medusa total with extra decimals half up to the currency's digits", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput(
      { payway: "card_rub" },
      { amount: { value: "100.005", precision: 20 } }
    )
    const out = await service.initiatePayment(input)
    expect(out.data!.amount).toBe("100.01")
    expect(paymentSeen(input.data.session_id)!.amount).toBe("100.01")
  })

  it("overwrites keys the storefront injected into the session data", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput({
      payway: "card_rub",
      state: "paid",
      amount: "1.00",
      notification: { forged: true },
      next_action: { type: "redirect", url: "https://evil.example" },
      admin_note: "<script>",
    })
    const out = await service.initiatePayment(input)
    expect(out.data).toMatchObject({
      state: "pending",
      amount: "1250.50",
      notification: null,
    })
    expect((out.data!.next_action as { url: string }).url).toContain(
      running.url
    )
    expect(out.data!.admin_note).toBeNull()
  })

  it("takes the e-mail of the signed-in customer when the storefront sends none", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    const input = initiateInput(
      { payway: "card_rub", email: undefined },
      { customerEmail: "buyer@example.com" }
    )
    const out = await service.initiatePayment(input)
    expect(out.data!.email).toBe("buyer@example.com")
    expect(paymentSeen(input.data.session_id)!.email).toBe("buyer@example.com")
  })

  it("answers 400 asking for an e-mail when neither the data nor the customer has one", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(
        initiateInput({ payway: "card_rub", email: undefined })
      ),
      "email"
    )
  })

  it("starts a wallet payment without an e-mail: /bill/create takes none", async () => {
    const { service } = makeService(PiastrixWalletService, running)
    const out = await service.initiatePayment(
      initiateInput({ email: undefined })
    )
    expect(out.data).toMatchObject({
      kind: "wallet",
      state: "pending",
      email: "",
    })
  })

  it("refuses a malformed e-mail, naming the field", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(
        initiateInput({ payway: "card_rub", email: "not-an-email" })
      ),
      "email"
    )
  })

  it("refuses a payway the shop has not enabled, naming payway", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(initiateInput({ payway: "nope_rub" })),
      "payway"
    )
  })

  it("refuses an inactive payway, naming payway", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(initiateInput({ payway: "yamoney_rub" })),
      "payway"
    )
  })

  it("refuses a payway of another currency, naming payway", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(initiateInput({ payway: "card_usd" })),
      "payway"
    )
  })

  it("refuses an amount below the payway's minimum, naming amount", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(
        initiateInput({ payway: "card_rub" }, { amount: 5 })
      ),
      "amount"
    )
  })

  it("refuses an amount above the payway's maximum, naming amount", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(
        initiateInput({ payway: "qiwi_rub" }, { amount: 20000 })
      ),
      "amount"
    )
  })

  it("refuses a payway outside the options' allow list, naming payway", async () => {
    const { service } = makeService(PiastrixRedirectService, running, {
      payways: { redirect: { allowed: ["card_rub"] } },
    })
    await expectInvalid(
      service.initiatePayment(initiateInput({ payway: "qiwi_rub" })),
      "payway"
    )
  })

  it("refuses a payway of another kind (a wallet direction for a card redirect)", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(
      service.initiatePayment(initiateInput({ payway: "piastrix_rub" })),
      "payway"
    )
  })

  it("asks for a payway when several could serve the payment", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await expectInvalid(service.initiatePayment(initiateInput()), "payway")
  })

  it("sends the return addresses with {session_id} filled in and the callback address", async () => {
    const { service } = makeService(PiastrixRedirectService, running, {
      backendUrl: "https://shop.example.com",
      successUrl: "https://store.example.com/ok/{session_id}",
      failedUrl: "https://store.example.com/failed/{session_id}",
    })
    const input = initiateInput({
      payway: "card_rub",
      failed_url: "https://store.example.com/retry",
    })
    await service.initiatePayment(input)
    const sessionId = input.data.session_id
    expect(paymentSeen(sessionId)!.urls).toEqual({
      success: `https://store.example.com/ok/${sessionId}`,
      failed: "https://store.example.com/retry",
      callback: "https://shop.example.com/hooks/piastrix",
      callbackRejected: "https://shop.example.com/hooks/piastrix",
    })
  })

  it("tells the storefront to start a new session when the payment exists but its reply was lost", async () => {
    const { service } = makeService(PiastrixRedirectService, running)
    await control(running, "POST", "/faults", {
      type: "drop_reply",
      path: "/invoice/create",
      times: 1,
    })
    const input = initiateInput({ payway: "card_rub" })
    const error = await service.initiatePayment(input).catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.message).toMatch(/start a new payment session/)
    // One payment at the service: the status endpoint was asked once, the create was not sent again.
    expect(
      running.sandbox.store.data.payments.filter(
        (p) => p.shopOrderId === input.data.session_id
      )
    ).toHaveLength(1)
    expect(await pollCount(running, input.data.session_id)).toBe(1)
  })

  it("creates the payment once more when the lost request never reached the service", async () => {
    const { service, logger } = makeService(PiastrixRedirectService, running)
    await control(running, "POST", "/faults", {
      type: "reset",
      path: "/invoice/create",
      times: 1,
    })
    const input = initiateInput({ payway: "card_rub" })
    const out = await service.initiatePayment(input)
    expect(logger.lines.some((l) => l.message.includes("lost its reply"))).toBe(
      true
    )
    // The service was asked whether the payment existed (once) before the create was sent again.
    expect(await pollCount(running, input.data.session_id)).toBe(1)
    const payments = running.sandbox.store.data.payments.filter(
      (p) => p.shopOrderId === input.data.session_id
    )
    expect(payments).toHaveLength(1)
    expect(out.data!.payment_id).toBe(String(payments[0].id))
  })
})
