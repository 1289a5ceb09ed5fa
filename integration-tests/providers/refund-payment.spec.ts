import BigNumber from "bignumber.js"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import type { RunningSandbox } from "../../sandbox/src"
import {
  type PiastrixSessionData,
  type SqlConnection,
} from "../../src/lib/plugin"
import { POLL_TABLE } from "../../src/modules/piastrix/repositories/postgres-poll-store"
import {
  REFUND_REGISTER_TABLE,
  type RefundRow,
} from "../../src/modules/piastrix/repositories/refund-register"
import { PiastrixRedirectService } from "../../src/providers/piastrix/services/piastrix-redirect"
import { PiastrixWalletService } from "../../src/providers/piastrix/services/piastrix-wallet"
import {
  control,
  initiateInput,
  makeService,
  startTestSandbox,
} from "../../src/providers/piastrix/__tests__/test-utils"
import { expectFaultsFired } from "../helpers/faults"
import { piastrixIntegrationRunner } from "../helpers/runner"

jest.setTimeout(60000)

/**
 * The provider's refundPayment against the store's real tables: the refund register's SQL (adoption of
 * an unknown transfer, the row that fixes a refund id's amount and payee) and Medusa's own `refund` table,
 * which decides whether an earlier transfer still has its Medusa refund. The refunds use ids Medusa never
 * stored, so every earlier unknown transfer counts as one whose Medusa refund is gone, as after a failed
 * refund. The provider talks to a sandbox of its own.
 */
piastrixIntegrationRunner(({ getContainer }) => {
  let running: RunningSandbox

  beforeAll(async () => {
    running = await startTestSandbox()
  })
  afterAll(async () => {
    await running.close()
  })
  afterEach(async () => {
    // A fault a test set up and that never fired would let it pass without the loss it names.
    await expectFaultsFired(running)
    await control(running, "DELETE", "/faults")
  })

  const database = () =>
    getContainer().resolve<SqlConnection>(
      ContainerRegistrationKeys.PG_CONNECTION
    )

  /** The register's rows of a payment, oldest first. */
  async function registered(sessionId: string): Promise<RefundRow[]> {
    const { rows } = await database().raw(
      `select * from ${REFUND_REGISTER_TABLE} where shop_order_id = ? order by created_at, id`,
      [sessionId]
    )
    return rows
  }

  /**
   * A minute passes for the polling guard's windows, which live in Postgres and run on its clock: the transfer
   * status (a payout status) may be asked once a minute.
   */
  async function afterPollingWindow() {
    await database().raw(
      `update ${POLL_TABLE}
        set next_allowed_at = next_allowed_at - interval '61 seconds',
            value_at = value_at - interval '61 seconds'`
    )
  }

  const PAYER = "201494711279"
  const raw = (value: string) => ({ value, precision: 20 })
  const available = () =>
    new BigNumber(running.sandbox.store.data.balances["643"].available)
  const transfersOf = (sessionId: string) =>
    running.sandbox.store.data.payouts.filter(
      (p) =>
        p.type === "transfer" && p.shopPaymentId.startsWith(`${sessionId}-`)
    )

  async function paidWallet(options = {}) {
    const { service, logger } = makeService(
      PiastrixWalletService,
      running,
      options,
      { cradle: { __pg_connection__: database() } }
    )
    const input = initiateInput({ payer_account: PAYER })
    const sessionId = input.data.session_id
    const created = await service.initiatePayment(input)
    await control(running, "POST", `/payments/${sessionId}/pay?by=order`, {
      payer_account: PAYER,
    })
    const authorized = await service.authorizePayment({ data: created.data })
    // Paid at the service: authorized, and captured once its order is placed (docs/architecture.md).
    expect(authorized.status).toBe("authorized")
    expect(authorized.data).toMatchObject({ state: "paid" })
    return { service, logger, sessionId, data: authorized.data! }
  }

  describe("refundPayment", () => {
    it("sends a wallet payment's refund back to the payer's wallet, once", async () => {
      const { service, sessionId, data } = await paidWallet()
      const before = available()
      const out = await service.refundPayment({
        amount: raw("500"),
        data,
        context: { idempotency_key: "ref_1" },
      })
      const transfers = transfersOf(sessionId)
      expect(transfers).toHaveLength(1)
      expect(transfers[0]).toMatchObject({
        account: PAYER,
        shopPaymentId: `${sessionId}-ref_1`,
        writeOff: "500.00",
      })
      expect(before.minus(available()).toFixed(2)).toBe("500.00")
      expect(out.data!.refunds).toEqual([
        expect.objectContaining({
          refund_id: "ref_1",
          shop_payment_id: `${sessionId}-ref_1`,
          amount: "500.00",
          mode: "transfer",
          state: "sent",
          transfer_id: String(transfers[0].id),
        }),
      ])
    })

    it("gives a second partial refund its own transfer", async () => {
      const { service, sessionId, data } = await paidWallet()
      const first = await service.refundPayment({
        amount: raw("100"),
        data,
        context: { idempotency_key: "ref_1" },
      })
      const second = await service.refundPayment({
        amount: raw("100"),
        data: first.data,
        context: { idempotency_key: "ref_2" },
      })
      expect(transfersOf(sessionId).map((t) => t.shopPaymentId)).toEqual([
        `${sessionId}-ref_1`,
        `${sessionId}-ref_2`,
      ])
      expect(second.data!.refunds).toHaveLength(2)
    })

    it("makes one transfer per refund when refunds of one payment run at once, each from the same data", async () => {
      const { service, sessionId, data } = await paidWallet()
      const before = available()
      const outs = await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          service.refundPayment({
            amount: raw("100"),
            data,
            context: { idempotency_key: `ref_c${n}` },
          })
        )
      )
      const transfers = transfersOf(sessionId)
      expect(transfers.map((t) => t.shopPaymentId).sort()).toEqual(
        [1, 2, 3, 4, 5].map((n) => `${sessionId}-ref_c${n}`)
      )
      expect(before.minus(available()).toFixed(2)).toBe("500.00")
      // Each answer lists its own transfer, and whichever Medusa stores last, the next refund lists all of them.
      outs.forEach((o, i) =>
        expect((o.data as PiastrixSessionData).refunds).toContainEqual(
          expect.objectContaining({ refund_id: `ref_c${i + 1}` })
        )
      )
      expect((await registered(sessionId)).map((r) => r.state)).toEqual([
        "sent",
        "sent",
        "sent",
        "sent",
        "sent",
      ])
      const next = await service.refundPayment({
        amount: raw("1"),
        data: outs[0].data,
        context: { idempotency_key: "ref_c6" },
      })
      expect(
        (next.data as PiastrixSessionData).refunds
          .map((r) => r.refund_id)
          .sort()
      ).toEqual([1, 2, 3, 4, 5, 6].map((n) => `ref_c${n}`))
    })

    it("moves no more money when Medusa asks again for a refund already sent", async () => {
      const { service, sessionId, data } = await paidWallet()
      const first = await service.refundPayment({
        amount: raw("100"),
        data,
        context: { idempotency_key: "ref_1" },
      })
      const again = await service.refundPayment({
        amount: raw("100"),
        data,
        context: { idempotency_key: "ref_1" },
      })
      expect(transfersOf(sessionId)).toHaveLength(1)
      const refundsOf = (out: { data?: unknown }) =>
        (out.data as PiastrixSessionData).refunds
      expect(refundsOf(again)).toEqual(
        refundsOf(first).map((r) => ({ ...r, at: expect.any(String) }))
      )
    })

    it("refuses another amount or another wallet for a refund id already sent, moving nothing more", async () => {
      const { service, sessionId, data } = await paidWallet()
      const before = available()
      await service.refundPayment({
        amount: raw("100"),
        data,
        context: { idempotency_key: "ref_1" },
      })
      const more = await service
        .refundPayment({
          amount: raw("200"),
          data,
          context: { idempotency_key: "ref_1" },
        })
        .catch((e) => e)
      expect(more).toBeInstanceOf(MedusaError)
      expect(more.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(more.message).toMatch(/ref_1 was started for 100\.00/)
      // The payee is read from the register (session data holds it masked): the wallet changes there.
      await database().raw(
        "update piastrix_payment set payer_account = ? where shop_order_id = ?",
        ["201400000001", sessionId]
      )
      const elsewhere = await service
        .refundPayment({
          amount: raw("100"),
          data,
          context: { idempotency_key: "ref_1" },
        })
        .catch((e) => e)
      expect(elsewhere).toBeInstanceOf(MedusaError)
      expect(elsewhere.message).toMatch(/ref_1 was started for 100\.00/)
      expect(transfersOf(sessionId)).toEqual([
        expect.objectContaining({ account: PAYER, writeOff: "100.00" }),
      ])
      expect(before.minus(available()).toFixed(2)).toBe("100.00")
    })

    it("does not transfer twice when the service's reply is lost", async () => {
      const { service, sessionId, data } = await paidWallet()
      const before = available()
      await control(running, "POST", "/faults", {
        type: "drop_reply",
        path: "/transfer/create",
        times: 1,
      })
      const out = await service.refundPayment({
        amount: raw("300"),
        data,
        context: { idempotency_key: "ref_1" },
      })
      // The create reached the service once and its reply was lost; the outcome came from a status read.
      const endpoints = running.sandbox.store.data.requests
      expect(
        endpoints["/transfer/create"].shop_payment_id[`${sessionId}-ref_1`]
      ).toMatchObject({ total: 1, unanswered: 1, faults: { drop_reply: 1 } })
      expect(
        endpoints["/transfer/shop_payment_status"].shop_payment_id[
          `${sessionId}-ref_1`
        ].handled
      ).toBeGreaterThanOrEqual(1)
      expect(transfersOf(sessionId)).toHaveLength(1)
      expect(before.minus(available()).toFixed(2)).toBe("300.00")
      expect(out.data!.refunds).toEqual([
        expect.objectContaining({
          state: "sent",
          shop_payment_id: `${sessionId}-ref_1`,
        }),
      ])
    })

    it("moves money once when a refund is retried after a reply lost beyond recovery", async () => {
      const { service, sessionId, data } = await paidWallet()
      const before = available()
      await control(running, "POST", "/faults", {
        type: "drop_reply",
        path: "/transfer/create",
        times: 1,
      })
      await control(running, "POST", "/faults", {
        type: "reset",
        path: "/transfer/shop_payment_status",
        times: 1,
      })
      const error = await service
        .refundPayment({
          amount: raw("250"),
          data,
          context: { idempotency_key: "ref_a" },
        })
        .catch((e) => e)
      expect(error).toBeInstanceOf(MedusaError)
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toMatch(/Try the refund again later/)
      expect(await registered(sessionId)).toEqual([
        expect.objectContaining({ refund_id: "ref_a", state: "unknown" }),
      ])

      // Medusa drops the failed refund and keeps the old data; the admin retries, which is a new Medusa refund.
      await control(running, "DELETE", "/faults")
      await afterPollingWindow()
      const retried = await service.refundPayment({
        amount: raw("250"),
        data,
        context: { idempotency_key: "ref_b" },
      })
      expect(transfersOf(sessionId)).toHaveLength(1)
      expect(before.minus(available()).toFixed(2)).toBe("250.00")
      expect(retried.data!.refunds).toEqual([
        expect.objectContaining({
          refund_id: "ref_b",
          state: "sent",
          shop_payment_id: `${sessionId}-ref_a`,
        }),
      ])
      expect(await registered(sessionId)).toEqual([
        expect.objectContaining({ refund_id: "ref_b", state: "sent" }),
      ])
    })

    it("refuses another amount while an earlier transfer that reached the payer has no refund in Medusa", async () => {
      const { service, sessionId, data } = await paidWallet()
      await control(running, "POST", "/faults", {
        type: "drop_reply",
        path: "/transfer/create",
        times: 1,
      })
      await control(running, "POST", "/faults", {
        type: "reset",
        path: "/transfer/shop_payment_status",
        times: 1,
      })
      await service
        .refundPayment({
          amount: raw("250"),
          data,
          context: { idempotency_key: "ref_a" },
        })
        .catch((e) => e)
      await control(running, "DELETE", "/faults")
      await afterPollingWindow()

      const error = await service
        .refundPayment({
          amount: raw("100"),
          data,
          context: { idempotency_key: "ref_b" },
        })
        .catch((e) => e)
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toMatch(
        /earlier refund of 250\.00 reached the payer/
      )
      expect(transfersOf(sessionId)).toHaveLength(1)
    })

    it("sends another amount once the service says the earlier unknown transfer was never made", async () => {
      const { service, sessionId, data } = await paidWallet()
      await control(running, "POST", "/faults", {
        type: "http_error",
        status: 502,
        path: "/transfer/create",
        times: 1,
      })
      await control(running, "POST", "/faults", {
        type: "reset",
        path: "/transfer/shop_payment_status",
        times: 1,
      })
      await service
        .refundPayment({
          amount: raw("250"),
          data,
          context: { idempotency_key: "ref_a" },
        })
        .catch((e) => e)
      await control(running, "DELETE", "/faults")
      await afterPollingWindow()

      await service.refundPayment({
        amount: raw("100"),
        data,
        context: { idempotency_key: "ref_b" },
      })
      expect(transfersOf(sessionId).map((t) => t.writeOff)).toEqual(["100.00"])
      expect(
        (await registered(sessionId)).map((r) => [r.refund_id, r.state])
      ).toEqual([
        ["ref_a", "void"],
        ["ref_b", "sent"],
      ])
    })

    it("never takes a transfer with another amount under the refund's id for a success", async () => {
      const { service, sessionId, data } = await paidWallet()
      const { service: other } = makeService(
        PiastrixWalletService,
        running,
        {},
        { cradle: { __pg_connection__: database() } }
      )
      await (other as any).client_.transferCreate({
        amount: "1.00",
        amount_type: "writeoff_amount",
        payee_account: PAYER,
        payee_currency: 643,
        shop_currency: 643,
        shop_payment_id: `${sessionId}-ref_x`,
      })
      const error = await service
        .refundPayment({
          amount: raw("100"),
          data,
          context: { idempotency_key: "ref_x" },
        })
        .catch((e) => e)
      expect(error).toBeInstanceOf(MedusaError)
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toMatch(
        /not this refund \(it moved 1(\.00)?, this refund is 100\.00\)/
      )
      expect(await registered(sessionId)).toEqual([
        expect.objectContaining({ refund_id: "ref_x", state: "mismatch" }),
      ])
      expect(transfersOf(sessionId)).toHaveLength(1)
    })

    it("refuses with the reason when the shop balance cannot cover the refund", async () => {
      const { service, sessionId, data } = await paidWallet()
      await control(running, "POST", "/balances", {
        currency: 643,
        available: "10.00",
      })
      try {
        const error = await service
          .refundPayment({ amount: raw("500"), data })
          .catch((e) => e)
        expect(error).toBeInstanceOf(MedusaError)
        expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
        expect(error.message).toMatch(/insufficient/)
        expect(transfersOf(sessionId)).toHaveLength(0)
      } finally {
        await control(running, "POST", "/balances", {
          currency: 643,
          available: "1000000.00",
        })
      }
    })

    it("sends the refund to the wallet the register keeps whole, never to the masked one in session data", async () => {
      const { service, sessionId, data } = await paidWallet()
      expect(data.payer_account).toBe("20••••••1279")
      await service.refundPayment({
        amount: raw("5"),
        data,
        context: { idempotency_key: "ref_masked" },
      })
      expect(transfersOf(sessionId)).toEqual([
        expect.objectContaining({ account: PAYER }),
      ])
    })

    it("refuses a wallet refund when the payer's wallet is unknown", async () => {
      const { service, sessionId, data } = await paidWallet()
      await database().raw(
        "update piastrix_payment set payer_account = null where shop_order_id = ?",
        [sessionId]
      )
      const error = await service
        .refundPayment({
          amount: raw("5"),
          data: { ...data, payer_account: null },
        })
        .catch((e) => e)
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toMatch(/wallet account is unknown/)
    })

    it("records a manual wallet refund when refunds.wallet is manual, moving no money", async () => {
      const { service, sessionId, data } = await paidWallet({
        refunds: { wallet: "manual" },
      })
      const out = await service.refundPayment({ amount: raw("50"), data })
      expect(transfersOf(sessionId)).toHaveLength(0)
      expect(out.data!.refunds).toEqual([
        expect.objectContaining({
          mode: "manual",
          state: "manual_required",
          amount: "50.00",
        }),
      ])
    })

    it("refuses a card payment's refund by default, saying why and what to do", async () => {
      const { service } = makeService(
        PiastrixRedirectService,
        running,
        {},
        { cradle: { __pg_connection__: database() } }
      )
      const created = await service.initiatePayment(
        initiateInput({ payway: "card_rub" })
      )
      const error = await service
        .refundPayment({ amount: raw("10"), data: created.data! })
        .catch((e) => e)
      expect(error).toBeInstanceOf(MedusaError)
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toMatch(/no refund for redirect payments/)
      expect(error.message).toMatch(/refunds\.other/)
    })

    it("records a manual refund for other kinds when refunds.other is manual", async () => {
      const { service, logger } = makeService(
        PiastrixRedirectService,
        running,
        { refunds: { other: "manual" } },
        { cradle: { __pg_connection__: database() } }
      )
      const created = await service.initiatePayment(
        initiateInput({ payway: "card_rub" })
      )
      const out = await service.refundPayment({
        amount: raw("10.5"),
        data: created.data!,
        context: { idempotency_key: "ref_9" },
      })
      expect(out.data!.refunds).toEqual([
        expect.objectContaining({
          refund_id: "ref_9",
          mode: "manual",
          state: "manual_required",
          amount: "10.50",
        }),
      ])
      expect(
        logger.lines.some(
          (l) => l.level === "warn" && l.message.includes("manual")
        )
      ).toBe(true)
    })
  })
})
