import { piastrixIntegrationRunner } from "../helpers/runner"
import { adminHeaders } from "../helpers/admin-api"
import {
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
  storeHeaders,
} from "../helpers/store-api"
import {
  expectRejected,
  multipartForm,
  pngBytes,
} from "../helpers/store-routes"
import { sandboxControl, waitFor } from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"

jest.setTimeout(120000)

const BANK = "pp_piastrix-bank-transfer_piastrix"

/**
 * The order widget's bank transfer: the requisites the payer was given and the receipts they filed with
 * their review, through the admin route, against the sandbox (strict polling) over HTTP.
 */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  let headers: { headers: Record<string, string> }

  beforeEach(async () => {
    headers = await adminHeaders(getContainer())
  })

  afterEach(async () => {
    await sandboxControl(sandbox(), "POST", "reset")
  })

  const url = (orderId: string, sessionId: string) =>
    `/admin/piastrix/orders/${orderId}/payments/${sessionId}/bank-transfer`

  /** A bank-transfer order whose payer was given a card to transfer to. */
  async function bankTransferOrder() {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(api, seed(), cart, BANK, {
      email: cart.email,
      payway: "h2h_bank_rub",
    })
    await sandboxControl(
      sandbox(),
      "POST",
      `payments/${session.id}/requisites?by=order`,
      {}
    )
    const placed = await completeCart(api, seed(), cart.id)
    expect(placed.body.type).toBe("order")
    return { orderId: placed.body.order.id as string, sessionId: session.id }
  }

  it("shows the requisites and each receipt with its review, asking the service once inside the polling window", async () => {
    const { orderId, sessionId } = await bankTransferOrder()

    const before = await api.get(url(orderId, sessionId), headers)
    expect(before.data).toEqual({
      session_id: sessionId,
      requisites: expect.objectContaining({
        method: "bank",
        card: "2200000000000004",
        card_holder_name: "IVAN SANDBOXOV",
        amount: "1250.5",
        currency: "RUB",
        expired: expect.stringMatching(/^\d+(\.\d+)?$/),
      }),
      receipts: [],
      checked_at: expect.any(String),
      reused: expect.any(Boolean),
    })
    // The service's receipt API addresses stay on the server.
    expect(JSON.stringify(before.data)).not.toMatch(/api\/v1\/order/)

    // The payer files a receipt; support rejects it with a comment.
    const filed = await api.post(
      `/store/piastrix/sessions/${sessionId}/receipt`,
      multipartForm([
        {
          name: "file",
          filename: "check.png",
          type: "image/png",
          bytes: pngBytes(2048),
        },
      ]),
      storeHeaders(seed())
    )
    expect(filed.status).toBe(202)
    const { receipts } = sandbox().sandbox.store.data
    expect(receipts).toHaveLength(1)
    const pending = await api.get(url(orderId, sessionId), headers)
    expect(pending.data.receipts).toEqual([
      { id: receipts[0].id, status: "pending", comment: null },
    ])

    await sandboxControl(
      sandbox(),
      "POST",
      `receipts/${receipts[0].id}/status`,
      { status: "rejected", comment: "unreadable" }
    )
    const reviewed = await api.get(url(orderId, sessionId), headers)
    expect(reviewed.data.receipts).toEqual([
      { id: receipts[0].id, status: "rejected", comment: "unreadable" },
    ])
    expect(reviewed.data.reused).toBe(true)

    // Placing the order, three widget reads and an upload: one status poll, no violation.
    const { counts } = await sandboxControl(sandbox(), "GET", "polls")
    const polls = Object.entries(counts as Record<string, number>).filter(
      ([key]) => key.includes(sessionId)
    )
    expect(polls.reduce((sum, [, n]) => sum + n, 0)).toBe(1)
    const { violations } = await sandboxControl(sandbox(), "GET", "violations")
    expect(violations).toEqual([])
  })

  it("answers 502 with the reason when the service cannot be asked", async () => {
    const { orderId, sessionId } = await bankTransferOrder()
    await sandboxControl(sandbox(), "POST", "faults", {
      type: "http_error",
      path: "/api/v1/order/*",
      status: 500,
    })
    try {
      const failed = await expectRejected(
        api.get(url(orderId, sessionId), headers),
        502,
        /^Piastrix: /
      )
      expect(failed.data.type).toBe("service_unavailable")
    } finally {
      await sandboxControl(sandbox(), "DELETE", "faults")
    }
    const { violations } = await sandboxControl(sandbox(), "GET", "violations")
    expect(violations).toEqual([])
  })

  it("serves only a bank transfer of that order: 404 for another session, 400 for a wallet payment or a query", async () => {
    const { orderId } = await bankTransferOrder()
    await expectRejected(
      api.get(url(orderId, "payses_other"), headers),
      404,
      /^session_id: payses_other is not a Piastrix payment of order/
    )
    await expectRejected(
      api.get(`${url(orderId, "payses_other")}?limit=5`, headers),
      400,
      /limit/
    )

    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      "pp_piastrix-wallet_piastrix",
      { email: cart.email }
    )
    await payOnPaymentPage(session.data, { payerAccount: "201494711279" })
    const order = await waitFor(async () => {
      const o = await findOrderForCart(getContainer(), cart.id)
      return o?.payment_state === "captured" ? o : null
    })
    await expectRejected(
      api.get(url(order.id, session.id), headers),
      400,
      /^session_id: .* is a Piastrix wallet payment, not a bank transfer/
    )
  })
})
