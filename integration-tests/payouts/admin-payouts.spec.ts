import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { openAccountFields } from "../../src/lib/payouts"
import {
  accrue,
  releaseDueHolds,
} from "../../src/modules/piastrix/repositories/accruals"
import { findRecipient } from "../../src/modules/piastrix/repositories/recipients"
import { localDateTime } from "../../src/modules/piastrix/repositories/statement"
import {
  getPayout,
  markNeedsAttention,
} from "../../src/modules/piastrix/repositories/payouts"
import {
  sendPendingPayouts,
  syncPayoutsInFlight,
} from "../../src/modules/piastrix/repositories/runs"
import { type SqlDatabase } from "../../src/modules/piastrix/repositories/ledger"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import {
  createPiastrixRecipientStep,
  updatePiastrixRecipientStep,
  type CreatePiastrixRecipientInput,
  type UpdatePiastrixRecipientInput,
} from "../../src/workflows/piastrix-payouts"
import { adminHeaders } from "../helpers/admin-api"
import { sandboxControl } from "../helpers/callbacks"
import {
  expectEachPayoutMadeOnce,
  expectPayoutInvariants,
} from "../helpers/payouts"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { refused } from "../helpers/store-routes"

jest.setTimeout(120000)

/** A step after the admin's change that fails: the change's compensation must undo it. */
const failLater = createStep("test-fail-after-recipient-change", async () => {
  throw new Error("a later step failed")
})
const createThenFail = createWorkflow(
  "test-create-recipient-then-fail",
  (input: CreatePiastrixRecipientInput) => {
    const recipient = createPiastrixRecipientStep(input)
    failLater()
    return new WorkflowResponse(recipient)
  }
)
const updateThenFail = createWorkflow(
  "test-update-recipient-then-fail",
  (input: UpdatePiastrixRecipientInput) => {
    const recipient = updatePiastrixRecipientStep(input)
    failLater()
    return new WorkflowResponse(recipient)
  }
)

const card = {
  name: "Card vendor",
  email: "card@example.com",
  rail: "withdraw",
  payway: "card_rub",
  account: "4111111111111111",
  currency: 643,
  commission_percent: "10",
  hold_days: 0,
  schedule: "manual",
}

piastrixIntegrationRunner(({ api, getContainer, sandbox }) => {
  let headers: { headers: Record<string, string> }
  let db: SqlDatabase

  beforeEach(async () => {
    await sandboxControl(sandbox(), "POST", "reset")
    headers = await adminHeaders(getContainer())
    db = getContainer().resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
  })

  afterEach(async () => {
    await expectPayoutInvariants(db, sandbox())
  })

  async function earned(
    recipientId: string,
    gross: string,
    key: string,
    orderId?: string
  ) {
    await accrue(db, {
      key,
      recipient_id: recipientId,
      gross,
      quantity: 1,
      references: orderId ? { order_id: orderId } : undefined,
    })
    await releaseDueHolds(db)
  }

  /** An order in the store, numbered by Medusa (`display_id`). */
  async function anOrder() {
    const [order] = await getContainer()
      .resolve(Modules.ORDER)
      .createOrders([{ currency_code: "rub", email: "buyer@example.com" }])
    return order as unknown as { id: string; display_id: number }
  }

  describe("recipients", () => {
    it.each([
      ["email", { email: "not-an-address" }],
      ["payway", { payway: undefined }],
      ["commission_percent", { commission_percent: "ten" }],
      ["commission_percent", { commission_percent: "150" }],
      ["hold_days", { hold_days: -1 }],
      ["schedule", { schedule: "hourly" }],
      ["currency", { currency: "RUB" }],
      ["extra", { extra: true }],
    ])("refuses a bad %s with 400 naming it", async (field, change) => {
      const result = await refused(
        api.post("/admin/piastrix/recipients", { ...card, ...change }, headers)
      )
      expect(result.status).toBe(400)
      expect(result.message).toContain(field)
    })

    it("refuses an account the payway's format refuses, naming the field", async () => {
      const result = await refused(
        api.post(
          "/admin/piastrix/recipients",
          { ...card, account: "12345" },
          headers
        )
      )
      expect(result).toEqual({
        status: 400,
        message: expect.stringMatching(/^account: does not match/),
      })
      const pln = await refused(
        api.post(
          "/admin/piastrix/recipients",
          { ...card, payway: "bank_pln", account: "PL" + "1".repeat(26) },
          headers
        )
      )
      expect(pln).toEqual({
        status: 400,
        message: expect.stringMatching(/^account_details\.holder: is required/),
      })
      const unknown = await refused(
        api.post(
          "/admin/piastrix/recipients",
          { ...card, payway: "nope_rub" },
          headers
        )
      )
      expect(unknown).toEqual({
        status: 400,
        message: expect.stringMatching(
          /^payway: nope_rub is not a payout direction/
        ),
      })
    })

    it("creates, lists, shows with balances and suspends a recipient; money as decimal strings", async () => {
      const created = await api.post(
        "/admin/piastrix/recipients",
        card,
        headers
      )
      expect(created.status).toBe(201)
      const recipient = created.data.recipient
      expect(recipient).toMatchObject({
        rail: "withdraw",
        commission_percent: "10",
        commission_fixed: "0.00",
        minimum_payout: "0.00",
        state: "active",
      })
      // Amounts with the currency's digits, as every other amount ("1250.50", never "1250.5").
      const changed = await api.post(
        `/admin/piastrix/recipients/${recipient.id}`,
        { commission_fixed: "1250.5", minimum_payout: "1000" },
        headers
      )
      const amounts = { commission_fixed: "1250.50", minimum_payout: "1000.00" }
      expect(changed.data.recipient).toMatchObject(amounts)
      const read = await api.get(
        `/admin/piastrix/recipients/${recipient.id}`,
        headers
      )
      expect(read.data.recipient).toMatchObject(amounts)
      const listed = await api.get("/admin/piastrix/recipients", headers)
      expect(listed.data.recipients[0]).toMatchObject(amounts)
      await api.post(
        `/admin/piastrix/recipients/${recipient.id}`,
        { commission_fixed: "0", minimum_payout: "0" },
        headers
      )

      await earned(recipient.id, "1000.00", "sale-1")
      const shown = await api.get(
        `/admin/piastrix/recipients/${recipient.id}`,
        headers
      )
      expect(shown.data.balances).toEqual({ available: "900.00", held: "0.00" })

      const list = await api.get("/admin/piastrix/recipients?limit=1", headers)
      expect(list.data).toMatchObject({
        count: 1,
        limit: 1,
        offset: 0,
        recipients: [expect.objectContaining({ id: recipient.id })],
      })

      const bad = await refused(
        api.post(
          `/admin/piastrix/recipients/${recipient.id}`,
          { account: "42" },
          headers
        )
      )
      expect(bad).toEqual({
        status: 400,
        message: expect.stringMatching(/^account:/),
      })
      const suspended = await api.post(
        `/admin/piastrix/recipients/${recipient.id}`,
        { state: "suspended" },
        headers
      )
      expect(suspended.data.recipient.state).toBe("suspended")
      expect(
        (
          await refused(
            api.get("/admin/piastrix/recipients/pxrcp_missing", headers)
          )
        ).status
      ).toBe(404)
    })

    it("pages a recipient's ledger and filters it by date", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        card,
        headers
      )
      const id = data.recipient.id
      await earned(id, "100.00", "sale-a")
      await earned(id, "200.00", "sale-b")
      const all = await api.get(
        `/admin/piastrix/recipients/${id}/ledger?limit=3`,
        headers
      )
      // The recipient's legs: held of each accrual, held and available of each release.
      expect(all.data.count).toBe(6)
      expect(all.data.entries).toHaveLength(3)
      const future = new Date(Date.now() + 3600_000).toISOString()
      const none = await api.get(
        `/admin/piastrix/recipients/${id}/ledger?created_after=${encodeURIComponent(future)}`,
        headers
      )
      expect(none.data).toMatchObject({ count: 0, entries: [] })
      const bad = await refused(
        api.get(
          `/admin/piastrix/recipients/${id}/ledger?created_after=yesterday`,
          headers
        )
      )
      expect(bad.status).toBe(400)
      expect(bad.message).toContain("created_after")
    })
    it("names an entry's order by its display number, beside its id and the payout it belongs to", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        card,
        headers
      )
      const id = data.recipient.id
      const order = await anOrder()
      await earned(id, "100.00", "ledger-order", order.id)
      const { data: made } = await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: id, amount: "50.00" },
        headers
      )
      const { entries } = (
        await api.get(`/admin/piastrix/recipients/${id}/ledger`, headers)
      ).data
      const sale = entries.filter((e: any) => e.kind === "accrual")
      expect(sale.length).toBeGreaterThan(0)
      for (const entry of sale) {
        expect(entry).toMatchObject({
          order_id: order.id,
          order: { id: order.id, display_id: order.display_id },
        })
      }
      // A hold's release names only the accrual it moves: its order is the accrual's.
      const released = entries.filter((e: any) => e.kind === "release")
      expect(released.length).toBeGreaterThan(0)
      for (const entry of released) {
        expect(entry).toMatchObject({
          order_id: null,
          order: { id: order.id, display_id: order.display_id },
        })
        expect(entry).not.toHaveProperty("for_order_id")
      }
      const payout = entries.find((e: any) => e.kind === "payout_created")
      // Its payout as the statement names it: the amount and when it was made, never an id alone.
      expect(payout).toMatchObject({
        payout_id: made.payout.id,
        payout: {
          id: made.payout.id,
          amount: made.payout.amount,
          created_at: made.payout.created_at,
        },
        order: null,
      })
      expect(payout).not.toHaveProperty("payout_amount")
      // The payouts page shows that one payout where the entry links to it.
      const one = await api.get(
        `/admin/piastrix/payouts?id=${made.payout.id}`,
        headers
      )
      expect(one.data.payouts.map((p: any) => p.id)).toEqual([made.payout.id])
      const bad = await refused(
        api.get("/admin/piastrix/payouts?id=order_1", headers)
      )
      expect(bad.status).toBe(400)
      expect(bad.message).toContain("id")
      await api.post(
        `/admin/piastrix/payouts/${made.payout.id}/cancel`,
        { reason: "test over" },
        headers
      )
    })

    it("undoes a recipient's creation or change when a later step of its workflow fails, the account encrypted again", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        card,
        headers
      )
      const before = (await findRecipient(db, data.recipient.id))!
      const changed = await updateThenFail(getContainer()).run({
        input: {
          id: before.id,
          changes: {
            name: "Renamed",
            hold_days: 7,
            account: "5555555555554444",
          },
        },
        throwOnError: false,
      })
      expect(changed.errors[0].error.message).toBe("a later step failed")
      const after = (await findRecipient(db, before.id))!
      expect(after).toMatchObject({
        name: before.name,
        hold_days: before.hold_days,
        account_masked: before.account_masked,
      })
      expect(after.account).not.toContain("4111111111111111")
      const { cipher } = payoutContextOf(getContainer())
      expect(openAccountFields(cipher, after.id, after).account).toBe(
        "4111111111111111"
      )

      const created = await createThenFail(getContainer()).run({
        input: { ...card, email: "undone@example.com" } as never,
        throwOnError: false,
      })
      expect(created.errors[0].error.message).toBe("a later step failed")
      const list = await api.get("/admin/piastrix/recipients", headers)
      expect(
        list.data.recipients.map((r: { email: string }) => r.email)
      ).toEqual([card.email])
    })
  })

  describe("products", () => {
    it("links products to one recipient at a time and unlinks them", async () => {
      const a = (await api.post("/admin/piastrix/recipients", card, headers))
        .data.recipient
      const b = (
        await api.post(
          "/admin/piastrix/recipients",
          { ...card, name: "Other" },
          headers
        )
      ).data.recipient
      const { data } = await api.get(
        "/admin/products?limit=2&fields=id",
        headers
      )
      const [p1, p2] = data.products.map((p: { id: string }) => p.id)

      const linked = await api.post(
        `/admin/piastrix/recipients/${a.id}/products`,
        { add: [p1, p2] },
        headers
      )
      expect(
        linked.data.products.map((p: { id: string }) => p.id).sort()
      ).toEqual([p1, p2].sort())
      // Linking a product to another recipient moves it.
      await api.post(
        `/admin/piastrix/recipients/${b.id}/products`,
        { add: [p2] },
        headers
      )
      const ofA = await api.get(
        `/admin/piastrix/recipients/${a.id}/products`,
        headers
      )
      expect(ofA.data.products.map((p: { id: string }) => p.id)).toEqual([p1])
      await api.post(
        `/admin/piastrix/recipients/${a.id}/products`,
        { remove: [p1] },
        headers
      )
      expect(
        (await api.get(`/admin/piastrix/recipients/${a.id}/products`, headers))
          .data.products
      ).toEqual([])

      const unknown = await refused(
        api.post(
          `/admin/piastrix/recipients/${a.id}/products`,
          { add: ["prod_nope"] },
          headers
        )
      )
      expect(unknown).toEqual({
        status: 400,
        message: "add: no product prod_nope",
      })
      const empty = await refused(
        api.post(`/admin/piastrix/recipients/${a.id}/products`, {}, headers)
      )
      expect(empty.status).toBe(400)
      expect(empty.message).toContain("add")
    })
  })

  describe("adjustments", () => {
    it("adjusts a balance once per key, with a required reason", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        card,
        headers
      )
      const url = `/admin/piastrix/recipients/${data.recipient.id}/adjustments`
      const noReason = await refused(
        api.post(url, { amount: "10.00", idempotency_key: "k1" }, headers)
      )
      expect(noReason.status).toBe(400)
      expect(noReason.message).toContain("reason")
      const badAmount = await refused(
        api.post(
          url,
          { amount: "ten", reason: "x", idempotency_key: "k1" },
          headers
        )
      )
      expect(badAmount.message).toContain("amount")

      const body = {
        amount: "-12.50",
        reason: "chargeback fee",
        idempotency_key: "k1",
      }
      const first = await api.post(url, body, headers)
      const again = await api.post(url, body, headers)
      expect([first.status, again.status]).toEqual([201, 200])
      expect(again.data.transaction_id).toBe(first.data.transaction_id)
      const shown = await api.get(
        `/admin/piastrix/recipients/${data.recipient.id}`,
        headers
      )
      expect(shown.data.balances).toEqual({ available: "-12.50" })
      expect(shown.data.currency_code).toBe("RUB")
    })
  })

  describe("check account", () => {
    it("asks the service about a withdraw account: ok, refused or unknown, never its owner's data", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        { ...card, account: "4000000000000002" },
        headers
      )
      const url = `/admin/piastrix/recipients/${data.recipient.id}/check-account`
      const check = async () =>
        (await api.post(url, { amount: "100.00" }, headers)).data

      expect(await check()).toEqual({
        result: "ok",
        reason: null,
        reason_message: null,
      })
      await sandboxControl(sandbox(), "POST", "accounts/4000000000000002", {
        provider_status: 1,
        result: false,
        account_info: { holder: "IVAN PETROV" },
      })
      const refusedCheck = await check()
      expect(refusedCheck).toEqual({
        result: "refused",
        reason: "the payway's provider refused the account",
        reason_message: { code: "payout.account_refused", params: {} },
      })
      expect(JSON.stringify(refusedCheck)).not.toContain("PETROV")
      await sandboxControl(sandbox(), "POST", "accounts/4000000000000002", {
        provider_status: 2,
        result: false,
      })
      expect(await check()).toMatchObject({ result: "unknown" })

      const noAmount = await refused(api.post(url, {}, headers))
      expect(noAmount.status).toBe(400)
      expect(noAmount.message).toContain("amount")
      // More digits than roubles have is the admin's input to fix, not the service being down.
      const tooPrecise = await refused(
        api.post(url, { amount: "10.001" }, headers)
      )
      expect(tooPrecise.status).toBe(400)
      expect(tooPrecise.message).toMatch(/^amount: .*10\.001/)
      const wallet = (
        await api.post(
          "/admin/piastrix/recipients",
          { ...card, rail: "transfer", payway: null, account: "201494711279" },
          headers
        )
      ).data.recipient
      const onWallet = await refused(
        api.post(
          `/admin/piastrix/recipients/${wallet.id}/check-account`,
          { amount: "100.00" },
          headers
        )
      )
      expect(onWallet.status).toBe(400)
      expect(onWallet.message).toMatch(/wallet/)
    })
  })

  describe("statement", () => {
    /**
     * A moment after every entry written so far, in whole milliseconds on the database's clock (the entries'
     * times are its); returns once that clock has passed it, so the next entry is later.
     */
    async function aMomentPassed(): Promise<string> {
      const { rows } = await db.raw(
        `select date_trunc('milliseconds', clock_timestamp()) + interval '1 millisecond' as moment`
      )
      const moment = new Date(rows[0].moment).toISOString()
      for (;;) {
        const { rows: now } = await db.raw(
          `select clock_timestamp() > ?::timestamptz as past`,
          [moment]
        )
        if (now[0].past === true) {
          return moment
        }
      }
    }

    const rowsOf = (csv: string) =>
      csv
        .trimEnd()
        .split("\r\n")
        .map((line) => line.split(","))

    it("downloads a period's entries as CSV with each account's balance after the entry, counted from before the period", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        card,
        headers
      )
      const id = data.recipient.id
      await earned(id, "100.00", "statement-sale")
      const middle = await aMomentPassed()
      await api.post(
        `/admin/piastrix/recipients/${id}/adjustments`,
        {
          amount: "-12.50",
          reason: "=HYPERLINK(1) fee",
          idempotency_key: "statement-fee",
        },
        headers
      )
      const url = `/admin/piastrix/recipients/${id}/statement`

      const whole = await api.get(url, headers)
      expect(whole.headers["content-type"]).toMatch(/^text\/csv/)
      expect(whole.headers["content-disposition"]).toBe(
        `attachment; filename="statement-card-vendor.csv"; filename*=UTF-8''statement-card-vendor.csv`
      )
      const [header, ...rows] = rowsOf(whole.data)
      expect(header).toEqual([
        "Date (UTC)",
        "Entry",
        "Account",
        "Currency",
        "Amount",
        "Balance after",
        "Order",
        "Payout",
        "Reason",
        "Piastrix fee",
        "The payee received",
      ])
      expect(rows[0][0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
      const available = rows.filter((r) => r[2] === "Available")
      const shown = await api.get(`/admin/piastrix/recipients/${id}`, headers)
      // 100.00 earned less 10 % commission, released, then the adjustment.
      expect(shown.data.balances.available).toBe("77.50")
      expect(available.at(-1)!.slice(1, 6)).toEqual([
        "Adjustment",
        "Available",
        "RUB",
        "-12.50",
        "77.50",
      ])
      // A formula in a reason is written as text.
      expect(available.at(-1)![8]).toBe("'=HYPERLINK(1) fee")

      const later = rowsOf(
        (await api.get(url, { ...headers, params: { created_after: middle } }))
          .data
      )
      expect(later.slice(1).map((r) => [r[1], r[4], r[5]])).toEqual([
        ["Adjustment", "-12.50", "77.50"],
      ])
      const earlier = await api.get(url, {
        ...headers,
        params: { created_before: middle },
      })
      expect(earlier.headers["content-disposition"]).toContain(
        `filename="statement-card-vendor-to-${middle.slice(0, 10)}.csv"`
      )
      expect(rowsOf(earlier.data).some((r) => r[1] === "Adjustment")).toBe(
        false
      )

      const bad = await refused(
        api.get(url, { ...headers, params: { created_after: "yesterday" } })
      )
      expect(bad.status).toBe(400)
      expect(bad.message).toContain("created_after")
    })
    it("writes orders by their display number, dates in the reader's time zone and words in the reader's language", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        { ...card, name: "ООО «Ромашка»" },
        headers
      )
      const id = data.recipient.id
      const order = await anOrder()
      await earned(id, "100.00", "statement-order", order.id)
      const res = await api.get(`/admin/piastrix/recipients/${id}/statement`, {
        ...headers,
        params: {
          tz: "Asia/Vladivostok",
          lang: "ru",
          created_after: "2026-01-01T00:00:00Z",
          created_before: "2099-02-01T00:00:00Z",
        },
      })
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="statement-recipient-2026-01-01-2099-01-31.csv"; filename*=UTF-8''${encodeURIComponent("statement-ооо-ромашка-2026-01-01-2099-01-31.csv")}`
      )
      const [header, ...rows] = rowsOf(res.data)
      expect(header).toEqual([
        "Дата (Asia/Vladivostok)",
        "Запись",
        "Счёт",
        "Валюта",
        "Сумма",
        "Остаток после",
        "Заказ",
        "Выплата",
        "Причина",
        "Комиссия Piastrix",
        "Получатель получил",
      ])
      const sale = rows.find((r) => r[1] === "Начисление за продажу")!
      expect(sale.slice(2, 7)).toEqual([
        "Удержано",
        "RUB",
        "90.00",
        "90.00",
        `#${order.display_id}`,
      ])
      const releases = rows.filter((r) => r[1] === "Снято с удержания")
      expect(releases.length).toBeGreaterThan(0)
      expect(releases.every((r) => r[6] === `#${order.display_id}`)).toBe(true)
      expect(res.data).not.toContain("order_")
      // Vladivostok is UTC+10: the entry was written within the last minute.
      const [date, time] = sale[0].split(" ")
      const utc = new Date(`${date}T${time}+10:00`).getTime()
      expect(Math.abs(Date.now() - utc)).toBeLessThan(60_000)

      for (const [query, field] of [
        ["tz=Mars/Olympus", "tz"],
        ["lang=de", "lang"],
      ]) {
        const bad = await refused(
          api.get(
            `/admin/piastrix/recipients/${id}/statement?${query}`,
            headers
          )
        )
        expect(bad.status).toBe(400)
        expect(bad.message).toContain(field)
      }
    })
  })

  describe("quote", () => {
    const wallet = {
      ...card,
      rail: "transfer",
      payway: null,
      account: "201494711279",
    }
    const quote = (body: Record<string, unknown>) =>
      api.post("/admin/piastrix/payouts/quote", body, headers)
    const payoutsAtService = async () =>
      (await sandboxControl(sandbox(), "GET", "state")).payouts.length

    it("quotes a wallet transfer without writing a payout, and the confirmed payout is paid with that fee", async () => {
      const { recipient } = (
        await api.post("/admin/piastrix/recipients", wallet, headers)
      ).data
      await earned(recipient.id, "1000.00", "quote-sale")

      const { data } = await quote({
        recipient_id: recipient.id,
        amount: "300.00",
      })
      // The sandbox's wallet transfer fee is 0.5 %, taken from the amount debited.
      expect(data.quote).toEqual({
        recipient_id: recipient.id,
        rail: "transfer",
        payway: null,
        account: "20••••••1279",
        currency_code: "RUB",
        amount: "300.00",
        fee: "1.49",
        payee_receives: "298.51",
        payee_currency_code: "RUB",
        awaits_approval: false,
        account_check: null,
      })
      const all = (await quote({ recipient_id: recipient.id, all: true })).data
      expect(all.quote).toMatchObject({ amount: "900.00", fee: "4.48" })
      // Nothing was written or sent.
      const listed = await api.get(
        `/admin/piastrix/payouts?recipient_id=${recipient.id}`,
        headers
      )
      expect(listed.data.count).toBe(0)
      expect(await payoutsAtService()).toBe(0)

      // Confirm: the payout of the quoted amount, sent by the send job, records the quoted fee.
      const { payout } = (
        await api.post(
          "/admin/piastrix/payouts",
          { recipient_id: recipient.id, amount: data.quote.amount },
          headers
        )
      ).data
      await sendPendingPayouts(payoutContextOf(getContainer()))
      const sent = (
        await api.get(`/admin/piastrix/payouts/${payout.id}`, headers)
      ).data.payout
      expect(sent).toMatchObject({
        status: "succeeded",
        amount: "300.00",
        fee: "1.49",
        payee_receives: "298.51",
        rejected_reason_message: null,
        last_error_message: null,
      })
      // The statement's paid entry shows the fee the vendor paid and what the wallet got.
      const statement: string = (
        await api.get(
          `/admin/piastrix/recipients/${recipient.id}/statement`,
          headers
        )
      ).data
      const paid = statement
        .split("\r\n")
        .map((line) => line.split(","))
        .filter((r) => r[1] === "Payout paid")
        .map((r) => [r[2], r[4], r[9], r[10]])
      expect(paid).toEqual(
        expect.arrayContaining([
          ["Being paid", "-300.00", "", ""],
          ["Paid out", "300.00", "1.49", "298.51"],
        ])
      )
      expect(paid).toHaveLength(2)
      // Its payout as the admin's payouts list and page show it (amount, created), never the internal id.
      const created = new Date(sent.created_at)
      const payoutCells = (csv: string) => [
        ...new Set(
          csv
            .trimEnd()
            .split("\r\n")
            .slice(1)
            .map((line) => line.split(",")[7])
            .filter(Boolean)
        ),
      ]
      expect(payoutCells(statement)).toEqual([
        `300.00 RUB of ${localDateTime(created, "UTC")}`,
      ])
      expect(statement).not.toContain("pxpo_")
      const inRussian: string = (
        await api.get(`/admin/piastrix/recipients/${recipient.id}/statement`, {
          ...headers,
          params: { lang: "ru", tz: "Europe/Moscow" },
        })
      ).data
      expect(payoutCells(inRussian)).toEqual([
        `300.00 RUB от ${localDateTime(created, "Europe/Moscow")}`,
      ])
    })

    it("quotes a withdraw with the payway's fee and the account check: ok, refused, unknown", async () => {
      const { recipient } = (
        await api.post(
          "/admin/piastrix/recipients",
          { ...card, account: "4000000000000002" },
          headers
        )
      ).data
      await earned(recipient.id, "1000.00", "quote-withdraw")
      const ask = async () =>
        (await quote({ recipient_id: recipient.id, amount: "300.00" })).data
          .quote

      // card_rub in the sandbox: 30 + 1 %, taken from what the shop pays.
      expect(await ask()).toMatchObject({
        rail: "withdraw",
        payway: "card_rub",
        account: "40••••••••••0002",
        amount: "300.00",
        fee: "32.67",
        payee_receives: "267.33",
        account_check: { result: "ok", reason: null, reason_message: null },
      })
      await sandboxControl(sandbox(), "POST", "accounts/4000000000000002", {
        provider_status: 1,
        result: false,
        account_info: { holder: "IVAN PETROV" },
      })
      const refusedAccount = await ask()
      expect(refusedAccount.account_check).toEqual({
        result: "refused",
        reason: "the payway's provider refused the account",
        reason_message: { code: "payout.account_refused", params: {} },
      })
      expect(JSON.stringify(refusedAccount)).not.toMatch(
        /PETROV|4000000000000002/
      )
      await sandboxControl(sandbox(), "POST", "accounts/4000000000000002", {
        provider_status: 3,
        result: false,
      })
      expect((await ask()).account_check).toEqual({
        result: "unknown",
        reason: "account check result unknown (provider status 3)",
        reason_message: {
          code: "payout.account_check_unknown",
          params: { provider_status: "3" },
        },
      })
      expect(await payoutsAtService()).toBe(0)
    })

    it("says what a vendor owes after a clawback, with the currency's digits and the reason's code", async () => {
      const { recipient } = (
        await api.post("/admin/piastrix/recipients", wallet, headers)
      ).data
      await api.post(
        `/admin/piastrix/recipients/${recipient.id}/adjustments`,
        { amount: "-1012.9", reason: "clawback", idempotency_key: "owes" },
        headers
      )
      const owes = await api
        .post(
          "/admin/piastrix/payouts/quote",
          { recipient_id: recipient.id, all: true },
          headers
        )
        .catch((e) => e.response)
      expect([owes.status, owes.data.message, owes.data.code]).toEqual([
        400,
        "amount: nothing is payable: the vendor owes 1012.90",
        "payout.vendor_owes",
      ])
      const asked = await refused(
        quote({ recipient_id: recipient.id, amount: "10.00" })
      )
      expect(asked.message).toBe(
        "amount: nothing is payable: the vendor owes 1012.90"
      )
      // A reason a person typed has no code: the admin shows it as written.
      const { entries } = (
        await api.get(
          `/admin/piastrix/recipients/${recipient.id}/ledger`,
          headers
        )
      ).data
      expect(entries[0]).toMatchObject({
        reason: "clawback",
        reason_message: { code: "other", params: {} },
      })
    })

    /**
     * A wallet vendor with two payouts of 50.00: one canceled in the admin, one needing a person because the
     * service debited another amount.
     */
    async function canceledAndDebitedDifferently(key: string) {
      const { recipient } = (
        await api.post("/admin/piastrix/recipients", wallet, headers)
      ).data
      await earned(recipient.id, "100.00", key)
      const pay = async (amount: string) =>
        (
          await api.post(
            "/admin/piastrix/payouts",
            { recipient_id: recipient.id, amount },
            headers
          )
        ).data.payout
      const first = await pay("50.00")
      const canceled = (
        await api.post(
          `/admin/piastrix/payouts/${first.id}/cancel`,
          { reason: "canceled in the admin" },
          headers
        )
      ).data.payout
      const payout = await pay("50.00")
      await markNeedsAttention(
        db,
        payout.id,
        "the service debited 50.5 for a payout of 50.00"
      )
      return { recipient, canceled, payout }
    }

    it("answers a payout's reasons with their codes and params, the raw text beside them", async () => {
      const { canceled, payout } =
        await canceledAndDebitedDifferently("coded-reasons")
      expect(canceled.rejected_reason_message).toEqual({
        code: "payout.canceled_in_admin",
        params: {},
      })
      const shown = (
        await api.get(`/admin/piastrix/payouts/${payout.id}`, headers)
      ).data.payout
      expect(shown).toMatchObject({
        status: "needs_attention",
        last_error: "the service debited 50.5 for a payout of 50.00",
        last_error_message: {
          code: "payout.debited_differs",
          params: {
            debited: { amount: "50.5", currency: "RUB" },
            amount: { amount: "50.00", currency: "RUB" },
          },
        },
        rejected_reason_message: null,
      })
    })

    it("keeps a reason's code when its template's words change after it was written; a row from before the codes is named by its text", async () => {
      const {
        recipient,
        canceled: first,
        payout,
      } = await canceledAndDebitedDifferently("stored-codes")
      // Written by an older version whose templates said it in other words: the stored code still names it.
      await db.raw(
        `update piastrix_payout set last_error = 'Piastrix took 50.5 for the payout of 50.00' where id = ?`,
        [payout.id]
      )
      // Ledger rows are immutable (a trigger): an older row is made with the triggers off for this one update.
      await db.transaction(async (trx) => {
        await trx.raw(`set local session_replication_role = replica`)
        await trx.raw(
          `update piastrix_ledger_entry set reason = 'Canceled by an operator' where payout_id = ? and kind = 'payout_returned'`,
          [first.id]
        )
      })
      const shown = async () =>
        (await api.get(`/admin/piastrix/payouts/${payout.id}`, headers)).data
          .payout
      expect((await shown()).last_error_message).toEqual({
        code: "payout.debited_differs",
        params: {
          debited: { amount: "50.5", currency: "RUB" },
          amount: { amount: "50.00", currency: "RUB" },
        },
      })
      const returned = async () =>
        (
          await api.get(
            `/admin/piastrix/recipients/${recipient.id}/ledger`,
            headers
          )
        ).data.entries.filter(
          (e: { kind: string }) => e.kind === "payout_returned"
        )
      expect((await returned()).map((e: any) => e.reason_message)).toEqual([
        { code: "payout.canceled_in_admin", params: {} },
        { code: "payout.canceled_in_admin", params: {} },
      ])
      // The statement words the plugin's reasons in the reader's language, by the stored code too.
      const statement = (
        await api.get(`/admin/piastrix/recipients/${recipient.id}/statement`, {
          ...headers,
          params: { lang: "ru" },
        })
      ).data as string
      const returnedRows = statement
        .split("\r\n")
        .filter(
          (line) => line.startsWith("20") && line.includes("Выплата возвращена")
        )
      expect(returnedRows.length).toBeGreaterThan(0)
      // The reason's cell (the fee and what the payee received follow it, empty on a return).
      expect(
        returnedRows.every(
          (line) => line.split(",")[8] === "Отменена в админке."
        )
      ).toBe(true)
      expect(statement).not.toContain("Canceled by an operator")
      // A row written before the codes were stored: named by matching its text, in the current words.
      await db.raw(
        `update piastrix_payout set last_error = 'the service debited 50.5 for a payout of 50.00', last_error_code = null where id = ?`,
        [payout.id]
      )
      expect((await shown()).last_error_message.code).toBe(
        "payout.debited_differs"
      )
      // Old words and no stored code: nothing to know it by.
      await db.raw(
        `update piastrix_payout set last_error = 'Piastrix took 50.5 for the payout of 50.00' where id = ?`,
        [payout.id]
      )
      expect((await shown()).last_error_message).toEqual({
        code: "other",
        params: {},
      })
    })

    it("refuses bad input with 400 naming the field, and says so when the service cannot be asked", async () => {
      const { recipient } = (
        await api.post("/admin/piastrix/recipients", wallet, headers)
      ).data
      await earned(recipient.id, "100.00", "quote-bad")
      const id = recipient.id
      for (const [body, field] of [
        [{ recipient_id: id }, "amount"],
        [{ recipient_id: id, amount: "ten" }, "amount"],
        [{ recipient_id: id, amount: "10.00", all: true }, "amount"],
        [{ recipient_id: id, all: false }, "all"],
        [{ recipient_id: "nope", amount: "10.00" }, "recipient_id"],
        [{ recipient_id: id, amount: "10.00", extra: 1 }, "extra"],
      ] as const) {
        const result = await refused(quote(body))
        expect({ body, status: result.status }).toEqual({ body, status: 400 })
        expect(result.message).toContain(field)
      }
      expect(
        await refused(quote({ recipient_id: id, amount: "91.00" }))
      ).toEqual({
        status: 400,
        message: "amount: 91.00 is more than the payable 90.00",
      })
      expect(
        (await refused(quote({ recipient_id: "pxrcp_missing", all: true })))
          .status
      ).toBe(404)

      await sandboxControl(sandbox(), "POST", "faults", {
        type: "http_error",
        status: 503,
        path: "/transfer/try",
      })
      try {
        const down = await refused(quote({ recipient_id: id, all: true }))
        expect(down.status).toBe(502)
        expect(down.message).toMatch(/^Piastrix: .*503/)
      } finally {
        await sandboxControl(sandbox(), "DELETE", "faults")
      }

      // A hanging service: the store owner waits one attempt of interactiveTimeoutMs, not three of timeoutMs.
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "latency",
        ms: 20000,
        path: "/transfer/try",
      })
      try {
        const hung = await refused(quote({ recipient_id: id, all: true }))
        expect(hung.status).toBe(502)
        expect(hung.message).toMatch(
          /timed out after 5000 ms \(after 1 attempt\)$/
        )
      } finally {
        await sandboxControl(sandbox(), "DELETE", "faults")
      }
    })
  })

  describe("payouts", () => {
    it("retries a payout that needed attention through its status, paying it once", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        { ...card, rail: "transfer", payway: null, account: "201494711279" },
        headers
      )
      await earned(data.recipient.id, "1000.00", "sale-1")
      const { payout } = (
        await api.post(
          "/admin/piastrix/payouts",
          { recipient_id: data.recipient.id },
          headers
        )
      ).data
      expect(
        (
          await refused(
            api.post(`/admin/piastrix/payouts/${payout.id}/retry`, {}, headers)
          )
        ).status
      ).toBe(400)
      await markNeedsAttention(db, payout.id, "looked odd")

      const retried = await api.post(
        `/admin/piastrix/payouts/${payout.id}/retry`,
        {},
        headers
      )
      expect(retried.data.payout.status).toBe("processing")
      // In flight again: the reason it needed attention is not shown as if it were current.
      expect(retried.data.payout).toMatchObject({
        last_error: null,
        last_error_message: null,
      })
      await syncPayoutsInFlight(payoutContextOf(getContainer()))
      expect(
        (await api.get(`/admin/piastrix/payouts/${payout.id}`, headers)).data
          .payout.status
      ).toBe("succeeded")
      // Its status was read by its id before the one create: the service never made it, so it made it once.
      const { counts } = await sandboxControl(sandbox(), "GET", "polls")
      expect(counts[`payout:${payout.shop_payment_id}`]).toBe(1)
      await expectEachPayoutMadeOnce(
        sandbox(),
        [await getPayout(db, payout.id)],
        {
          createRequests: 1,
        }
      )
    })

    it("creates a payout for an amount or all available, refuses more than payable, lists and cancels it", async () => {
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        card,
        headers
      )
      const id = data.recipient.id
      await earned(id, "1000.00", "sale-1")

      const tooMuch = await refused(
        api.post(
          "/admin/piastrix/payouts",
          { recipient_id: id, amount: "901.00" },
          headers
        )
      )
      expect(tooMuch).toEqual({
        status: 400,
        message: expect.stringMatching(
          /^amount: 901.00 is more than the payable 900.00/
        ),
      })
      const badAmount = await refused(
        api.post(
          "/admin/piastrix/payouts",
          { recipient_id: id, amount: 5 },
          headers
        )
      )
      expect(badAmount.status).toBe(400)
      expect(badAmount.message).toContain("amount")

      const part = await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: id, amount: "300.00" },
        headers
      )
      expect(part.status).toBe(201)
      expect(part.data.payout).toMatchObject({
        amount: "300.00",
        status: "pending",
        shop_payment_id: part.data.payout.id,
      })
      const second = await refused(
        api.post("/admin/piastrix/payouts", { recipient_id: id }, headers)
      )
      expect(second).toEqual({
        status: 400,
        message: expect.stringMatching(
          /^recipient_id: payout .* is still open/
        ),
      })

      const listed = await api.get(
        `/admin/piastrix/payouts?recipient_id=${id}&status=pending`,
        headers
      )
      expect(listed.data.payouts.map((p: { id: string }) => p.id)).toEqual([
        part.data.payout.id,
      ])
      // By creation period: none created from tomorrow on; a bad date is named.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
      const later = await api.get(
        `/admin/piastrix/payouts?recipient_id=${id}&created_after=${tomorrow}`,
        headers
      )
      expect(later.data.count).toBe(0)
      const upToTomorrow = await api.get(
        `/admin/piastrix/payouts?recipient_id=${id}&created_before=${tomorrow}`,
        headers
      )
      const ofRecipient = await api.get(
        `/admin/piastrix/payouts?recipient_id=${id}`,
        headers
      )
      expect(ofRecipient.data.count).toBeGreaterThan(0)
      expect(upToTomorrow.data.count).toBe(ofRecipient.data.count)
      const badDate = await refused(
        api.get(`/admin/piastrix/payouts?created_before=soon`, headers)
      )
      expect(badDate.status).toBe(400)
      expect(badDate.message).toContain("created_before")

      const notApprovable = await refused(
        api.post(
          `/admin/piastrix/payouts/${part.data.payout.id}/approve`,
          {},
          headers
        )
      )
      expect(notApprovable.status).toBe(400)
      expect(
        (
          await refused(
            api.post(
              `/admin/piastrix/payouts/${part.data.payout.id}/cancel`,
              {},
              headers
            )
          )
        ).message
      ).toContain("reason")
      const canceled = await api.post(
        `/admin/piastrix/payouts/${part.data.payout.id}/cancel`,
        { reason: "asked by vendor" },
        headers
      )
      expect(canceled.data.payout).toMatchObject({
        status: "canceled",
        rejected_reason: "asked by vendor",
      })

      const all = await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: id },
        headers
      )
      expect(all.data.payout.amount).toBe("900.00")
      expect(
        (
          await api.get(
            `/admin/piastrix/payouts/${all.data.payout.id}`,
            headers
          )
        ).data.payout.status
      ).toBe("pending")
      expect(
        (
          await refused(
            api.get("/admin/piastrix/payouts/pxpo_missing", headers)
          )
        ).status
      ).toBe(404)
    })
  })
})
