import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import BigNumber from "bignumber.js"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { adminHeaders } from "../helpers/admin-api"
import {
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"
import { refundTransfers, sandboxControl, waitFor } from "../helpers/callbacks"
import { payOnPaymentPage } from "../helpers/payer"

jest.setTimeout(120000)

const PAYER_WALLET = "201494711279"

/** Refunds from the admin, against the sandbox: money moves back once, or the admin is told why not. */
piastrixIntegrationRunner(({ api, getContainer, sandbox, seed }) => {
  async function paidOrder(
    providerId: string,
    data: Record<string, unknown> = {}
  ) {
    const cart = await createCart(api, seed())
    const { session } = await startPaymentSession(
      api,
      seed(),
      cart,
      providerId,
      { email: cart.email, ...data }
    )
    await payOnPaymentPage(session.data, { payerAccount: PAYER_WALLET })
    const order = await waitFor(async () => {
      const o = await findOrderForCart(getContainer(), cart.id)
      return o?.payment_state === "captured" ? o : null
    })
    return {
      order,
      session,
      paymentId: order.payment_collections[0].payments[0].id as string,
    }
  }

  async function refund(paymentId: string, amount: number) {
    try {
      const res = await api.post(
        `/admin/payments/${paymentId}/refund`,
        { amount },
        await adminHeaders(getContainer())
      )
      return { status: res.status, body: res.data }
    } catch (err: any) {
      return { status: err.response.status as number, body: err.response.data }
    }
  }

  it("sends a wallet payment back to the payer's wallet once", async () => {
    const { session, paymentId } = await paidOrder(
      "pp_piastrix-wallet_piastrix"
    )
    const res = await refund(paymentId, 250.5)
    expect(res.status).toBe(200)
    const transfers = await refundTransfers(sandbox(), session.id)
    expect(transfers).toHaveLength(1)
    expect(JSON.stringify(transfers[0])).toContain(PAYER_WALLET)
    expect(JSON.stringify(transfers[0])).toContain("250.50")
  })

  it("moves money once per refund Medusa records when 5 refunds of one payment run at once", async () => {
    const { session, paymentId } = await paidOrder(
      "pp_piastrix-wallet_piastrix"
    )
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => refund(paymentId, 100))
    )
    const { data } = await api.get(
      `/admin/payments/${paymentId}?fields=*refunds`,
      await adminHeaders(getContainer())
    )
    const recorded = data.payment.refunds as { amount: number }[]
    const transfers = await refundTransfers(sandbox(), session.id)
    // Medusa answers 400 to some of them (its order change is busy) and may still record their refunds.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0)
    expect(recorded.length).toBeGreaterThanOrEqual(
      answers.filter((a) => a.status === 200).length
    )
    expect(transfers).toHaveLength(recorded.length)
    const sum = (values: BigNumber.Value[]) =>
      values.reduce<BigNumber>((a, v) => a.plus(v), new BigNumber(0)).toFixed(2)
    expect(sum(transfers.map((t) => t.writeOff))).toBe(
      sum(recorded.map((r) => r.amount))
    )
    expect(new Set(transfers.map((t) => t.shopPaymentId)).size).toBe(
      transfers.length
    )
  })

  it("moves the money once when the service's reply to the transfer is lost, and records the refund", async () => {
    const { session, paymentId } = await paidOrder(
      "pp_piastrix-wallet_piastrix"
    )
    const dropped = await sandboxControl(sandbox(), "POST", "faults", {
      type: "drop_reply",
      path: "/transfer/create",
      times: 1,
    })
    const res = await refund(paymentId, 100)
    // The fault fired: the transfer was made and its reply dropped ...
    const rules = (await sandboxControl(sandbox(), "GET", "faults")) as Array<{
      id: number
    }>
    expect(rules.find((r) => r.id === dropped.id)).toBeUndefined()
    // ... and the status endpoint, asked once, confirmed it: one transfer, one refund recorded.
    expect(res.status).toBe(200)
    const transfers = await refundTransfers(sandbox(), session.id)
    expect(transfers).toHaveLength(1)
    expect(transfers[0].writeOff).toBe("100.00")
    const { counts } = await sandboxControl(sandbox(), "GET", "polls")
    expect(counts[`payout:${transfers[0].shopPaymentId}`]).toBe(1)
    const { data } = await api.get(
      `/admin/payments/${paymentId}?fields=*refunds`,
      await adminHeaders(getContainer())
    )
    expect(
      data.payment.refunds.map((r: { amount: number }) => r.amount)
    ).toEqual([100])
  })

  it("asks about a transfer whose reply was lost once, through the polling limits, and says the outcome is unknown", async () => {
    const { session, paymentId } = await paidOrder(
      "pp_piastrix-wallet_piastrix"
    )
    await sandboxControl(sandbox(), "POST", "faults", {
      type: "drop_reply",
      path: "/transfer/create",
      times: 1,
    })
    const statusFault = await sandboxControl(sandbox(), "POST", "faults", {
      type: "http_error",
      status: 502,
      path: "/transfer/shop_payment_status",
      times: 2,
    })
    const first = await refund(paymentId, 100)
    const rules = (await sandboxControl(sandbox(), "GET", "faults")) as Array<{
      id: number
      remaining: number
    }>
    await sandboxControl(sandbox(), "DELETE", "faults")
    expect(first.status).toBe(400)
    expect(first.body.message).toMatch(/may or may not have been made/)
    // The status read was sent once (the fault answered it), not retried inside the payout window.
    expect(rules.find((r) => r.id === statusFault.id)?.remaining).toBe(1)
    const { counts } = await sandboxControl(sandbox(), "GET", "polls")
    const transfers = await refundTransfers(sandbox(), session.id)
    expect(transfers).toHaveLength(1)
    expect(counts[`payout:${transfers[0].shopPaymentId}`]).toBe(1)
    const { violations } = await sandboxControl(sandbox(), "GET", "violations")
    expect(violations).toEqual([])
  })

  describe("after a refund whose outcome stayed unknown", () => {
    /** A refund of 100 whose transfer was made but whose outcome Medusa never learned; Medusa dropped its refund. */
    async function unknownRefund() {
      const order = await paidOrder("pp_piastrix-wallet_piastrix")
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "drop_reply",
        path: "/transfer/create",
        times: 1,
      })
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "reset",
        path: "/transfer/shop_payment_status",
        times: 1,
      })
      const first = await refund(order.paymentId, 100)
      expect(first.status).toBe(400)
      expect(await sandboxControl(sandbox(), "GET", "faults")).toEqual([])
      // The admin retries after the transfer status's polling window (once a minute): the minute passes on
      // the sandbox's clock, and in the plugin's window, which the database's clock keeps (piastrix_poll).
      await sandboxControl(sandbox(), "POST", "clock/advance", { ms: 61_000 })
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          "update piastrix_poll set next_allowed_at = clock_timestamp() - interval '1 second' where id like '/transfer/shop_payment_status %'"
        )
      return order
    }

    it("a retry of the same amount records the transfer already made instead of paying again", async () => {
      const { session, paymentId } = await unknownRefund()
      const retried = await refund(paymentId, 100)
      expect(retried.status).toBe(200)
      const transfers = await refundTransfers(sandbox(), session.id)
      expect(transfers.map((t) => t.writeOff)).toEqual(["100.00"])
      const { data } = await api.get(
        `/admin/payments/${paymentId}?fields=*refunds`,
        await adminHeaders(getContainer())
      )
      expect(
        data.payment.refunds.map((r: { amount: number }) => r.amount)
      ).toEqual([100])
      const { violations } = await sandboxControl(
        sandbox(),
        "GET",
        "violations"
      )
      expect(violations).toEqual([])
    })

    it("a refund of another amount is refused, naming the amount that reached the payer", async () => {
      const { session, paymentId } = await unknownRefund()
      const other = await refund(paymentId, 40)
      expect(other.status).toBe(400)
      expect(other.body.message).toMatch(
        /earlier refund of 100\.00 reached the payer/
      )
      expect(await refundTransfers(sandbox(), session.id)).toHaveLength(1)
      const { data } = await api.get(
        `/admin/payments/${paymentId}?fields=*refunds`,
        await adminHeaders(getContainer())
      )
      expect(data.payment.refunds).toEqual([])
    })
  })

  it("refuses a refund the shop balance cannot cover, showing why, and records none", async () => {
    const { session, paymentId } = await paidOrder(
      "pp_piastrix-wallet_piastrix"
    )
    await sandboxControl(sandbox(), "POST", "balances", {
      currency: 643,
      available: "1.00",
    })
    const res = await refund(paymentId, 500)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/balance/i)
    expect(await refundTransfers(sandbox(), session.id)).toHaveLength(0)
    const { data } = await api.get(
      `/admin/payments/${paymentId}?fields=*refunds`,
      await adminHeaders(getContainer())
    )
    expect(data.payment.refunds).toEqual([])
  })

  it("refuses to refund a card payment (no refund API) with an explanation", async () => {
    const { paymentId } = await paidOrder("pp_piastrix_piastrix", {
      payway: "card_rub",
    })
    const res = await refund(paymentId, 100)
    expect(res.status).toBe(400)
    // Why (the service has no refund for this kind) and what the store owner can do (refunds.other).
    expect(res.body.message).toMatch(/no refund for redirect payments/)
    expect(res.body.message).toMatch(/refunds\.other/)
    const { data } = await api.get(
      `/admin/payments/${paymentId}?fields=*refunds`,
      await adminHeaders(getContainer())
    )
    expect(data.payment.refunds).toEqual([])
  })
})
