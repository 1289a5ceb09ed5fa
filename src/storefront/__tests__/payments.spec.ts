import Medusa from "@medusajs/js-sdk"
import { PROVIDER_IDENTIFIERS } from "../../lib/plugin/identity"
import {
  completeCart,
  directionsOf,
  listDirections,
  outstandingPaymentCollection,
  PAYMENT_KINDS,
  providerId,
  requisitesRetryMs,
  sessionStatus,
  startOrderPayment,
  startPayment,
  uploadReceipt,
  type StoreFetchInit,
  type StoreSdk,
} from ".."
import { direction } from "./fixtures"

/** A js-sdk stand-in that records each call and answers what the test gives it. */
function recordingSdk(
  answer: (path: string, init?: StoreFetchInit) => unknown
) {
  const calls: Array<{ path: string; init?: StoreFetchInit }> = []
  const sdk: StoreSdk = {
    client: {
      fetch: async <T>(path: string, init?: StoreFetchInit) => {
        calls.push({ path, init })
        return answer(path, init) as T
      },
    },
    store: {
      payment: {
        initiatePaymentSession: async (cart, body, _query, headers) => {
          calls.push({
            path: `initiatePaymentSession:${cart.id}`,
            init: { body, headers },
          })
          return answer("initiate", { body }) as never
        },
      },
    },
  }
  return { sdk, calls }
}

describe("storefront kit: store calls", () => {
  it("takes a real @medusajs/js-sdk client as its sdk", () => {
    const sdk: StoreSdk = new Medusa({
      baseUrl: "http://localhost:9000",
      publishableKey: "pk_test",
    })
    expect(typeof sdk.client.fetch).toBe("function")
  })

  it("names the provider of each kind as the plugin registers it", () => {
    expect(PAYMENT_KINDS.map((kind) => providerId(kind))).toEqual([
      "pp_piastrix-wallet_piastrix",
      "pp_piastrix_piastrix",
      "pp_piastrix-card_piastrix",
      "pp_piastrix-bank-transfer_piastrix",
    ])
    for (const kind of PAYMENT_KINDS) {
      expect(providerId(kind, "shop")).toBe(
        `pp_${PROVIDER_IDENTIFIERS[kind]}_shop`
      )
    }
  })

  it("asks for the directions of the cart, with the caller's headers", async () => {
    const { sdk, calls } = recordingSdk(() => ({ directions: {} }))
    await listDirections(sdk, "cart_1", {
      kind: "card",
      headers: { authorization: "Bearer t" },
    })
    expect(calls).toEqual([
      {
        path: "/store/piastrix/directions",
        init: {
          query: { cart_id: "cart_1", kind: "card" },
          headers: { authorization: "Bearer t" },
        },
      },
    ])
  })

  it("lists a kind's directions with the store's default first", () => {
    const answer = {
      directions: {
        redirect: [
          direction({ payway: "a" }),
          direction({ payway: "b", is_default: true }),
          direction({ payway: "c" }),
        ],
      },
    }
    expect(directionsOf(answer, "redirect").map((d) => d.payway)).toEqual([
      "b",
      "a",
      "c",
    ])
    expect(directionsOf(answer, "card")).toEqual([])
    expect(directionsOf(null, "card")).toEqual([])
  })

  it("starts a payment through initiatePaymentSession and returns the kind's session", async () => {
    const { sdk, calls } = recordingSdk(() => ({
      payment_collection: {
        id: "pay_col_1",
        payment_sessions: [
          {
            id: "payses_1",
            provider_id: "pp_piastrix-card_piastrix",
            data: {
              amount: "1250.50",
              currency_code: "rub",
              next_action: { type: "card_form", h2h_session_id: "h2h" },
            },
          },
        ],
      },
    }))
    const started = await startPayment(
      sdk,
      { id: "cart_1" },
      { kind: "card", payway: "card_rub", email: "", description: undefined }
    )
    expect(calls[0]).toEqual({
      path: "initiatePaymentSession:cart_1",
      init: {
        // The kind chooses the provider; empty and absent inputs are left out (the cart's e-mail is used).
        body: {
          provider_id: "pp_piastrix-card_piastrix",
          data: { payway: "card_rub" },
        },
        headers: undefined,
      },
    })
    expect(started).toEqual({
      session_id: "payses_1",
      provider_id: "pp_piastrix-card_piastrix",
      kind: "card",
      payment_collection_id: "pay_col_1",
      next_action: { type: "card_form", h2h_session_id: "h2h" },
      amount: "1250.50",
      currency_code: "rub",
    })
  })

  it("starts a payment with nothing to add exactly as Medusa's starter does: no `data`", async () => {
    const { sdk, calls } = recordingSdk(() => ({
      payment_collection: {
        id: "pay_col_1",
        payment_sessions: [
          { id: "payses_1", provider_id: "pp_piastrix-wallet_piastrix" },
        ],
      },
    }))
    await startPayment(sdk, { id: "cart_1" }, { kind: "wallet", email: "" })
    expect(calls[0].init).toEqual({
      body: { provider_id: "pp_piastrix-wallet_piastrix" },
      headers: undefined,
    })
  })

  it("says so when Medusa's answer has no session of the kind", async () => {
    const { sdk } = recordingSdk(() => ({
      payment_collection: { id: "pay_col_1", payment_sessions: [] },
    }))
    await expect(
      startPayment(sdk, { id: "cart_1" }, { kind: "wallet" })
    ).rejects.toThrow(/no pp_piastrix-wallet_piastrix session/)
  })

  it("starts again after a 409 conflict (another start of the collection was running), for a cart and for an order", async () => {
    const conflict = Object.assign(new Error("conflict"), { status: 409 })
    const started = {
      payment_collection: {
        id: "pay_col_1",
        payment_sessions: [
          { id: "payses_1", provider_id: "pp_piastrix-wallet_piastrix" },
        ],
      },
    }
    const answers = () => {
      const queue: unknown[] = [conflict, conflict, started]
      return () => {
        const next = queue.shift()
        if (next instanceof Error) {
          throw next
        }
        return next
      }
    }
    const cart = recordingSdk(answers())
    const payment = await startPayment(
      cart.sdk,
      { id: "cart_1" },
      { kind: "wallet" },
      { conflictRetryMs: [0, 0] }
    )
    expect(payment.session_id).toBe("payses_1")
    expect(cart.calls).toHaveLength(3)

    const order = recordingSdk(answers())
    await startOrderPayment(
      order.sdk,
      {
        id: "order_1",
        payment_collections: [{ id: "pay_col_1", status: "not_paid" }],
      },
      { kind: "wallet" },
      { conflictRetryMs: [0, 0] }
    )
    expect(order.calls).toHaveLength(3)

    const always = recordingSdk(() => {
      throw conflict
    })
    await expect(
      startPayment(
        always.sdk,
        { id: "cart_1" },
        { kind: "wallet" },
        { conflictRetryMs: [0] }
      )
    ).rejects.toBe(conflict)
    expect(always.calls).toHaveLength(2)
  })

  it("pays an order's outstanding collection with the order's e-mail", async () => {
    const order = {
      id: "order_1",
      email: "payer@example.com",
      payment_collections: [
        { id: "pay_col_paid", status: "completed" },
        { id: "pay_col_edit", status: "not_paid" },
      ],
    }
    expect(outstandingPaymentCollection(order)?.id).toBe("pay_col_edit")
    expect(
      outstandingPaymentCollection({
        payment_collections: [{ id: "x", status: "completed" }],
      })
    ).toBeNull()

    const { sdk, calls } = recordingSdk(() => ({
      payment_collection: {
        id: "pay_col_edit",
        payment_sessions: [
          {
            id: "payses_2",
            provider_id: "pp_piastrix-wallet_piastrix",
            data: {},
          },
        ],
      },
    }))
    const started = await startOrderPayment(sdk, order, { kind: "wallet" })
    expect(calls[0]).toEqual({
      path: "/store/payment-collections/pay_col_edit/payment-sessions",
      init: {
        method: "POST",
        body: {
          provider_id: "pp_piastrix-wallet_piastrix",
          data: { email: "payer@example.com" },
        },
        headers: undefined,
      },
    })
    expect(started.session_id).toBe("payses_2")
    await expect(
      startOrderPayment(sdk, { id: "order_2" }, { kind: "wallet" })
    ).rejects.toThrow(/nothing outstanding/)
  })

  it("uploads a receipt as multipart: js-sdk's JSON content type is removed", async () => {
    const { sdk, calls } = recordingSdk(() => ({ accepted: true }))
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: "image/png" })
    await uploadReceipt(sdk, "payses_1", file, { headers: { a: "b" } })
    const { init } = calls[0]
    expect(calls[0].path).toBe("/store/piastrix/sessions/payses_1/receipt")
    expect(init?.headers).toEqual({ a: "b", "content-type": null })
    expect((init?.body as FormData).get("file")).toBeInstanceOf(Blob)

    const form = new FormData()
    form.append("file", file)
    await uploadReceipt(sdk, "payses_1", form)
    expect(calls[1].init?.body).toBe(form)
  })

  it("asks the status with the cart (to learn the order's id), without it otherwise", async () => {
    const { sdk, calls } = recordingSdk(() => ({}))
    await sessionStatus(sdk, "payses_1", { cartId: "cart_1" })
    await sessionStatus(sdk, "payses_1")
    expect(calls.map((c) => c.init?.query)).toEqual([{ cart_id: "cart_1" }, {}])
  })

  it("reads a cart completion as the order's id or Medusa's reason", async () => {
    const order = recordingSdk(() => ({
      type: "order",
      order: { id: "order_1" },
    }))
    expect(await completeCart(order.sdk, "cart_1")).toEqual({
      order_id: "order_1",
      error: null,
    })
    expect(order.calls[0].path).toBe("/store/carts/cart_1/complete")
    const refused = recordingSdk(() => ({
      type: "cart",
      error: { message: "Payment authorization failed" },
    }))
    expect(await completeCart(refused.sdk, "cart_1")).toEqual({
      order_id: null,
      error: "Payment authorization failed",
    })
  })

  it("completes again after Medusa's 409 conflict (the attempt placed nothing), and throws any other failure at once", async () => {
    const conflict = Object.assign(new Error("conflict"), { status: 409 })
    const answers: unknown[] = [
      conflict,
      conflict,
      { type: "order", order: { id: "order_1" } },
    ]
    const retried = recordingSdk(() => {
      const next = answers.shift()
      if (next instanceof Error) {
        throw next
      }
      return next
    })
    expect(
      await completeCart(retried.sdk, "cart_1", { conflictRetryMs: [0, 0] })
    ).toEqual({ order_id: "order_1", error: null })
    expect(retried.calls).toHaveLength(3)

    const always = recordingSdk(() => {
      throw conflict
    })
    await expect(
      completeCart(always.sdk, "cart_1", { conflictRetryMs: [0, 0] })
    ).rejects.toBe(conflict)
    expect(always.calls).toHaveLength(3)

    const broken = Object.assign(new Error("broken"), { status: 500 })
    const once = recordingSdk(() => {
      throw broken
    })
    await expect(completeCart(once.sdk, "cart_1")).rejects.toBe(broken)
    expect(once.calls).toHaveLength(1)
  })

  it.each([
    ["at next_check_at", "2026-01-01T00:00:05.000Z", 5_000],
    ["at least a second", "2026-01-01T00:00:00.000Z", 1_000],
    ["at most 15 s", "2026-01-01T00:01:00.000Z", 15_000],
    ["10 s when unreadable", "soon", 10_000],
  ])("asks for requisites again %s", (_, next_check_at, ms) => {
    expect(
      requisitesRetryMs({ next_check_at }, Date.parse("2026-01-01T00:00:00Z"))
    ).toBe(ms)
  })
})
