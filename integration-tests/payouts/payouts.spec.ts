import BigNumber from "bignumber.js"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { openAccountFields } from "../../src/lib/payouts"
import {
  accrue,
  adjustBalance,
  releaseDueHolds,
  reverseAccrual,
} from "../../src/modules/piastrix/repositories/accruals"
import {
  applyOutcomes,
  approvePayout,
  createPayout,
  getPayout,
  markReturned,
  markSent,
  retryPayout,
  type Payout,
} from "../../src/modules/piastrix/repositories/payouts"
import {
  createDuePayouts,
  sendPendingPayouts,
  syncAllDuePayouts,
  syncPayoutsInFlight,
} from "../../src/modules/piastrix/repositories/runs"
import {
  ledgerBalances,
  type SqlDatabase,
} from "../../src/modules/piastrix/repositories/ledger"
import { type PayoutContext } from "../../src/modules/piastrix/utils/send"
import sendPayoutsJob from "../../src/jobs/send-piastrix-payouts"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { PIASTRIX_MODULE } from "../../src/modules/piastrix"
import type PiastrixModuleService from "../../src/modules/piastrix/service"
import { adminHeaders } from "../helpers/admin-api"
import { sandboxControl, waitFor } from "../helpers/callbacks"
import {
  aMinuteLater as aMinuteLaterFor,
  balancesOf,
  expectEachPayoutMadeOnce,
  expectPayoutInvariants,
  payoutsAtService,
} from "../helpers/payouts"
import { databaseUrlOf, holdTable } from "../helpers/db-hold"
import { piastrixIntegrationRunner } from "../helpers/runner"

jest.setTimeout(240000)

const RUB = 643
const WALLET = "201494711279"
const CARD = "4111111111111111"

type SandboxPayout = {
  id: number
  shopPaymentId: string
  type: string
  status: number
  writeOff: string
  payeeReceive: string
}

piastrixIntegrationRunner(
  ({ api, getContainer, sandbox }) => {
    let ctx: PayoutContext
    let db: SqlDatabase
    let serial = 0

    beforeEach(async () => {
      await sandboxControl(sandbox(), "POST", "reset")
      ctx = payoutContextOf(getContainer())
      db = getContainer().resolve<SqlDatabase>(
        ContainerRegistrationKeys.PG_CONNECTION
      )
    })

    afterEach(async () => {
      // Whatever a test did, the ledger sums to zero and no payout was polled too early.
      await expectPayoutInvariants(db, sandbox())
    })

    async function recipient(
      rail: "transfer" | "withdraw",
      overrides: Record<string, unknown> = {}
    ) {
      const piastrix =
        getContainer().resolve<PiastrixModuleService>(PIASTRIX_MODULE)
      serial += 1
      return piastrix.createPiastrixRecipients({
        name: `Vendor ${serial}`,
        email: `vendor${serial}@example.com`,
        rail,
        payway: rail === "withdraw" ? "card_rub" : null,
        account: rail === "withdraw" ? CARD : WALLET,
        currency: RUB,
        commission_percent: 10,
        hold_days: 0,
        schedule: "daily",
        ...overrides,
      } as never)
    }

    /** Accrues a sale of one item to a recipient with no hold: its share is available at once. */
    async function earned(recipientId: string, gross: string) {
      serial += 1
      return accrue(db, {
        key: `test:${recipientId}:${serial}`,
        recipient_id: recipientId,
        gross,
        quantity: 1,
        references: {
          order_id: `order_${serial}`,
          line_item_id: `item_${serial}`,
        },
      })
    }

    const balances = (recipientId: string) => balancesOf(db, recipientId, RUB)

    async function sandboxPayouts(ids: string[]): Promise<SandboxPayout[]> {
      const state = await sandboxControl(sandbox(), "GET", "state")
      return (state.payouts as SandboxPayout[]).filter((p) =>
        ids.includes(p.shopPaymentId)
      )
    }

    async function pollCount(shopPaymentId: string): Promise<number> {
      const { counts } = await sandboxControl(sandbox(), "GET", "polls")
      return (counts as Record<string, number>)[`payout:${shopPaymentId}`] ?? 0
    }

    const aMinuteLater = () => aMinuteLaterFor(sandbox(), db)

    /** The service pays these withdraws (status 5): the next status read says so. */
    async function paidAtService(payouts: Payout[]) {
      for (const p of payouts) {
        await sandboxControl(
          sandbox(),
          "POST",
          `payouts/${p.shop_payment_id}/decide`,
          { status: 5 }
        )
      }
    }

    /** The next withdraw status read is answered `ms` late (one read; the others answer at once). */
    async function nextStatusReadLate(ms: number) {
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "latency",
        path: "/withdraw/shop_payment_status",
        ms,
        times: 1,
      })
    }

    /** `n` withdraws of 900.00 made at the sandbox and in flight, one per new recipient. */
    async function withdrawsInFlight(n: number): Promise<Payout[]> {
      for (let i = 0; i < n; i++) {
        const r = await recipient("withdraw")
        await earned(r.id, "1000.00")
      }
      const payouts = (await createDuePayouts(ctx)).map((c) => c.payout!)
      expect(payouts).toHaveLength(n)
      await sendPendingPayouts(ctx)
      return payouts
    }

    /** What the ledger says each recipient was paid must be what the sandbox debited for it, to the cent. */
    async function expectLedgerAgreesWithSandbox(payouts: Payout[]) {
      const atSandbox = await sandboxPayouts(
        payouts.map((p) => p.shop_payment_id)
      )
      const paidAt = new Map<string, BigNumber>()
      for (const p of payouts) {
        const made = atSandbox.find(
          (s) => s.shopPaymentId === p.shop_payment_id && s.status === 5
        )
        paidAt.set(
          p.recipient_id,
          (paidAt.get(p.recipient_id) ?? new BigNumber(0)).plus(
            made?.writeOff ?? 0
          )
        )
      }
      for (const [recipientId, total] of paidAt) {
        expect((await balances(recipientId)).paid).toBe(total.toFixed(2))
      }
    }

    describe("the ledger", () => {
      it("makes a share payable as it accrues for a recipient with no hold, and keeps it held for one with a hold", async () => {
        const none = await recipient("transfer", { hold_days: 0 })
        const held = await recipient("transfer", { hold_days: 14 })
        for (const r of [none, held]) {
          await accrue(db, {
            key: `no-hold:${r.id}`,
            recipient_id: r.id,
            gross: "500.00",
            quantity: 1,
          })
        }
        expect(await balances(none.id)).toMatchObject({
          held: "0.00",
          available: "450.00",
        })
        expect(await balances(held.id)).toMatchObject({
          held: "450.00",
          available: "0.00",
        })
        // The release tick finds nothing left to do for either.
        expect(await releaseDueHolds(db)).toEqual([])
        expect(await ledgerBalances(db)).toMatchObject({ balanced: true })
      })

      it("posts once per key, balances after every posting, and never changes an entry", async () => {
        const r = await recipient("transfer", { hold_days: 14 })
        const input = {
          key: "fulfillment:ful_1:item_1",
          recipient_id: r.id,
          gross: "1000.00",
          quantity: 1,
        }
        const first = await accrue(db, input)
        const again = await accrue(db, input)
        expect(again).toEqual(
          expect.objectContaining({
            created: false,
            transaction_id: first.transaction_id,
          })
        )
        const { rows } = await db.raw(
          `select count(*)::int as n from piastrix_ledger_entry where transaction_id = ?`,
          [first.transaction_id]
        )
        expect(rows[0].n).toBe(3)
        await expect(
          accrue(db, { ...input, key: "bad", gross: "10.001" })
        ).rejects.toThrow(/gross/)
        expect(await balances(r.id)).toMatchObject({
          held: "900.00",
          available: "0.00",
        })
        expect(await ledgerBalances(db)).toMatchObject({ balanced: true })

        // Held for 14 days: nothing is released yet.
        expect(await releaseDueHolds(db)).toEqual([])
        // Once the hold elapsed, instances releasing at the same time release it once.
        await db.raw(
          `update piastrix_recipient set hold_days = 0 where id = ?`,
          [r.id]
        )
        const runs = await Promise.all([
          releaseDueHolds(db),
          releaseDueHolds(db),
          releaseDueHolds(db),
        ])
        expect(runs.flat()).toHaveLength(1)
        expect(await balances(r.id)).toMatchObject({
          held: "0.00",
          available: "900.00",
        })
        await expect(
          adjustBalance(db, {
            key: "adj:1",
            recipient_id: r.id,
            amount: "5.00",
            reason: " ",
          })
        ).rejects.toThrow(/reason/)
        await adjustBalance(db, {
          key: "adj:1",
          recipient_id: r.id,
          amount: "5.00",
          reason: "goodwill",
        })
        await adjustBalance(db, {
          key: "adj:1",
          recipient_id: r.id,
          amount: "5.00",
          reason: "goodwill",
        })
        expect(await balances(r.id)).toMatchObject({
          held: "0.00",
          available: "905.00",
        })

        await expect(
          db.raw(
            `update piastrix_ledger_entry set amount = 0 where transaction_id = ?`,
            [first.transaction_id]
          )
        ).rejects.toThrow(/immutable/)
        await expect(
          db.raw(`delete from piastrix_ledger_entry where transaction_id = ?`, [
            first.transaction_id,
          ])
        ).rejects.toThrow(/immutable/)
      })

      it("reverses a held sale from held, and a sale already paid out as a clawback the next payout nets", async () => {
        const held = await recipient("transfer", { hold_days: 14 })
        const sale = await accrue(db, {
          key: "sale:held",
          recipient_id: held.id,
          gross: "500.00",
          quantity: 1,
        })
        await reverseAccrual(db, {
          accrual_transaction_id: sale.transaction_id,
          reason: "refund",
        })
        await reverseAccrual(db, {
          accrual_transaction_id: sale.transaction_id,
          reason: "refund",
        })
        expect(await balances(held.id)).toMatchObject({
          held: "0.00",
          available: "0.00",
          clawback: "0.00",
        })

        const r = await recipient("transfer", { schedule: "manual" })
        const first = await earned(r.id, "1000.00")
        const payout1 = await createPayout(db, {
          recipient_id: r.id,
          approval_threshold: null,
        })
        await sendPendingPayouts(ctx)
        expect(await balances(r.id)).toMatchObject({
          available: "0.00",
          paid: "900.00",
        })
        const afterFirst = await payoutsAtService(sandbox())

        await reverseAccrual(db, {
          accrual_transaction_id: first.transaction_id,
          reason: "returned after payout",
        })
        expect(await balances(r.id)).toMatchObject({
          available: "0.00",
          clawback: "-900.00",
        })
        // Owing more than is available: nothing is paid.
        await earned(r.id, "500.00")
        expect(
          await createPayout(db, {
            recipient_id: r.id,
            approval_threshold: null,
          })
        ).toMatchObject({ payout: null })

        await earned(r.id, "2000.00")
        const payout2 = await createPayout(db, {
          recipient_id: r.id,
          approval_threshold: null,
        })
        expect(payout2.payout?.amount).toBe("1350.00")
        await sendPendingPayouts(ctx)
        // The second payout alone: one create, 1350.00 debited (the clawback netted, not paid and taken back).
        await expectEachPayoutMadeOnce(
          sandbox(),
          [await getPayout(db, payout2.payout!.id)],
          { since: afterFirst, createRequests: 1 }
        )
        expect(await balances(r.id)).toMatchObject({
          available: "0.00",
          clawback: "0.00",
          in_flight: "0.00",
          paid: "2250.00",
        })
        await expectLedgerAgreesWithSandbox([payout1.payout!, payout2.payout!])
        // Both: the service debited 900.00 + 1350.00.
        await expectEachPayoutMadeOnce(
          sandbox(),
          await Promise.all(
            [payout1, payout2].map((p) => getPayout(db, p.payout!.id))
          )
        )
      })
    })

    describe("payouts", () => {
      it("pays due balances by transfer and by withdraw, and the ledger agrees with the sandbox to the cent", async () => {
        const wallet = await recipient("transfer")
        const card = await recipient("withdraw")
        for (const r of [wallet, card]) {
          await earned(r.id, "1000.00")
          await earned(r.id, "333.33")
        }
        // Under its minimum: not due, and not even looked at.
        const small = await recipient("transfer", { minimum_payout: 5000 })
        await earned(small.id, "1000.00")
        const created = await createDuePayouts(ctx)
        expect(created).toHaveLength(2)
        const payouts = created.map((c) => c.payout!)
        expect(
          payouts.map((p) => [p.recipient_id, p.amount, p.status]).sort()
        ).toEqual(
          [
            [wallet.id, "1200.00", "pending"],
            [card.id, "1200.00", "pending"],
          ].sort()
        )
        // Written before anything was sent, with their ledger posting.
        expect(
          await sandboxPayouts(payouts.map((p) => p.shop_payment_id))
        ).toEqual([])
        expect(await balances(card.id)).toMatchObject({
          available: "0.00",
          in_flight: "1200.00",
        })

        await sendPendingPayouts(ctx)
        const transfer = await getPayout(
          db,
          payouts.find((p) => p.rail === "transfer")!.id
        )
        const withdraw = await getPayout(
          db,
          payouts.find((p) => p.rail === "withdraw")!.id
        )
        expect(transfer).toMatchObject({
          status: "succeeded",
          service_id: expect.any(String),
        })
        expect(withdraw).toMatchObject({
          status: "processing",
          service_id: expect.any(String),
        })
        // The fee quoted is what the recipient does not receive: the sandbox's write-off less the payee's amount.
        for (const p of [transfer, withdraw]) {
          const [made] = await sandboxPayouts([p.shop_payment_id])
          expect(new BigNumber(p.fee!).toFixed(2)).toBe(
            new BigNumber(made.writeOff).minus(made.payeeReceive).toFixed(2)
          )
          expect(new BigNumber(p.fee!).isGreaterThan(0)).toBe(true)
        }

        // The withdraw settles at the sandbox; the next sync, a minute later, records it.
        await sandboxControl(
          sandbox(),
          "POST",
          `payouts/${withdraw.shop_payment_id}/decide`,
          { status: 5 }
        )
        expect(await syncPayoutsInFlight(ctx)).toEqual([])
        await aMinuteLater()
        await syncPayoutsInFlight(ctx)
        expect(await getPayout(db, withdraw.id)).toMatchObject({
          status: "succeeded",
        })

        await expectLedgerAgreesWithSandbox(payouts)
        expect(await balances(wallet.id)).toMatchObject({
          available: "0.00",
          in_flight: "0.00",
          paid: "1200.00",
        })
        // Paid today: not due again before tomorrow.
        await earned(wallet.id, "100.00")
        expect(await createDuePayouts(ctx)).toEqual([])
        await expectEachPayoutMadeOnce(sandbox(), [
          await getPayout(db, transfer.id),
          await getPayout(db, withdraw.id),
        ])
      })

      it("waits for an admin above the approval threshold and while its recipient is suspended; a canceled payout's amount is available again", async () => {
        const piastrix =
          getContainer().resolve<PiastrixModuleService>(PIASTRIX_MODULE)
        // The store owner sets the threshold in the admin (Settings → Piastrix); the payout run reads it.
        const saved = await api.post(
          "/admin/piastrix/settings",
          { settings: { "payouts.approvalThreshold": "500" } },
          await adminHeaders(getContainer())
        )
        expect(saved.status).toBe(200)
        const r = await recipient("transfer")
        await earned(r.id, "1000.00")
        const [{ payout: first }] = await createDuePayouts(ctx)
        expect(first).toMatchObject({
          status: "awaiting_approval",
          amount: "900.00",
        })
        expect(await sendPendingPayouts(ctx)).toEqual([])
        await piastrix.cancelPayout(first!.id, "wrong account")
        expect(await getPayout(db, first!.id)).toMatchObject({
          status: "canceled",
          rejected_reason: "wrong account",
        })
        expect(await balances(r.id)).toMatchObject({
          available: "900.00",
          in_flight: "0.00",
        })

        const [{ payout }] = await createDuePayouts(ctx)
        await approvePayout(db, payout!.id)
        // A suspended recipient's payout waits.
        await piastrix.updatePiastrixRecipients({
          id: r.id,
          state: "suspended",
        } as never)
        expect(await sendPendingPayouts(ctx)).toEqual([])
        await piastrix.updatePiastrixRecipients({
          id: r.id,
          state: "active",
        } as never)
        await sendPendingPayouts(ctx)
        expect(await getPayout(db, payout!.id)).toMatchObject({
          status: "succeeded",
        })
        // The canceled payout never reached the service; the approved one was made once.
        await expectEachPayoutMadeOnce(sandbox(), [
          await getPayout(db, payout!.id),
        ])
      })

      it("returns a rejected withdraw's amount to available with the reason", async () => {
        const refused = await recipient("withdraw", {
          account: "4000000000000002",
        })
        const unknown = await recipient("withdraw", {
          account: "4000000000000010",
        })
        const declined = await recipient("withdraw")
        for (const r of [refused, unknown, declined]) {
          await earned(r.id, "1000.00")
        }
        await sandboxControl(sandbox(), "POST", "accounts/4000000000000002", {
          provider_status: 1,
          result: false,
        })
        await sandboxControl(sandbox(), "POST", "accounts/4000000000000010", {
          provider_status: 2,
          result: false,
        })
        const payouts = (await createDuePayouts(ctx)).map((c) => c.payout!)
        const of = (r: { id: string }) =>
          payouts.find((p) => p.recipient_id === r.id)!
        await sendPendingPayouts(ctx)

        expect(await getPayout(db, of(refused).id)).toMatchObject({
          status: "rejected",
          rejected_reason: expect.stringMatching(/refused the account/),
        })
        expect(await balances(refused.id)).toMatchObject({
          available: "900.00",
          in_flight: "0.00",
        })
        // Provider status 2: the check's result is unknown, so the payout waits and is tried again.
        expect(await getPayout(db, of(unknown).id)).toMatchObject({
          status: "pending",
          last_error: expect.stringMatching(/unknown/),
        })

        // The check answers now: a later run sends it.
        await sandboxControl(sandbox(), "POST", "accounts/4000000000000010", {
          provider_status: 1,
          result: true,
        })
        await sendPendingPayouts(ctx)
        expect(await getPayout(db, of(unknown).id)).toMatchObject({
          status: "processing",
          service_id: expect.any(String),
        })

        await sandboxControl(
          sandbox(),
          "POST",
          `payouts/${of(declined).shop_payment_id}/decide`,
          {
            status: 6,
            rejected_reason: "Card blocked by the issuer",
          }
        )
        await aMinuteLater()
        await syncPayoutsInFlight(ctx)
        expect(await getPayout(db, of(declined).id)).toMatchObject({
          status: "rejected",
          rejected_reason: "Card blocked by the issuer",
        })
        expect(await balances(declined.id)).toMatchObject({
          available: "900.00",
          in_flight: "0.00",
          paid: "0.00",
        })
        const { rows } = await db.raw(
          `select reason from piastrix_ledger_entry where payout_id = ? and kind = 'payout_returned'`,
          [of(declined).id]
        )
        expect(rows.map((r: { reason: string }) => r.reason)).toEqual([
          "Card blocked by the issuer",
          "Card blocked by the issuer",
        ])
        // The refused account was never sent; the declined withdraw's money came back, the other is frozen.
        await expectEachPayoutMadeOnce(sandbox(), [
          await getPayout(db, of(unknown).id),
          await getPayout(db, of(declined).id),
        ])
      })

      it("leaves a payout pending with the reason when the shop balance is short, and pays it on a later run", async () => {
        const r = await recipient("transfer")
        await earned(r.id, "1000.00")
        const [{ payout }] = await createDuePayouts(ctx)
        await sandboxControl(sandbox(), "POST", "balances", {
          currency: RUB,
          available: "100.00",
        })
        await sendPendingPayouts(ctx)
        expect(await getPayout(db, payout!.id)).toMatchObject({
          status: "pending",
          last_error: expect.stringMatching(/insufficient shop balance/),
        })
        expect(await balances(r.id)).toMatchObject({
          in_flight: "900.00",
          paid: "0.00",
        })

        await sandboxControl(sandbox(), "POST", "balances", {
          currency: RUB,
          available: "5000.00",
        })
        await sendPendingPayouts(ctx)
        expect(await getPayout(db, payout!.id)).toMatchObject({
          status: "succeeded",
        })
        await expectLedgerAgreesWithSandbox([payout!])
        // Two creates reached the service under the payout's one id, and the refused one moved nothing.
        const seen = await payoutsAtService(sandbox())
        expect({
          creates: seen.creates,
          made: seen.made.map((p) => p.shop_payment_id),
          transfers: seen.transfers,
          debited: seen.debited,
        }).toEqual({
          creates: { [payout!.shop_payment_id]: { total: 2, handled: 2 } },
          made: [payout!.shop_payment_id],
          transfers: 1,
          debited: "900.00",
        })
      })

      it("makes each of 50 payouts exactly once when a third of the creates fail, and the process dies after one", async () => {
        const recipients = []
        for (let i = 0; i < 50; i++) {
          const r = await recipient(i % 2 ? "withdraw" : "transfer")
          await earned(r.id, `${1000 + i}.00`)
          recipients.push(r)
        }
        const payouts = (await createDuePayouts(ctx)).map((c) => c.payout!)
        expect(payouts).toHaveLength(50)

        // Killed between sending a create and recording its answer: the service made it, we know nothing.
        const crashed = payouts.find((p) => p.rail === "transfer")!
        await markSent(db, crashed.id)
        await ctx.client.transferCreate({
          amount: crashed.amount,
          amount_type: "writeoff_amount",
          // The account as the plugin sends it: opened from the payout's encrypted copy.
          payee_account: openAccountFields(
            ctx.cipher,
            crashed.recipient_id,
            crashed
          ).account,
          payee_currency: RUB,
          shop_currency: RUB,
          shop_payment_id: crashed.shop_payment_id,
        })

        for (const path of ["/transfer/create", "/withdraw/create"]) {
          await sandboxControl(sandbox(), "POST", "faults", {
            type: "drop_reply",
            path,
            times: 3,
          })
          await sandboxControl(sandbox(), "POST", "faults", {
            type: "http_error",
            status: 503,
            path,
            times: 3,
          })
          await sandboxControl(sandbox(), "POST", "faults", {
            type: "reset",
            path,
            times: 3,
          })
        }
        const ids = payouts.map((p) => p.id)
        const states = async () =>
          Promise.all(ids.map((id) => getPayout(db, id)))
        for (let round = 0; round < 8; round++) {
          await sendPendingPayouts(ctx, { limit: 100 })
          await syncPayoutsInFlight(ctx, { batchSize: 100 })
          if (
            (await states()).every(
              (p) => p.status === "succeeded" || p.status === "rejected"
            )
          ) {
            break
          }
          await aMinuteLater()
        }

        // Every fault hit a create: 18 of the 50 payouts' creates failed.
        expect(await sandboxControl(sandbox(), "GET", "faults")).toEqual([])
        const final = await states()
        expect(
          final.filter(
            (p) => p.status !== "succeeded" && p.status !== "rejected"
          )
        ).toEqual([])
        const atSandbox = await sandboxPayouts(
          final.map((p) => p.shop_payment_id)
        )
        expect(atSandbox).toHaveLength(50)
        expect(new Set(atSandbox.map((p) => p.shopPaymentId)).size).toBe(50)
        for (const p of final) {
          const made = atSandbox.find(
            (s) => s.shopPaymentId === p.shop_payment_id
          )!
          expect([p.id, made.status]).toEqual([
            p.id,
            p.status === "succeeded" ? 5 : 6,
          ])
          expect(made.writeOff).toBe(new BigNumber(p.amount).toFixed(2))
        }
        await expectLedgerAgreesWithSandbox(final)
        // At the service, unfiltered: 50 payouts made under the shop's 50 ids and no other, the balance
        // debited their sum. A create answered by a 503 or a reset (12) was sent once more, after a status
        // read said it was never made; a dropped reply (6) was made, so it was never sent again.
        await expectEachPayoutMadeOnce(sandbox(), final, {
          createRequests: 50 + 12,
        })
      })

      it("keeps two workers' send jobs, both at their claim at once, from sending one payout twice", async () => {
        const recipients = []
        for (let i = 0; i < 4; i++) {
          const r = await recipient("transfer")
          await earned(r.id, "1000.00")
          recipients.push(r)
        }
        const created = (await createDuePayouts(ctx)).flatMap((c) =>
          c.payout ? [c.payout] : []
        )
        expect(created).toHaveLength(4)
        // The payout table held against writes: each job stops at its claim, the first statement of a send.
        const hold = await holdTable(await databaseUrlOf(db), "piastrix_payout")
        let jobs: Promise<unknown>
        const saved = process.env.PIASTRIX_PAYOUTS
        delete process.env.PIASTRIX_PAYOUTS
        try {
          // Two workers' ticks of the job itself (the job reads PIASTRIX_PAYOUTS as it starts).
          jobs = Promise.all([
            sendPayoutsJob(getContainer()),
            sendPayoutsJob(getContainer()),
          ])
        } finally {
          process.env.PIASTRIX_PAYOUTS = saved
        }
        try {
          // Both inside the job at once: two backends wait on the table with the claim.
          await waitFor(async () => {
            const claims = (await hold.waiting()).filter((b) =>
              /claimed_until = now\(\)/.test(b.query)
            )
            return claims.length === 2
          })
        } finally {
          await hold.release()
        }
        await jobs
        const final = await Promise.all(created.map((p) => getPayout(db, p.id)))
        expect(final.map((p) => p.status)).toEqual(Array(4).fill("succeeded"))
        // At the service: one create request per payout, none under another id, the four debited once
        // (a payout both workers claimed is still sent once: `markSent` moves it from pending only once).
        await expectEachPayoutMadeOnce(sandbox(), final, { createRequests: 4 })
        // And each payout was claimed by one of them (the claim's `for update skip locked`): once, quoted once.
        const { endpoints } = await sandboxControl(sandbox(), "GET", "requests")
        expect({
          attempts: final.map((p) => p.attempts),
          quotes: endpoints["/transfer/try"]?.total,
        }).toEqual({ attempts: Array(4).fill(1), quotes: 4 })
      })

      it("settles a payout once with one posting, however often its outcome is written (instances at once, a cancel or a rejection after it was made)", async () => {
        const r = await recipient("withdraw")
        await earned(r.id, "1000.00")
        const [{ payout }] = await createDuePayouts(ctx)
        await sendPendingPayouts(ctx)
        const sent = await getPayout(db, payout!.id)
        expect(sent.status).toBe("processing")
        const made = {
          payout: sent,
          outcome: { kind: "succeeded" as const, serviceId: sent.service_id! },
        }
        const written = await Promise.all([
          applyOutcomes(db, [made]),
          applyOutcomes(db, [made]),
          applyOutcomes(db, [made]),
        ])
        expect(written.flat().filter(Boolean)).toHaveLength(1)
        expect(
          await markReturned(db, sent, { status: "canceled", reason: "late" })
        ).toBeNull()
        expect(
          await markReturned(db, sent, { status: "rejected", reason: "late" })
        ).toBeNull()
        expect(await getPayout(db, sent.id)).toMatchObject({
          status: "succeeded",
          rejected_reason: null,
        })
        expect(await balances(r.id)).toMatchObject({
          available: "0.00",
          in_flight: "0.00",
          paid: "900.00",
        })
        const { rows } = await db.raw(
          `select kind, count(distinct transaction_id)::int as n from piastrix_ledger_entry
            where payout_id = ? group by kind order by kind`,
          [sent.id]
        )
        expect(rows).toEqual([
          { kind: "payout_created", n: 1 },
          { kind: "payout_succeeded", n: 1 },
        ])
      })

      it("reads a payout's status again only a minute after that read, not after its claim, when the reads of a batch ran late", async () => {
        const payouts = await withdrawsInFlight(2)
        // The service lost both: each read sends its payout to needs_attention, which keeps its next_poll_at.
        for (const p of payouts) {
          await sandboxControl(
            sandbox(),
            "POST",
            `payouts/${p.shop_payment_id}/forget`
          )
        }
        await aMinuteLater()
        // One read at a time, the first answered after 8 s: the second payout is read 8 s after the claim.
        await nextStatusReadLate(8000)
        await syncPayoutsInFlight(ctx, { concurrency: 1 })
        const reads = async () =>
          (await pollCount(payouts[0].shop_payment_id)) +
          (await pollCount(payouts[1].shop_payment_id))
        expect(await reads()).toBe(2)
        // The admin retries both at once; 55 s later (since the claim, for the database and the service), the
        // payout read 8 s after the claim is still inside its minute: neither is read.
        for (const p of payouts) {
          expect(await retryPayout(db, p.id)).toMatchObject({
            status: "processing",
          })
        }
        await sandboxControl(sandbox(), "POST", "clock/advance", {
          ms: 55_000,
        })
        await db.raw(
          `update piastrix_payout set next_poll_at = next_poll_at - interval '55 seconds' where id = any(?)`,
          [payouts.map((p) => p.id)]
        )
        await syncPayoutsInFlight(ctx, { concurrency: 1 })
        expect(await reads()).toBe(2)
        // Their minute over, both are read again (and still unknown to the service).
        await aMinuteLater()
        await syncPayoutsInFlight(ctx)
        expect(await reads()).toBe(4)
      })

      it("starts no status read late in a sync pass: a payout left unread keeps its claim until its lease lapses", async () => {
        const payouts = await withdrawsInFlight(2)
        await aMinuteLater()
        // One read at a time, the first answered after 3 s: past the pass's window of 1 s for starting reads.
        await nextStatusReadLate(3000)
        const first = await syncPayoutsInFlight(ctx, {
          concurrency: 1,
          readWindowMs: 1000,
        })
        expect(first.filter(Boolean)).toHaveLength(1)
        const unread = payouts.find(
          (p) => !first.some((done) => done?.id === p.id)
        )!
        expect(await pollCount(unread.shop_payment_id)).toBe(0)
        const { rows } = await db.raw(
          `select claimed_until > now() as held from piastrix_payout where id = ?`,
          [unread.id]
        )
        expect(rows).toEqual([{ held: true }])
        // Its lease lapsed and its minute over, the next pass reads it.
        await aMinuteLater()
        await db.raw(
          `update piastrix_payout set claimed_until = now() - interval '1 second' where id = ?`,
          [unread.id]
        )
        await syncPayoutsInFlight(ctx)
        expect(await pollCount(unread.shop_payment_id)).toBe(1)
      })

      it("syncs every due payout in one pass of small batches, each read once, and settles each with its posting", async () => {
        const payouts = await withdrawsInFlight(5)
        await paidAtService(payouts)
        await aMinuteLater()
        expect(await syncAllDuePayouts(ctx, { batchSize: 2 })).toBe(5)
        // Nothing is due any more: the next pass claims nothing.
        expect(await syncAllDuePayouts(ctx, { batchSize: 2 })).toBe(0)
        for (const p of payouts) {
          expect(await pollCount(p.shop_payment_id)).toBe(1)
          expect(await getPayout(db, p.id)).toMatchObject({
            status: "succeeded",
          })
          expect(await balances(p.recipient_id)).toMatchObject({
            in_flight: "0.00",
            paid: "900.00",
          })
        }
      })

      it("never sends a payout twice when three instances create, then send, then sync, each step at once", async () => {
        const recipients = []
        for (let i = 0; i < 6; i++) {
          const r = await recipient(i % 2 ? "withdraw" : "transfer")
          await earned(r.id, "1000.00")
          recipients.push(r)
        }
        const runs = await Promise.all([
          createDuePayouts(ctx),
          createDuePayouts(ctx),
          createDuePayouts(ctx),
        ])
        const payouts = runs.flat().flatMap((c) => (c.payout ? [c.payout] : []))
        // One payout per recipient, whichever run made it.
        expect(new Set(payouts.map((p) => p.recipient_id)).size).toBe(6)
        expect(payouts).toHaveLength(6)
        await Promise.all([
          sendPendingPayouts(ctx),
          sendPendingPayouts(ctx),
          sendPendingPayouts(ctx),
        ])
        const atSandbox = await sandboxPayouts(
          payouts.map((p) => p.shop_payment_id)
        )
        expect(atSandbox).toHaveLength(6)
        // Nobody met "not unique" and had to read a status: each create was sent once.
        for (const p of payouts) {
          expect(await pollCount(p.shop_payment_id)).toBe(0)
        }

        const withdraws = payouts.filter((p) => p.rail === "withdraw")
        await paidAtService(withdraws)
        await aMinuteLater()
        await Promise.all([
          syncPayoutsInFlight(ctx),
          syncPayoutsInFlight(ctx),
          syncPayoutsInFlight(ctx),
        ])
        for (const p of withdraws) {
          expect(await pollCount(p.shop_payment_id)).toBe(1)
        }
        const final = await Promise.all(payouts.map((p) => getPayout(db, p.id)))
        expect(final.map((p) => p.status)).toEqual(Array(6).fill("succeeded"))
        await expectLedgerAgreesWithSandbox(final)
        // Three senders at once, and the service saw six creates in all, one per payout.
        await expectEachPayoutMadeOnce(sandbox(), final, { createRequests: 6 })
      })
    })
  },
  { sandbox: { config: { timing: { payoutSettleMs: 120_000 } } } }
)
