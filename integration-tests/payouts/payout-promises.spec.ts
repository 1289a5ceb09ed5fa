import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { accrue } from "../../src/modules/piastrix/repositories/accruals"
import {
  claimPendingPayouts,
  getPayout,
} from "../../src/modules/piastrix/repositories/payouts"
import {
  createDuePayouts,
  sendPendingPayouts,
  syncPayoutsInFlight,
} from "../../src/modules/piastrix/repositories/runs"
import { type PayoutContext } from "../../src/modules/piastrix/utils/send"
import { type SqlDatabase } from "../../src/modules/piastrix/repositories/ledger"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import createPayoutsJob from "../../src/jobs/create-piastrix-payouts"
import releaseHoldsJob from "../../src/jobs/release-piastrix-holds"
import sendPayoutsJob from "../../src/jobs/send-piastrix-payouts"
import syncPayoutsJob from "../../src/jobs/sync-piastrix-payouts"
import { adminHeaders } from "../helpers/admin-api"
import { sandboxControl, waitFor } from "../helpers/callbacks"
import {
  aMinuteLater as aMinuteLaterFor,
  balancesOf,
  expectEachPayoutMadeOnce,
  expectPayoutInvariants,
} from "../helpers/payouts"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { refused } from "../helpers/store-routes"

/**
 * README promises about payouts that only a failure at the service, or an admin, can show: a suspended
 * recipient gets no payout, a payout the service reports oddly or no longer knows waits for a person and is
 * never paid again, an admin's retry of a lost create reads its status instead of paying twice, and
 * `PIASTRIX_PAYOUTS=off` stops the jobs. Each counted at the sandbox, whatever ids the plugin used.
 */

jest.setTimeout(240000)

const RUB = 643
const WALLET = "201494711279"
const CARD = "4111111111111111"

piastrixIntegrationRunner(
  ({ api, getContainer, sandbox }) => {
    let headers: { headers: Record<string, string> }
    let db: SqlDatabase
    let ctx: PayoutContext
    let serial = 0

    beforeEach(async () => {
      await sandboxControl(sandbox(), "POST", "reset")
      headers = await adminHeaders(getContainer())
      db = getContainer().resolve<SqlDatabase>(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      ctx = payoutContextOf(getContainer())
    })

    afterEach(async () => {
      await expectPayoutInvariants(db, sandbox())
    })

    /** A recipient made by the admin API, with `available` to pay out (an adjustment). */
    async function recipient(
      rail: "transfer" | "withdraw",
      available: string | null,
      overrides: Record<string, unknown> = {}
    ): Promise<string> {
      serial += 1
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        {
          name: `Promise vendor ${serial}`,
          email: `promise-vendor-${serial}@example.com`,
          rail,
          payway: rail === "withdraw" ? "card_rub" : null,
          account: rail === "withdraw" ? CARD : WALLET,
          currency: RUB,
          commission_percent: "10",
          hold_days: 0,
          schedule: "manual",
          ...overrides,
        },
        headers
      )
      const id = data.recipient.id as string
      if (available) {
        await api.post(
          `/admin/piastrix/recipients/${id}/adjustments`,
          {
            amount: available,
            reason: "payout promises suite: earnings",
            idempotency_key: `promises-${id}`,
          },
          headers
        )
      }
      return id
    }

    async function createPayout(recipientId: string) {
      const { data } = await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: recipientId },
        headers
      )
      return data.payout as { id: string; shop_payment_id: string }
    }

    const balances = (recipientId: string) => balancesOf(db, recipientId, RUB)
    const aMinuteLater = () => aMinuteLaterFor(sandbox(), db)
    /** The service's records of a payout say it debited `writeOff` (null: what it did debit). */
    const serviceReports = (shopPaymentId: string, writeOff: string | null) =>
      sandboxControl(sandbox(), "POST", `payouts/${shopPaymentId}/report`, {
        write_off: writeOff,
      })

    /** Requests that reached `path` naming `shopPaymentId`, whatever answered them. */
    async function requestsFor(path: string, shopPaymentId: string) {
      const { endpoints } = await sandboxControl(sandbox(), "GET", "requests")
      return (endpoints[path]?.shop_payment_id?.[shopPaymentId]?.total ??
        0) as number
    }

    const payoutRow = (id: string) =>
      getPayout(db, id).then((p) => ({
        status: p.status,
        last_error: p.last_error,
      }))

    it("gives a suspended recipient no new payout: 400 naming its state, and the create job passes it by", async () => {
      const id = await recipient("transfer", "700.00", { schedule: "daily" })
      await api.post(
        `/admin/piastrix/recipients/${id}`,
        { state: "suspended" },
        headers
      )
      const message = new RegExp(`^recipient_id: recipient ${id} is suspended`)
      expect(
        await refused(
          api.post("/admin/piastrix/payouts", { recipient_id: id }, headers)
        )
      ).toEqual({ status: 400, message: expect.stringMatching(message) })
      expect(
        await refused(
          api.post(
            "/admin/piastrix/payouts/quote",
            { recipient_id: id, all: true },
            headers
          )
        )
      ).toEqual({ status: 400, message: expect.stringMatching(message) })
      // Due by its schedule and its balance, but suspended: the scheduled run makes nothing for it.
      const due = await createDuePayouts(ctx)
      expect(due.filter((r) => r.payout?.recipient_id === id)).toEqual([])
      const listed = await api.get(
        `/admin/piastrix/payouts?recipient_id=${id}`,
        headers
      )
      expect(listed.data.count).toBe(0)
      expect(await balances(id)).toMatchObject({
        available: "700.00",
        in_flight: "0.00",
        paid: "0.00",
      })

      // Active again: paid once.
      await api.post(
        `/admin/piastrix/recipients/${id}`,
        { state: "active" },
        headers
      )
      const payout = await createPayout(id)
      await sendPendingPayouts(ctx)
      const paid = await getPayout(db, payout.id)
      expect(paid.status).toBe("succeeded")
      await expectEachPayoutMadeOnce(sandbox(), [paid], { createRequests: 1 })
    })

    it("leaves a payout the service reports debiting another amount needs_attention, its money in flight, never paid again", async () => {
      const id = await recipient("withdraw", "700.00")
      const payout = await createPayout(id)
      await sendPendingPayouts(ctx)
      expect((await getPayout(db, payout.id)).status).toBe("processing")

      await serviceReports(payout.shop_payment_id, "701.00")
      await aMinuteLater()
      await syncPayoutsInFlight(ctx)
      const attention = {
        status: "needs_attention",
        last_error: "the service debited 701 for a payout of 700.00",
      }
      expect(await payoutRow(payout.id)).toEqual(attention)
      expect(await balances(id)).toMatchObject({
        available: "0.00",
        in_flight: "700.00",
        paid: "0.00",
      })

      // Later runs leave it alone; an admin's retry reads the status again, which still disagrees.
      await aMinuteLater()
      await sendPendingPayouts(ctx)
      await syncPayoutsInFlight(ctx)
      expect(await payoutRow(payout.id)).toEqual(attention)
      const retried = await api.post(
        `/admin/piastrix/payouts/${payout.id}/retry`,
        {},
        headers
      )
      expect(retried.data.payout.status).toBe("processing")
      await aMinuteLater()
      await syncPayoutsInFlight(ctx)
      await sendPendingPayouts(ctx)
      expect(await payoutRow(payout.id)).toEqual(attention)
      expect(await balances(id)).toMatchObject({ in_flight: "700.00" })

      // At the service: one create, one withdraw, 700.00 debited; two status reads, one per sync that asked.
      await expectEachPayoutMadeOnce(
        sandbox(),
        [await getPayout(db, payout.id)],
        { createRequests: 1 }
      )
      expect(
        await requestsFor(
          "/withdraw/shop_payment_status",
          payout.shop_payment_id
        )
      ).toBe(2)
    })

    it("leaves a payout the service no longer knows needs_attention and never creates it again, even when the admin retries it", async () => {
      const id = await recipient("withdraw", "700.00")
      const payout = await createPayout(id)
      await sendPendingPayouts(ctx)
      expect(await getPayout(db, payout.id)).toMatchObject({
        status: "processing",
        service_id: expect.any(String),
      })

      await sandboxControl(
        sandbox(),
        "POST",
        `payouts/${payout.shop_payment_id}/forget`
      )
      await aMinuteLater()
      await syncPayoutsInFlight(ctx)
      const attention = {
        status: "needs_attention",
        last_error: expect.stringMatching(
          /^the service no longer knows payout/
        ),
      }
      expect(await payoutRow(payout.id)).toEqual(attention)

      // The admin retries at once: its status was read less than a minute ago, so the sync waits its minute.
      const reads = () =>
        requestsFor("/withdraw/shop_payment_status", payout.shop_payment_id)
      expect(await reads()).toBe(1)
      await api.post(`/admin/piastrix/payouts/${payout.id}/retry`, {}, headers)
      await syncPayoutsInFlight(ctx)
      expect(await reads()).toBe(1)
      await aMinuteLater()
      await syncPayoutsInFlight(ctx)
      await sendPendingPayouts(ctx)
      expect(await reads()).toBe(2)
      expect(await payoutRow(payout.id)).toEqual(attention)
      expect(await balances(id)).toMatchObject({
        available: "0.00",
        in_flight: "700.00",
        paid: "0.00",
      })
      // The service would have taken a second create under the id it forgot: none came.
      await expectEachPayoutMadeOnce(
        sandbox(),
        [await getPayout(db, payout.id)],
        { createRequests: 1 }
      )
    })

    it("pays a lost create the service made once when the admin retries it from needs_attention: only status reads after the loss", async () => {
      const id = await recipient("transfer", "700.00")
      const payout = await createPayout(id)
      // The transfer is made and its reply lost; the status read that follows fails too.
      for (const fault of [
        { type: "drop_reply", path: "/transfer/create" },
        {
          type: "http_error",
          status: 503,
          path: "/transfer/shop_payment_status",
        },
      ]) {
        await sandboxControl(sandbox(), "POST", "faults", {
          ...fault,
          times: 1,
        })
      }
      await sendPendingPayouts(ctx)
      expect(await sandboxControl(sandbox(), "GET", "faults")).toEqual([])
      expect(await getPayout(db, payout.id)).toMatchObject({
        status: "processing",
        service_id: null,
        last_error: expect.stringMatching(/^outcome unknown/),
      })

      // The next read finds it, with an amount the plugin cannot accept: a person has to look.
      await serviceReports(payout.shop_payment_id, "699.00")
      await aMinuteLater()
      await syncPayoutsInFlight(ctx)
      expect(await payoutRow(payout.id)).toEqual({
        status: "needs_attention",
        last_error: "the service debited 699 for a payout of 700.00",
      })

      // The service corrects its record; the admin retries.
      await serviceReports(payout.shop_payment_id, null)
      await api.post(`/admin/piastrix/payouts/${payout.id}/retry`, {}, headers)
      await aMinuteLater()
      await sendPendingPayouts(ctx)
      await syncPayoutsInFlight(ctx)
      const paid = await getPayout(db, payout.id)
      expect(paid).toMatchObject({
        status: "succeeded",
        service_id: expect.any(String),
      })
      expect(await balances(id)).toMatchObject({
        available: "0.00",
        in_flight: "0.00",
        paid: "700.00",
      })
      // One create in all (the lost one), then three status reads: the failed one, the odd one, the retry's.
      await expectEachPayoutMadeOnce(sandbox(), [paid], { createRequests: 1 })
      expect(
        await requestsFor("/transfer/shop_payment_status", paid.shop_payment_id)
      ).toBe(3)
    })

    it("lets a dead worker's claim on a payout lapse by itself after its lease, then pays the payout once", async () => {
      const payout = await createPayout(await recipient("transfer", "700.00"))
      // A worker claims the payout (the send run's own claim, with a lease of 3 s) and dies before sending it.
      const dead = await claimPendingPayouts(db, { limit: 10, leaseSeconds: 3 })
      expect(dead.map((p) => p.id)).toEqual([payout.id])
      const {
        rows: [{ claimed_until: leaseEnd }],
      } = await db.raw(
        `select claimed_until from piastrix_payout where id = ?`,
        [payout.id]
      )
      // While the lease holds, a live worker passes it by.
      expect(await sendPendingPayouts(ctx)).toEqual([])
      expect((await sandboxControl(sandbox(), "GET", "requests")).total).toBe(0)

      // Nothing releases it: a later run takes it once the lease ran out, by the database's clock.
      const [sent] = await waitFor(async () => {
        const taken = await sendPendingPayouts(ctx)
        return taken.length ? taken : null
      })
      expect(sent).toMatchObject({ id: payout.id, status: "succeeded" })
      const paid = await getPayout(db, payout.id)
      expect(paid.attempts).toBe(2)
      expect(new Date(paid.sent_at!).getTime()).toBeGreaterThanOrEqual(
        new Date(leaseEnd).getTime()
      )
      await expectEachPayoutMadeOnce(sandbox(), [paid], { createRequests: 1 })
    })

    it("runs none of the payout jobs while PIASTRIX_PAYOUTS=off, and all four once it is unset", async () => {
      // One thing for each job: a due recipient (create), a pending payout (send), a withdraw the service
      // settled (sync), a share whose hold elapsed (release).
      const due = await recipient("transfer", "700.00", { schedule: "daily" })
      const withdraw = await createPayout(await recipient("withdraw", "500.00"))
      await sendPendingPayouts(ctx)
      await sandboxControl(
        sandbox(),
        "POST",
        `payouts/${withdraw.shop_payment_id}/decide`,
        { status: 5 }
      )
      const pending = await createPayout(await recipient("transfer", "300.00"))
      await aMinuteLater()
      // A share whose hold has elapsed: accrued under a hold, which is then lifted (the ledger's dates are
      // the database's own), so only the release job moves it.
      const held = await recipient("transfer", null, { hold_days: 14 })
      await accrue(db, {
        key: `promises-held-${held}`,
        recipient_id: held,
        gross: "100.00",
        quantity: 1,
      })
      await db.raw(`update piastrix_recipient set hold_days = 0 where id = ?`, [
        held,
      ])

      const jobs = [
        createPayoutsJob,
        sendPayoutsJob,
        syncPayoutsJob,
        releaseHoldsJob,
      ]
      const state = async () => ({
        due: (
          await api.get(`/admin/piastrix/payouts?recipient_id=${due}`, headers)
        ).data.count,
        pending: (await getPayout(db, pending.id)).status,
        withdraw: (await getPayout(db, withdraw.id)).status,
        held: (await balances(held)).available,
      })
      const before = await state()
      expect(before).toEqual({
        due: 0,
        pending: "pending",
        withdraw: "processing",
        held: "0.00",
      })
      await sandboxControl(sandbox(), "DELETE", "requests")

      expect(process.env.PIASTRIX_PAYOUTS).toBe("off")
      for (const job of jobs) {
        await job(getContainer())
      }
      expect(await state()).toEqual(before)
      expect((await sandboxControl(sandbox(), "GET", "requests")).total).toBe(0)

      const saved = process.env.PIASTRIX_PAYOUTS
      delete process.env.PIASTRIX_PAYOUTS
      try {
        for (const job of jobs) {
          await job(getContainer())
        }
      } finally {
        process.env.PIASTRIX_PAYOUTS = saved
      }
      expect(await state()).toEqual({
        due: 1,
        pending: "succeeded",
        withdraw: "succeeded",
        held: "90.00",
      })
    })
  },
  { sandbox: { config: { timing: { payoutSettleMs: 3_600_000 } } } }
)
