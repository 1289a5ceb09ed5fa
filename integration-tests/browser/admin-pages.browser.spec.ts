import fs from "node:fs"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Browser, Locator } from "playwright-core"
import { ensureAdminUser } from "../../dev/seed-admin"
import { adminHeaders } from "../helpers/admin-api"
import {
  holdCallbacks,
  inbox,
  paidNotAsAskedFoundByStatus,
  refundTransfers,
  sandboxControl,
  settledRow,
  successNotification,
} from "../helpers/callbacks"
import {
  piastrixIntegrationRunner,
  TEST_SECRET,
  TEST_SHOP_ID,
} from "../helpers/runner"
import { payOnPaymentPage } from "../helpers/payer"
import {
  addItemToShip,
  completeCart,
  createCart,
  findOrderForCart,
  startPaymentSession,
} from "../helpers/store-api"
import {
  accrue,
  releaseDueHolds,
} from "../../src/modules/piastrix/repositories/accruals"
import { markNeedsAttention } from "../../src/modules/piastrix/repositories/payouts"
import {
  sendPendingPayouts,
  syncPayoutsInFlight,
} from "../../src/modules/piastrix/repositories/runs"
import { type SqlDatabase } from "../../src/modules/piastrix/repositories/ledger"
import { payoutContextOf } from "../../src/modules/piastrix/payout-context"
import { ensureAdminBuild } from "./admin-build"
import {
  ADMIN_CREDENTIALS,
  answerPrompt,
  openAdmin,
  rowAction,
  englishOnScreen,
  rawIdsOnScreen,
  shownAmount,
  toastTone,
  englishIn,
  linesOnScreen,
  unformattedAmountsOnScreen,
  unexpectedProblems,
  waitForText,
} from "./admin-steps"
import { launchChromium, type Tab } from "./chromium"

/**
 * The plugin's admin pages in the production build of Medusa's admin, as a store owner uses them: Settings →
 * Piastrix (connection test with the right and a wrong secret, balances, directions, options with the
 * secret masked) and the notification inbox (a paid payment that could not become an order, retried once
 * its cart is fixed). Screenshots go to test-results/browser.
 */

jest.setTimeout(180000)

/** A payway code as the service spells it (card_rub, h2h_card_rub, piastrix_transfer_643), not a name. */
const PAYWAY_CODE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/

/**
 * A ledger's link to a payout, named as the statement names it (statement-words.ts, `payoutName`): its amount
 * and when it was made, in the page's locale.
 */
const PAYOUT_50_EN =
  /^RUB 50\.00 of \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/
const PAYOUT_10_RU = /^10,00\s₽ от \d{2}\.\d{2}\.\d{4}, \d{1,2}:\d{2}:\d{2}$/

let browser: Browser

beforeAll(async () => {
  await ensureAdminBuild()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

piastrixIntegrationRunner(
  ({ api, getContainer, sandbox, seed, medusaUrl }) => {
    let admin: Tab | undefined

    beforeAll(async () => {
      await ensureAdminUser(getContainer(), ADMIN_CREDENTIALS)
    })

    afterEach(async () => {
      if (admin) {
        const problems = unexpectedProblems(admin.problems)
        await admin.close()
        admin = undefined
        expect(problems).toEqual([])
      }
    })

    /**
     * Writes the note in the "Mark resolved" drawer (a screenshot `shot` of it) and saves it: the toast says
     * so, and the row reads Resolved with the note.
     */
    async function saveResolution(
      tab: Tab,
      line: Locator,
      note: string,
      shot: string
    ) {
      const drawer = tab.page.getByRole("dialog")
      await drawer.getByLabel("What was done").fill(note)
      await tab.shot(shot)
      await drawer.getByRole("button", { name: "Save" }).click()
      await drawer.waitFor({ state: "detached" })
      await waitForText(tab, "Marked resolved")
      await waitForText(tab, "Resolved", { within: line, exact: true })
      expect(await line.innerText()).toContain(note)
    }

    /**
     * A wallet payment paid after Medusa dropped its session (the cart was abandoned): the inbox's row
     * needs a person, with Refund and Mark resolved. Returns the session and its row.
     */
    async function paidWithoutSession() {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix-wallet_piastrix",
        { email: cart.email }
      )
      await getContainer()
        .resolve(Modules.PAYMENT)
        .deletePaymentSession(session.id)
      await payOnPaymentPage(session.data, { payerAccount: "201494711279" })
      const row = await settledRow(
        getContainer(),
        session.id,
        "needs_attention"
      )
      return { session, row }
    }

    /** What the payout jobs do every minute: send, then (a minute later on the sandbox's clock) read the status. */
    async function runPayoutJobs() {
      const ctx = payoutContextOf(getContainer())
      await sendPendingPayouts(ctx)
      await sandboxControl(sandbox(), "POST", "clock/advance", {
        ms: 60_000,
      })
      await ctx.db.raw(
        `update piastrix_payout set next_poll_at = now() where next_poll_at is not null`
      )
      await syncPayoutsInFlight(ctx)
    }

    /** The admin as a user who picked Russian in their profile; `names`: the test's data in Latin letters. */
    const openAdminInRussian = (scenario: string, names: string[] = []) =>
      openAdmin(browser, medusaUrl(), { scenario, language: "ru", names })

    /**
     * A vendor paid to a Piastrix wallet, with `balance` available (an adjustment for `reason`, in the words of
     * whoever made it), made through the admin API.
     */
    async function walletVendor(
      headers: Awaited<ReturnType<typeof adminHeaders>>,
      name: string,
      balance: string,
      reason = "earnings"
    ) {
      const { recipient } = (
        await api.post(
          "/admin/piastrix/recipients",
          {
            name,
            email: `${name.toLowerCase().replace(/\W+/g, "-").replace(/^-|-$/g, "") || "vendor"}@example.com`,
            rail: "transfer",
            account: "201494711279",
            currency: 643,
            schedule: "manual",
          },
          headers
        )
      ).data
      await api.post(
        `/admin/piastrix/recipients/${recipient.id}/adjustments`,
        { amount: balance, reason, idempotency_key: name },
        headers
      )
      return recipient
    }

    it("Settings → Piastrix tests the connection, shows balances, directions and options, never the secret", async () => {
      admin = await openAdmin(browser, medusaUrl(), {
        scenario: "admin-settings",
      })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/settings/piastrix`)
      await page
        .getByRole("heading", { name: "Connection to Piastrix" })
        .waitFor()
      await page
        .getByRole("cell", { name: "RUB", exact: true })
        .first()
        .waitFor()
      // Directions by the names people use, the payway code beside for the payway settings.
      const card = page.getByRole("cell", { name: /^Bank card\s*card_rub$/ })
      await card.first().waitFor()
      await page.getByText("set in configuration").first().waitFor()
      // Fees in words with their currency: "No fee", "1 % + RUB 30.00", never "0 % + 0".
      await page
        .getByRole("cell", { name: "No fee", exact: true })
        .first()
        .waitFor()
      await page
        .getByRole("cell", { name: /^1\s%\s\+\sRUB\s30\.00$/ })
        .first()
        .waitFor()
      expect(
        await page.getByRole("cell", { name: /^0\s%|\+\s0$/ }).count()
      ).toBe(0)
      // A source badge only where a setting is not the default.
      expect(await page.getByText("default", { exact: true }).count()).toBe(0)
      await page.getByRole("heading", { level: 1, name: "Piastrix" }).waitFor()
      await admin.shot("settings")

      await page.getByRole("button", { name: "Test connection" }).click()
      const report = page.getByTestId("piastrix-connection-report")
      await report.getByText("Credentials accepted").waitFor()
      await report.getByText("Piastrix answers").waitFor()
      await admin.shot("settings-connection-ok")

      await page.getByLabel("Shop id (optional)").fill(String(TEST_SHOP_ID))
      await page.getByLabel("Secret key (optional)").fill("a-wrong-secret")
      await page.getByRole("button", { name: "Test these credentials" }).click()
      await report.getByText("Credentials refused").waitFor()
      expect(await report.innerText()).toMatch(
        /check the shop id and the secret key/
      )
      await admin.shot("settings-connection-refused")

      // Unreachable: nothing was refused, and the technical reason stays folded under Details.
      await page.getByLabel("Shop id (optional)").fill("")
      await page.getByLabel("Secret key (optional)").fill("")
      for (const path of ["/check_status", "/shop_balance"]) {
        await sandboxControl(sandbox(), "POST", "faults", {
          type: "reset",
          path,
        })
      }
      await page.getByRole("button", { name: "Test connection" }).click()
      await report.getByText("Credentials not checked").waitFor()
      await report.getByText("Piastrix cannot be reached").first().waitFor()
      expect(await report.innerText()).not.toMatch(
        /refused|Piastrix\w*Error|ECONN|socket/
      )
      await admin.shot("settings-connection-not-checked")
      await sandboxControl(sandbox(), "DELETE", "faults")

      const text = await page.locator("body").innerText()
      expect(text).toContain("••••••••")
      expect(text).not.toContain(TEST_SECRET)
    })

    it("shows the reason on the settings page when the service cannot be asked, and the rest still works", async () => {
      await sandboxControl(sandbox(), "POST", "faults", {
        type: "http_error",
        status: 503,
        path: "/shop_balance",
      })
      try {
        admin = await openAdmin(browser, medusaUrl(), {
          scenario: "admin-settings-down",
        })
        const { page } = admin
        await page.goto(`${medusaUrl()}/app/settings/piastrix`)
        // One plain sentence (reached, and answered 503: not "cannot be reached"); the service's own words
        // folded under Details; a way to ask again.
        const alert = page
          .getByRole("alert")
          .filter({
            hasText:
              "Piastrix answered with a server error. This could not be read just now.",
          })
          .first()
        await alert.waitFor()
        expect(await alert.innerText()).not.toMatch(/Piastrix\w*Error|503/)
        await alert.getByText("Details").click()
        await alert.getByText(/503/).waitFor()
        await page
          .getByRole("cell", { name: /^Bank card\s*card_rub$/ })
          .first()
          .waitFor()
        await admin.shot("settings-service-down")
        await sandboxControl(sandbox(), "DELETE", "faults")
        await alert.getByRole("button", { name: "Try again" }).click()
        await page
          .getByRole("columnheader", { name: "Available" })
          .first()
          .waitFor()
        await page
          .getByRole("alert")
          .filter({ hasText: "Piastrix did not answer" })
          .waitFor({ state: "detached" })
        // the browser saw the 502 the page shows: expected here, and only here
        admin.problems.splice(
          0,
          admin.problems.length,
          ...admin.problems.filter((p) => !/balances|502/.test(p))
        )
      } finally {
        await sandboxControl(sandbox(), "DELETE", "faults")
      }
    })

    for (const language of ["en", "ru"] as const) {
      it(`answers every settings section and a payout quote within the interactive timeout while Piastrix hangs, with a retry (${language})`, async () => {
        const words = {
          en: {
            // Reached, and no answer in time: not "cannot be reached" (a connection that failed says that).
            down: "Piastrix did not answer in time. This could not be read just now.",
            again: "Try again",
            details: "Details",
            vendor: "Hanging vendor",
            create: "Create",
            newPayout: "New payout",
            recipient: "Recipient",
            getQuote: "Get quote",
            noQuote: "No quote. Piastrix did not answer in time.",
            unreachable: "No quote. Piastrix cannot be reached.",
            fee: "Piastrix fee",
            testConnection: "Test connection",
            connectionLate: "Piastrix did not answer in time",
            notChecked: "Credentials not checked: no answer from Piastrix",
          },
          ru: {
            down: "Piastrix не ответил вовремя. Сейчас это не удалось прочитать.",
            again: "Повторить",
            details: "Подробности",
            vendor: "Лавка на паузе",
            create: "Создать",
            newPayout: "Новая выплата",
            recipient: "Получатель",
            getQuote: "Рассчитать",
            noQuote: "Расчёт не получен. Piastrix не ответил вовремя.",
            unreachable: "Расчёт не получен. Piastrix недоступен.",
            fee: "Комиссия Piastrix",
            testConnection: "Проверить подключение",
            connectionLate: "Piastrix не ответил вовремя",
            notChecked: "Данные не проверены: Piastrix не ответил",
          },
        }[language]
        const vendor = await walletVendor(
          await adminHeaders(getContainer()),
          words.vendor,
          "300.00"
        )
        // The whole service hangs for longer than the regular timeout (15 s), let alone three attempts of it.
        const fault = await sandboxControl<{ id: number }>(
          sandbox(),
          "POST",
          "faults",
          {
            type: "latency",
            ms: 20000,
          }
        )
        try {
          admin = await openAdmin(browser, medusaUrl(), {
            scenario: `admin-settings-hanging-${language}`,
            language,
          })
          const { page } = admin
          const balances = page.waitForResponse((res) =>
            res.url().includes("/admin/piastrix/balances")
          )
          await page.goto(`${medusaUrl()}/app/settings/piastrix`)
          // One attempt within interactiveTimeoutMs (5 s): the answer comes well before one regular attempt would.
          const answer = await balances
          expect(answer.status()).toBe(502)
          expect(answer.request().timing().responseStart).toBeLessThan(15000)
          const alerts = page.getByRole("alert").filter({ hasText: words.down })
          // Balances, payment directions and payout directions: each says so, plainly, with a way to ask again.
          await alerts.nth(2).waitFor()
          for (const alert of await alerts.all()) {
            const shown = await alert.innerText()
            expect(shown).not.toMatch(
              /Piastrix\w*Error|timed out|5000|502|ECONN/
            )
            await alert.getByRole("button", { name: words.again }).waitFor()
          }
          await admin.shot("settings-service-hanging")
          const history = await sandboxControl<
            Array<{ id: number; fired: number }>
          >(sandbox(), "GET", "faults/history")
          // The sandbox held the balance and the directions reads: the fault fired.
          expect(
            history.find((f) => f.id === fault.id)?.fired
          ).toBeGreaterThanOrEqual(2)
          // Asked once, not three times: the reason under Details says so.
          const first = alerts.first()
          await first.getByText(words.details).click()
          await first
            .getByText(/timed out after 5000 ms \(after 1 attempt\)/)
            .waitFor()
          // The connection test says the same: reached, no answer in time (not "cannot be reached").
          await page.getByRole("button", { name: words.testConnection }).click()
          const report = page.getByTestId("piastrix-connection-report")
          await report.getByText(words.connectionLate).waitFor()
          await report.getByText(words.notChecked).waitFor()
          expect(await report.innerText()).not.toMatch(
            /cannot be reached|недоступен|Piastrix\w*Error|timed out/
          )
          await admin.shot("settings-connection-hanging")

          await sandboxControl(sandbox(), "DELETE", "faults")
          await first.getByRole("button", { name: words.again }).click()
          await alerts.first().waitFor({ state: "detached" })
          await page
            .getByRole("cell", { name: "RUB", exact: true })
            .first()
            .waitFor()

          // A payout's quote with the service hanging again: one plain sentence within the interactive timeout,
          // and *Get quote* asks again once the service answers.
          const quoteFault = await sandboxControl<{ id: number }>(
            sandbox(),
            "POST",
            "faults",
            { type: "latency", ms: 20000 }
          )
          await page.goto(`${medusaUrl()}/app/piastrix/payouts`)
          await page
            .getByRole("button", { name: words.create, exact: true })
            .click()
          await page.getByRole("heading", { name: words.newPayout }).waitFor()
          await page.getByLabel(words.recipient, { exact: true }).click()
          await page.getByRole("option", { name: words.vendor }).click()
          const quoted = page.waitForResponse((res) =>
            res.url().includes("/admin/piastrix/payouts/quote")
          )
          await page.getByRole("button", { name: words.getQuote }).click()
          const quoteAnswer = await quoted
          expect(quoteAnswer.status()).toBe(502)
          expect(quoteAnswer.request().timing().responseStart).toBeLessThan(
            15000
          )
          const refusal = page
            .getByRole("alert")
            .filter({ hasText: words.noQuote })
          await refusal.waitFor()
          expect(await refusal.innerText()).not.toMatch(
            /Piastrix\w*Error|timed out|5000|502|ECONN/
          )
          await admin.shot("payout-quote-service-hanging")
          const held = await sandboxControl<
            Array<{ id: number; fired: number }>
          >(sandbox(), "GET", "faults/history")
          // The sandbox held the quote's request: asked once (one attempt), not retried.
          expect(held.find((f) => f.id === quoteFault.id)?.fired).toBe(1)
          // A connection the service drops (the sandbox's reset) is no late answer: Piastrix cannot be reached.
          await sandboxControl(sandbox(), "DELETE", "faults")
          await sandboxControl(sandbox(), "POST", "faults", { type: "reset" })
          await page.getByRole("button", { name: words.getQuote }).click()
          await page
            .getByRole("alert")
            .filter({ hasText: words.unreachable })
            .waitFor()
          await admin.shot("payout-quote-service-unreachable")
          await sandboxControl(sandbox(), "DELETE", "faults")
          await page.getByRole("button", { name: words.getQuote }).click()
          await page
            .getByTestId("piastrix-payout-quote")
            .getByText(words.fee)
            .waitFor()
          expect(
            (
              await api.get(
                `/admin/piastrix/payouts?recipient_id=${vendor.id}`,
                await adminHeaders(getContainer())
              )
            ).data.count
          ).toBe(0)
          // the browser saw the 502s the page shows: expected here, and only here
          admin.problems.splice(
            0,
            admin.problems.length,
            ...admin.problems.filter((p) => !/\b502\b/.test(p))
          )
        } finally {
          await sandboxControl(sandbox(), "DELETE", "faults")
        }
      })
    }

    it("Settings → Piastrix changes an operational setting, and the next payout follows it", async () => {
      const headers = await adminHeaders(getContainer())
      admin = await openAdmin(browser, medusaUrl(), {
        scenario: "admin-operational-settings",
      })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/settings/piastrix`)
      await page
        .getByRole("heading", { name: "Operational settings" })
        .waitFor()
      const threshold = page.locator(
        '[data-setting="payouts.approvalThreshold"]'
      )
      await threshold.getByRole("textbox").waitFor()
      // At its default the setting carries no badge; once changed here it says so.
      expect(await threshold.innerText()).not.toMatch(/default|set here/)
      await page
        .getByLabel("Payouts above this amount wait for approval")
        .fill("100.00")
      await page.getByRole("button", { name: "Save settings" }).click()
      await page.getByText("Settings saved").waitFor()
      await threshold.getByText("set here").waitFor()
      await admin.shot("settings-operational-saved")
      try {
        const recipient = await walletVendor(
          headers,
          "Threshold vendor",
          "500.00"
        )
        const { payout } = (
          await api.post(
            "/admin/piastrix/payouts",
            { recipient_id: recipient.id, amount: "300.00" },
            headers
          )
        ).data
        expect(payout.status).toBe("awaiting_approval")
        await api.post(
          `/admin/piastrix/payouts/${payout.id}/cancel`,
          { reason: "test" },
          headers
        )
      } finally {
        await api.post(
          "/admin/piastrix/settings",
          { settings: { "payouts.approvalThreshold": null } },
          headers
        )
      }
    })

    /**
     * A sale of `recipientId`'s for an order Medusa numbered (`inOrder`, or a new one), accrued and released;
     * returns the order.
     */
    async function soldInOrder(
      recipientId: string,
      key: string,
      inOrder?: { id: string; display_id: number }
    ) {
      const [order] = inOrder
        ? [inOrder]
        : await getContainer()
            .resolve(Modules.ORDER)
            .createOrders([
              { currency_code: "rub", email: "buyer@example.com" },
            ])
      const db = getContainer().resolve<SqlDatabase>(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      await accrue(db, {
        key,
        recipient_id: recipientId,
        gross: "100.00",
        quantity: 1,
        references: { order_id: order.id },
      })
      await releaseDueHolds(db)
      return order as unknown as { id: string; display_id: number }
    }

    it("the inbox shows a paid payment that could not become an order first, with its reason, and retries it", async () => {
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix_piastrix",
        {
          payway: "card_rub",
          email: "payer@example.com",
        }
      )
      // The cart changes after the payer was sent to pay: an item to ship and no shipping method.
      const item = await addItemToShip(getContainer(), cart.id)
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      await settledRow(getContainer(), session.id, "needs_attention")
      // A payment the service rejected, processed: a failure, never shown green as "Processed".
      const piastrix = inbox(getContainer())
      const rejected = piastrix.verifyCallback({
        fields: successNotification("order-rejected-by-bank", "300.00", {
          status: "rejected",
        }),
      })
      if (!rejected.ok) {
        throw new Error(`the notification did not verify: ${rejected.reason}`)
      }
      const { row: rejectedRow } = await piastrix.recordNotification(
        rejected.notification
      )
      await piastrix.settleNotification(rejectedRow.id, "processed", null)

      admin = await openAdmin(browser, medusaUrl(), { scenario: "admin-inbox" })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/piastrix`)
      await page
        .getByRole("heading", { name: "Piastrix notifications" })
        .waitFor()
      const first = page.locator("tbody tr").first()
      await first.getByText("Needs attention").waitFor()
      // The reason in plain words; Medusa's own error only in Details.
      await first
        .getByText("Paid, but the cart could not become an order.")
        .waitFor()
      expect(await first.innerText()).not.toMatch(/No shipping method/)
      // No order yet: the payer's e-mail to write to, the session only in Details.
      expect(await first.innerText()).toMatch(/No order/)
      await first.getByRole("link", { name: "payer@example.com" }).waitFor()
      expect(await rawIdsOnScreen(page)).toEqual([])
      await page.getByText("1 needs attention").waitFor()
      // The navigation counts it too, in the Piastrix item's icon (the sidebar and its search list each
      // render the item).
      expect(
        await page.getByTestId("piastrix-attention-count").first().innerText()
      ).toBe("1")
      const rejectedLine = page.locator("tbody tr", {
        hasText: "order-rejected-by-bank",
      })
      await rejectedLine.getByText("Payment rejected").waitFor()
      await rejectedLine.getByText("Rejected", { exact: true }).waitFor()
      await admin.shot("inbox-needs-attention")

      // A retry before the cause is fixed says so, not in green. Medusa's prompt asks first, with the amount.
      await rowAction(page, first, "Retry")
      expect(await answerPrompt(page, "Retry")).toMatch(
        /Process this payment again\?[\s\S]*RUB\s[\d,]+\.\d\d/
      )
      await waitForText(admin, "Tried again, still Needs attention")
      expect(
        await toastTone(admin.page, "Tried again, still Needs attention")
      ).toBe("warning")

      // The store owner fixes the cart, then retries from the inbox.
      await getContainer().resolve(Modules.CART).deleteLineItems([item.id])
      await rowAction(page, first, "Retry")
      await answerPrompt(page, "Retry")
      await waitForText(admin, "Processed: the payment is settled")
      expect(
        await toastTone(admin.page, "Processed: the payment is settled")
      ).toBe("success")
      const placed = page.locator("tbody tr", { hasText: session.id })
      await waitForText(admin, "Processed", { within: placed, exact: true })
      const order = await findOrderForCart(getContainer(), cart.id)
      expect(order?.payment_state).toBe("captured")
      // The row now names the order as Medusa's admin does, linking to it.
      const orderLink = placed.getByRole("link", {
        name: `#${order.display_id}`,
        exact: true,
      })
      await orderLink.waitFor()
      expect(await orderLink.getAttribute("href")).toBe(
        `/app/orders/${order.id}`
      )
      expect(await rawIdsOnScreen(page)).toEqual([])
      await admin.shot("inbox-retried")
      // Support finds the session under Details.
      await placed.getByText("Details").click()
      await placed.getByText(`Payment session ${session.id}`).waitFor()
      await admin.shot("inbox-details-open")
      await page
        .getByTestId("piastrix-attention-count")
        .first()
        .waitFor({ state: "detached" })
    })

    it("the inbox marks a row settled outside the plugin resolved, with a note", async () => {
      const piastrix = inbox(getContainer())
      const verified = piastrix.verifyCallback({
        fields: successNotification("order-settled-by-hand", "700.00"),
      })
      if (!verified.ok) {
        throw new Error(`the notification did not verify: ${verified.reason}`)
      }
      const { row } = await piastrix.recordNotification(verified.notification)
      await piastrix.settleNotification(
        row.id,
        "needs_attention",
        "the cart was deleted after payment"
      )

      admin = await openAdmin(browser, medusaUrl(), {
        scenario: "admin-inbox-resolve",
      })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/piastrix`)
      const line = page.locator("tbody tr", {
        hasText: "order-settled-by-hand",
      })
      await line.getByText("Needs attention").waitFor()
      // In the row's "…" menu; Medusa's prompt says what it means, then the note is written in a drawer.
      await rowAction(page, line, "Mark resolved")
      expect(await answerPrompt(page, "Continue")).toMatch(
        /Mark RUB\s700\.00 resolved\?/
      )
      await saveResolution(
        admin,
        line,
        "refunded to the payer at Piastrix, ticket 4411",
        "inbox-resolving"
      )
      await admin.shot("inbox-resolved")
      const [after] = await piastrix.listPiastrixNotifications({ id: row.id })
      expect(after).toMatchObject({
        state: "resolved",
        resolution_note: "refunded to the payer at Piastrix, ticket 4411",
      })
    })

    it("the inbox marks a payment found paid without an order resolved after Medusa's prompt, and counts it no more", async () => {
      // A card payment paid in dollars where roubles were asked, its callback lost: the status read finds it.
      const cart = await createCart(api, seed())
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix_piastrix",
        { payway: "card_rub", email: cart.email }
      )
      try {
        const run = await paidNotAsAskedFoundByStatus(
          getContainer(),
          sandbox(),
          session.id
        )
        expect(
          run.payments.find((p) => p.session_id === session.id)?.outcome
        ).toBe("paid_not_as_asked")
      } finally {
        await sandboxControl(sandbox(), "DELETE", "faults")
      }

      admin = await openAdmin(browser, medusaUrl(), {
        scenario: "admin-inbox-resolve-payment",
      })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/piastrix`)
      const line = page.locator("tbody tr", { hasText: session.id })
      await line.getByText("Needs attention").waitFor()
      await line.getByText(/Paid at Piastrix in another amount/).waitFor()
      // What was paid in the amount's column, and under it what was asked (not only in the reason's Details):
      // two lines at the table's usual width.
      const shown = line.getByTestId("piastrix-inbox-amount")
      await shown.waitFor()
      expect(await linesOnScreen(shown)).toBe(2)
      expect(
        (await shown.innerText()).replace(/[\u00a0\u202f]/g, " ").split(/\n+/)
      ).toEqual([
        shownAmount("1250.50", "USD"),
        `Paid, ${shownAmount("1250.50")} asked`,
      ])
      await admin.shot("inbox-paid-not-as-asked")
      const count = page.getByTestId("piastrix-attention-count").first()
      const before = Number(await count.innerText())
      expect(before).toBeGreaterThanOrEqual(1)
      // Not a notification: nothing to retry or refund, only Mark resolved.
      await line.getByRole("button", { name: "Actions", exact: true }).click()
      await page
        .getByRole("menuitem", { name: "Mark resolved", exact: true })
        .waitFor()
      expect(
        await page.getByRole("menuitem", { name: /^(Retry|Refund)$/ }).count()
      ).toBe(0)
      await page
        .getByRole("menuitem", { name: "Mark resolved", exact: true })
        .click()
      // Medusa's prompt names the amount asked (what was paid is beside it on the row) and what resolving
      // means; Cancel leaves the row as it was.
      const sum = shownAmount("1250.50")
      expect(await answerPrompt(page, "Cancel")).toMatch(
        new RegExp(
          `Mark ${sum.replace(/\./g, "\\.").replace(/ /g, "\\s")} resolved\\?[\\s\\S]*refunded at Piastrix`
        )
      )
      expect(await page.getByRole("dialog").count()).toBe(0)
      await rowAction(page, line, "Mark resolved")
      await answerPrompt(page, "Continue")
      await saveResolution(
        admin,
        line,
        "refunded USD 1,250.50 at Piastrix, ticket 4412",
        "inbox-resolving-payment"
      )
      // The count in the navigation no longer counts it.
      if (before === 1) {
        await count.waitFor({ state: "detached" })
      } else {
        await page.waitForFunction(
          (expected) =>
            document.querySelector('[data-testid="piastrix-attention-count"]')
              ?.textContent === expected,
          String(before - 1)
        )
      }
      await admin.shot("inbox-resolved-payment")
      const [registered] = await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          `select state, resolution_note, resolved_at from piastrix_payment where shop_order_id = ?`,
          [session.id]
        )
        .then((r: { rows: unknown[] }) => r.rows)
      expect(registered).toMatchObject({
        state: "paid_without_order",
        resolution_note: "refunded USD 1,250.50 at Piastrix, ticket 4412",
        resolved_at: expect.any(Date),
      })
    })

    it("the inbox sends a paid wallet payment that has no order back to the payer with one click, and then offers no second refund", async () => {
      // The payer pays a wallet bill whose session Medusa no longer holds (the cart was abandoned).
      const { session, row } = await paidWithoutSession()

      admin = await openAdmin(browser, medusaUrl(), {
        scenario: "admin-inbox-refund",
      })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/piastrix`)
      const line = page.locator("tbody tr", { hasText: session.id })
      await line.getByText("Needs attention").waitFor()
      const sum = shownAmount(row.shop_amount!)
      // Every refund the page asks the server for, to show that Cancel asks none.
      const refundPosts: string[] = []
      page.on("request", (request) => {
        if (
          request.method() === "POST" &&
          /\/admin\/piastrix\/notifications\/[^/]+\/refund$/.test(request.url())
        ) {
          refundPosts.push(request.url())
        }
      })
      // Processing again cannot place an order for a session that is gone: the menu offers no Retry.
      await line.getByRole("button", { name: "Actions", exact: true }).click()
      await page
        .getByRole("menuitem", { name: "Refund", exact: true })
        .waitFor()
      expect(
        await page.getByRole("menuitem", { name: "Retry", exact: true }).count()
      ).toBe(0)
      // Medusa's prompt names the amount before any money moves; Cancel sends nothing.
      await page.getByRole("menuitem", { name: "Refund", exact: true }).click()
      await page.getByRole("alertdialog").getByText(`Refund ${sum}?`).waitFor()
      await admin.shot("inbox-refunding")
      await answerPrompt(page, "Cancel")
      expect(await refundTransfers(sandbox(), session.id)).toHaveLength(0)
      await rowAction(page, line, "Refund")
      await answerPrompt(page, `Send ${sum} back to the payer`)
      await waitForText(admin, `Refunded ${sum}`)
      await line.getByText("Resolved", { exact: true }).waitFor()
      // A resolved row has nothing left to do: no "…" menu, so no second refund.
      expect(await line.getByRole("button", { name: "Actions" }).count()).toBe(
        0
      )
      await admin.shot("inbox-refunded")
      expect(await refundTransfers(sandbox(), session.id)).toHaveLength(1)
      // One request: the confirmed one (the server would send once anyway; the prompt is what asked).
      expect(refundPosts).toHaveLength(1)
    })

    it("Piastrix → Payouts creates a payout for a vendor, shows its status, and cancels it with the reason", async () => {
      const headers = await adminHeaders(getContainer())
      const { data } = await api.post(
        "/admin/piastrix/recipients",
        {
          name: "Browser vendor",
          email: "vendor@example.com",
          rail: "withdraw",
          payway: "card_rub",
          account: "4111111111111111",
          currency: 643,
          schedule: "manual",
        },
        headers
      )
      await api.post(
        `/admin/piastrix/recipients/${data.recipient.id}/adjustments`,
        {
          amount: "500.00",
          reason: "earnings",
          idempotency_key: "browser-earnings",
        },
        headers
      )

      admin = await openAdmin(browser, medusaUrl(), {
        scenario: "admin-payouts",
      })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/piastrix/payouts`)
      await page.getByRole("heading", { level: 1, name: "Payouts" }).waitFor()
      // *Create* opens the new payout in a focus modal, as the dashboard's create forms open.
      await page.getByRole("button", { name: "Create", exact: true }).click()
      await page.getByRole("heading", { name: "New payout" }).waitFor()
      await page.getByLabel("Recipient", { exact: true }).click()
      await page.getByRole("option", { name: "Browser vendor" }).click()
      await page
        .getByLabel("Amount (empty: all that is payable)")
        .fill("300.00")
      // Quote first: the fee of card_rub in the sandbox (30 + 1 %) and the account check; nothing written yet.
      await page.getByRole("button", { name: "Get quote" }).click()
      const quote = page.getByTestId("piastrix-payout-quote")
      await quote.getByText("Account checked").waitFor()
      const quoted = await quote.innerText()
      expect(quoted).toMatch(/Piastrix fee\s+RUB\s32\.67/)
      expect(quoted).toMatch(/The payee receives\s+RUB\s267\.33/)
      expect(quoted).toMatch(/Bank card 41••••••••••1111/)
      await admin.shot("payouts-quote")
      expect(
        (
          await api.get(
            `/admin/piastrix/payouts?recipient_id=${data.recipient.id}`,
            headers
          )
        ).data.count
      ).toBe(0)
      await page.getByRole("button", { name: "Confirm payout" }).click()
      expect(await answerPrompt(page, "Confirm payout")).toMatch(
        /RUB\s300\.00 is paid to Browser vendor \(Bank card\)/
      )
      await page
        .getByText(`Payout of ${shownAmount("300.00")} created: Pending`)
        .waitFor()
      // Only this vendor's payouts: the list does not depend on what other scenarios made.
      await page.getByLabel("Payouts of").click()
      await page.getByRole("option", { name: "Browser vendor" }).click()
      const row = page.locator("tbody tr").first()
      await row.getByText("Pending", { exact: true }).waitFor()
      const text = await row.innerText()
      expect(text).toMatch(/300\.00/)
      // The recipient links to its page.
      expect(
        await row
          .getByRole("link", { name: "Browser vendor" })
          .getAttribute("href")
      ).toBe(`/app/piastrix/recipients/${data.recipient.id}`)
      // The card number is never shown whole.
      expect(text).toMatch(/41••••••••••1111/)
      expect(await page.content()).not.toContain("4111111111111111")
      await admin.shot("payouts-created")

      await rowAction(page, row, "Cancel")
      expect(await answerPrompt(page, "Cancel payout")).toMatch(
        /RUB\s300\.00 to Browser vendor is not sent/
      )
      await page.getByText("Payout canceled").waitFor()
      await row.getByText("Canceled", { exact: true }).waitFor()
      expect(await row.innerText()).toMatch(/Canceled in the admin\./)
      await admin.shot("payouts-canceled")
      const [payout] = (
        await api.get(
          `/admin/piastrix/payouts?recipient_id=${data.recipient.id}`,
          headers
        )
      ).data.payouts
      expect(payout).toMatchObject({ status: "canceled", amount: "300.00" })
    })

    it("Piastrix → Payouts approves a payout above the threshold and follows it to succeeded", async () => {
      const headers = await adminHeaders(getContainer())
      await api.post(
        "/admin/piastrix/settings",
        { settings: { "payouts.approvalThreshold": "100.00" } },
        headers
      )
      try {
        await walletVendor(headers, "Wallet vendor", "400.00")
        admin = await openAdmin(browser, medusaUrl(), {
          scenario: "admin-payouts-approve",
        })
        const { page } = admin
        await page.goto(`${medusaUrl()}/app/piastrix/payouts`)
        await page.getByRole("button", { name: "Create", exact: true }).click()
        await page.getByLabel("Recipient", { exact: true }).click()
        await page.getByRole("option", { name: "Wallet vendor" }).click()
        await page.getByRole("button", { name: "Get quote" }).click()
        await page.getByText("the payout will wait for approval").waitFor()
        await page.getByRole("button", { name: "Confirm payout" }).click()
        await answerPrompt(page, "Confirm payout")
        await page
          .getByText(
            `Payout of ${shownAmount("400.00")} created: Awaiting approval`
          )
          .waitFor()
        // Only this vendor's payouts: the filter by recipient.
        await page.getByLabel("Payouts of").click()
        await page.getByRole("option", { name: "Wallet vendor" }).click()
        const row = page.locator("tbody tr").first()
        await row.getByText("Awaiting approval").waitFor()
        expect(await page.locator("tbody tr").count()).toBe(1)
        await admin.shot("payouts-awaiting-approval")
        await rowAction(page, row, "Approve")
        expect(await answerPrompt(page, "Approve")).toMatch(
          /RUB\s400\.00 to Wallet vendor/
        )
        await page.getByText("Payout approved").waitFor()
        await row.getByText("Pending", { exact: true }).waitFor()

        await runPayoutJobs()
        await page.reload()
        await page.getByLabel("Payouts of").click()
        await page.getByRole("option", { name: "Wallet vendor" }).click()
        await page
          .locator("tbody tr")
          .first()
          .getByText("Succeeded", { exact: true })
          .waitFor()
        // The sandbox's 0.5 % wallet fee, and what the payee received.
        expect(await page.locator("tbody tr").first().innerText()).toMatch(
          /fee RUB\s1\.99, the payee gets RUB\s398\.01/
        )
        await admin.shot("payouts-succeeded")
      } finally {
        await api.post(
          "/admin/piastrix/settings",
          { settings: { "payouts.approvalThreshold": null } },
          headers
        )
      }
    })

    it("Piastrix → Recipients adds a vendor, edits and suspends it, links a product, shows its ledger and downloads its statement", async () => {
      const headers = await adminHeaders(getContainer())
      admin = await openAdmin(browser, medusaUrl(), {
        scenario: "admin-recipients",
      })
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/piastrix/recipients`)
      await page
        .getByRole("heading", { level: 1, name: "Recipients" })
        .waitFor()
      await page.getByRole("button", { name: "Create", exact: true }).click()
      await page.getByRole("heading", { name: "New recipient" }).waitFor()
      await page.getByLabel("Name").fill("Page vendor")
      await page.getByLabel("Email").fill("page-vendor@example.com")
      await page.getByLabel("Paid to").click()
      // Directions by the names people use, with their currency.
      await page.getByRole("option", { name: "Bank card · RUB" }).click()
      // The currency follows the payout direction.
      expect(await page.getByLabel("Currency").inputValue()).toBe("RUB")
      await page.getByLabel("Account").fill("4111111111111111")
      await page.getByLabel("Hold, days").fill("0")
      await admin.shot("recipients-new")
      await page.getByRole("button", { name: "Add recipient" }).click()
      await page.getByText("Recipient Page vendor added").waitFor()
      await page.getByRole("heading", { name: "Page vendor" }).waitFor()
      const id = page.url().split("/").pop()!
      expect(id).toMatch(/^pxrcp_/)
      await page.getByText("Paid to: Bank card 41••••••••••1111").waitFor()
      // Breadcrumbs in the dashboard's top bar: Piastrix › Recipients › the recipient.
      const crumbs = page.locator("ol", {
        has: page.getByRole("link", { name: "Recipients" }),
      })
      await crumbs.waitFor()
      expect(await crumbs.textContent()).toMatch(
        /^Piastrix\s*Recipients\s*(\.\.\.)?\s*Page vendor$/
      )
      expect(
        await crumbs
          .getByRole("link", { name: "Piastrix" })
          .getAttribute("href")
      ).toBe("/app/piastrix")
      expect(
        await crumbs
          .getByRole("link", { name: "Recipients" })
          .getAttribute("href")
      ).toBe("/app/piastrix/recipients")
      await page.getByRole("button", { name: "Check account" }).click()
      await page.getByText("Piastrix would pay this account").waitFor()

      // An opening balance, from the header's "…" menu: a drawer, then Medusa's prompt with the amount.
      const header = page.getByTestId("piastrix-page-header")
      await rowAction(page, header, "Adjust balance")
      const drawer = page.getByRole("dialog")
      await drawer.getByLabel("Amount (negative to take away)").fill("250.00")
      await drawer.getByLabel("Reason").fill("opening balance")
      await drawer.getByRole("button", { name: "Adjust balance" }).click()
      expect(await answerPrompt(page, "Adjust balance")).toMatch(
        /RUB\s250\.00 is added to the available balance of Page vendor/
      )
      await page.getByText("Balance adjusted").waitFor()
      await drawer.waitFor({ state: "detached" })
      // Money it earned shows in its balance and ledger, and in the statement.
      await page.getByText("Available: RUB 250.00").waitFor()
      const entry = page.locator("tbody tr", { hasText: "opening balance" })
      expect(await entry.innerText()).toMatch(
        /Adjustment\s+Available\s+RUB\s250\.00/
      )

      // A sale in an order and a payout: the ledger names the order as #N and links both.
      const order = await soldInOrder(id, "browser-recipient-sale")
      const { payout } = (
        await api.post(
          "/admin/piastrix/payouts",
          { recipient_id: id, amount: "50.00" },
          headers
        )
      ).data
      await page.reload()
      const sale = page.locator("tbody tr", { hasText: "Sale accrued" }).first()
      const orderLink = sale.getByRole("link", {
        name: `#${order.display_id}`,
        exact: true,
      })
      await orderLink.waitFor()
      expect(await orderLink.getAttribute("href")).toBe(
        `/app/orders/${order.id}`
      )
      // The hold's release is for that order too.
      await page
        .locator("tbody tr", { hasText: "Hold released" })
        .first()
        .getByRole("link", { name: `#${order.display_id}`, exact: true })
        .waitFor()
      // The payout named as the statement names it: its amount and when it was made, in the page's locale.
      const payoutLink = page
        .locator("tbody tr", { hasText: "Payout sent" })
        .first()
        .getByRole("link", { name: PAYOUT_50_EN })
      expect(await payoutLink.getAttribute("href")).toBe(
        `/app/piastrix/payouts/${payout.id}`
      )
      expect(await rawIdsOnScreen(page)).toEqual([])
      // The admin scrolls inside its own container: bring the ledger into the screenshot.
      await sale.scrollIntoViewIfNeeded()
      await admin.shot("recipient-ledger")

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByText("Download statement (CSV)").click(),
      ])
      expect(download.suggestedFilename()).toBe("statement-page-vendor.csv")
      const csv = fs.readFileSync((await download.path())!, "utf8")
      expect(csv).toMatch(/^Date \([^)]+\),Entry,Account,/)
      expect(csv).toContain(
        "Adjustment,Available,RUB,250.00,250.00,,,opening balance"
      )
      expect(csv).toMatch(
        new RegExp(
          `Sale accrued,On hold,RUB,[0-9.]+,[0-9.]+,#${order.display_id},`
        )
      )
      expect(csv).not.toContain("order_")
      expect(csv).toMatch(/,50\.00 RUB of \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/)
      expect(csv).not.toContain("pxpo_")

      // Edit a setting and an amount typed the English way, then suspend.
      await page.getByLabel("Hold, days").fill("3")
      await page.getByLabel("Minimum payout").fill("1,250.50")
      await page.getByRole("button", { name: "Save" }).click()
      await page.getByText("Recipient saved").waitFor()
      // Saved amounts read back in English format with the currency's digits, not as the API's "1250.50".
      await page.reload()
      await page.getByRole("heading", { name: "Page vendor" }).waitFor()
      expect(await page.getByLabel("Minimum payout").inputValue()).toBe(
        "1,250.50"
      )
      expect(await page.getByLabel("Commission, fixed").inputValue()).toBe(
        "0.00"
      )
      await rowAction(page, header, "Suspend")
      await header.getByText("Suspended", { exact: true }).waitFor()
      const saved = (await api.get(`/admin/piastrix/recipients/${id}`, headers))
        .data.recipient
      expect(saved).toMatchObject({
        hold_days: 3,
        minimum_payout: "1250.50",
        state: "suspended",
      })

      // Link one of the store's products: its sales earn the vendor its share.
      const [product] = (
        await api.get("/admin/products", {
          ...headers,
          params: { q: "Sticker pack", fields: "id,title" },
        })
      ).data.products
      await page.getByLabel("Find a product to link").fill(product.title)
      await page.getByRole("button", { name: "Link", exact: true }).click()
      // Linked, it is a row whose "…" menu offers Unlink.
      const productRow = page.locator("tbody tr", { hasText: product.title })
      await productRow.getByRole("button", { name: "Actions" }).click()
      await page.getByRole("menuitem", { name: "Unlink" }).waitFor()
      await page.keyboard.press("Escape")
      await admin.shot("recipient-page")
      const linked = (
        await api.get(`/admin/piastrix/recipients/${id}/products`, headers)
      ).data.products
      expect(linked).toEqual([{ id: product.id, title: product.title }])

      await page.goto(`${medusaUrl()}/app/piastrix/recipients`)
      const row = page.locator("tbody tr", { hasText: "Page vendor" })
      expect(await row.innerText()).toMatch(/Suspended/)
      await admin.shot("recipients-list")

      // The payout's link opens the payout's page: its amount, status and recipient, ids under Details.
      await page.goto(`${medusaUrl()}/app/piastrix/recipients/${id}`)
      await page
        .locator("tbody tr", { hasText: "Payout sent" })
        .first()
        .getByRole("link", { name: PAYOUT_50_EN })
        .click()
      await page.waitForURL(/\/app\/piastrix\/payouts\/pxpo_/)
      await page
        .getByRole("heading", { level: 1, name: "Payout of RUB 50.00" })
        .waitFor()
      const payoutHeader = page.getByTestId("piastrix-page-header")
      await payoutHeader.getByText("Pending", { exact: true }).waitFor()
      expect(
        await page
          .getByRole("link", { name: "Page vendor", exact: true })
          .getAttribute("href")
      ).toBe(`/app/piastrix/recipients/${id}`)
      expect(await rawIdsOnScreen(page)).toEqual([])
      await admin.shot("payout-page")
      // Its breadcrumb leads back to the list, and a row of the list opens the payout again.
      await page
        .locator("ol")
        .getByRole("link", { name: "Payouts", exact: true })
        .click()
      await page.getByText("Filter by status").first().waitFor()
      await page
        .locator("tbody tr", { hasText: "Page vendor" })
        .first()
        .getByText("RUB 50.00")
        .click()
      await page.waitForURL(/\/app\/piastrix\/payouts\/pxpo_/)
    })

    it("names orders by number on the inbox and a recipient's ledger in Russian, the ids only in Details", async () => {
      const headers = await adminHeaders(getContainer())
      // A payment that became an order, and a vendor's sale in that order with a payout.
      const cart = await createCart(api, seed(), { email: "anna@example.com" })
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix_piastrix",
        { payway: "card_rub", email: "anna@example.com" }
      )
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      await settledRow(getContainer(), session.id, "processed")
      const order = await findOrderForCart(getContainer(), cart.id)
      const vendor = await walletVendor(
        headers,
        "Лавка Анны",
        "50.00",
        "выручка"
      )
      // The vendor's share is of the order paid here: the order's card shows it.
      await soldInOrder(vendor.id, "browser-ru-sale", order)
      await api.post(
        "/admin/piastrix/payouts",
        { recipient_id: vendor.id, amount: "10.00" },
        headers
      )

      admin = await openAdminInRussian("admin-ru-ids")
      const { page } = admin

      await page.goto(`${medusaUrl()}/app/piastrix`)
      await page
        .getByRole("heading", { name: "Уведомления Piastrix" })
        .waitFor()
      const line = page.locator("tbody tr", { hasText: session.id })
      const inboxLink = line.getByRole("link", {
        name: `#${order.display_id}`,
        exact: true,
      })
      await inboxLink.waitFor()
      expect(await inboxLink.getAttribute("href")).toBe(
        `/app/orders/${order.id}`
      )
      await line.getByRole("link", { name: "anna@example.com" }).waitFor()
      expect(await rawIdsOnScreen(page)).toEqual([])
      // Amounts as Russian reads them: "1 250,50 ₽", never the API's "1250.50".
      expect(await line.innerText()).toMatch(/\d,\d\d\s₽/)
      expect(await unformattedAmountsOnScreen(page)).toEqual([])
      expect(await englishOnScreen(page)).toEqual([])
      await admin.shot("inbox-ru")

      await page.goto(`${medusaUrl()}/app/piastrix/recipients/${vendor.id}`)
      const sale = page
        .locator("tbody tr", { hasText: "Начисление за продажу" })
        .first()
      await sale.waitFor()
      expect(
        await sale.getByRole("link", { name: /^#\d+$/ }).getAttribute("href")
      ).toMatch(/^\/app\/orders\/order_/)
      await page
        .locator("tbody tr", { hasText: "Выплата отправлена" })
        .first()
        .getByRole("link", { name: PAYOUT_10_RU })
        .waitFor()
      expect(await rawIdsOnScreen(page)).toEqual([])
      expect(await sale.innerText()).toMatch(/\d,\d\d\s₽/)
      expect(await unformattedAmountsOnScreen(page)).toEqual([])
      expect(await englishOnScreen(page)).toEqual([])
      await sale.scrollIntoViewIfNeeded()
      await admin.shot("recipient-ru")
      // The statement speaks the page's language, and its file is named after the vendor.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByText("Скачать выписку (CSV)").click(),
      ])
      expect(download.suggestedFilename()).toBe("statement-лавка-анны.csv")
      const csv = fs.readFileSync((await download.path())!, "utf8")
      expect(csv).toMatch(/^Дата \([^)]+\),Запись,Счёт,/)
      expect(csv).toMatch(
        /Начисление за продажу,Удержано,RUB,[0-9.]+,[0-9.]+,#\d+,/
      )
      expect(csv).toContain("Выплата отправлена")
      expect(csv).toMatch(/,10\.00 RUB от \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/)

      // The payout's page in Russian: its amount in Russian digits, no English, ids under Details.
      await page
        .locator("tbody tr", { hasText: "Выплата отправлена" })
        .first()
        .getByRole("link", { name: PAYOUT_10_RU })
        .click()
      await page
        .getByRole("heading", { level: 1, name: /^Выплата 10,00\s₽$/ })
        .waitFor()
      await page.getByRole("link", { name: "Лавка Анны" }).first().waitFor()
      expect(await rawIdsOnScreen(page)).toEqual([])
      expect(await unformattedAmountsOnScreen(page)).toEqual([])
      expect(await englishOnScreen(page)).toEqual([])
      await admin.shot("payout-ru")

      // The order's Piastrix card in Russian: the kind and state in words, the service's codes only in Details.
      await page.goto(`${medusaUrl()}/app/orders/${order.id}`)
      const widget = page.getByTestId("piastrix-order-widget")
      await widget.getByText("Оплачен", { exact: true }).waitFor()
      await widget.getByText("Piastrix (карта или другой способ)").waitFor()
      // The direction by its name, never its payway code (the screenshot review lets codes pass as not words).
      await widget.getByText("Банковская карта", { exact: true }).waitFor()
      expect(await widget.innerText()).not.toMatch(PAYWAY_CODE)
      await widget
        .getByTestId("piastrix-vendor-shares")
        .getByText(/^Лавка Анны: [\d\s]+,\d\d\s₽$/)
        .waitFor()
      expect(await englishIn(widget)).toEqual([])
      await widget.scrollIntoViewIfNeeded()
      await admin.shot("order-widget-ru")
    })

    it("words the server's reasons in Russian on the inbox and payouts, and a quote refused for a vendor who owes", async () => {
      const headers = await adminHeaders(getContainer())
      const db = getContainer().resolve<SqlDatabase>(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      // A paid payment whose cart changed after the payer was sent to pay: money without an order.
      const cart = await createCart(api, seed(), { email: "olga@example.com" })
      const { session } = await startPaymentSession(
        api,
        seed(),
        cart,
        "pp_piastrix_piastrix",
        { payway: "card_rub", email: "olga@example.com" }
      )
      await addItemToShip(getContainer(), cart.id)
      await sandboxControl(sandbox(), "POST", `payments/${session.id}/pay`)
      await settledRow(getContainer(), session.id, "needs_attention")
      // A payment the status read found paid another amount than asked: both amounts on its row.
      const short = await createCart(api, seed(), {
        email: "pavel@example.com",
      })
      const { session: shortPaid } = await startPaymentSession(
        api,
        seed(),
        short,
        "pp_piastrix_piastrix",
        { payway: "card_rub", email: "pavel@example.com" }
      )
      try {
        await paidNotAsAskedFoundByStatus(
          getContainer(),
          sandbox(),
          shortPaid.id,
          { amount: "1000.00" }
        )
      } finally {
        await sandboxControl(sandbox(), "DELETE", "faults")
      }
      // A vendor whose payout needs a person, one whose payout was canceled, and one who owes after a clawback.
      const odd = await walletVendor(
        headers,
        "Мастерская Олега",
        "100.00",
        "выручка"
      )
      const { payout } = (
        await api.post(
          "/admin/piastrix/payouts",
          { recipient_id: odd.id, amount: "50.00" },
          headers
        )
      ).data
      await markNeedsAttention(
        db,
        payout.id,
        "the service debited 50.5 for a payout of 50.00"
      )
      const canceled = await walletVendor(
        headers,
        "Сыроварня Ивана",
        "80.00",
        "выручка"
      )
      const second = (
        await api.post(
          "/admin/piastrix/payouts",
          { recipient_id: canceled.id, amount: "30.00" },
          headers
        )
      ).data.payout
      await api.post(
        `/admin/piastrix/payouts/${second.id}/cancel`,
        { reason: "canceled in the admin" },
        headers
      )
      await walletVendor(headers, "Пекарня Веры", "-1012.9", "возврат")

      admin = await openAdminInRussian("admin-ru-reasons")
      const { page } = admin

      await page.goto(`${medusaUrl()}/app/piastrix`)
      const line = page.locator("tbody tr", { hasText: "olga@example.com" })
      await line
        .getByText("Оплачено, но из корзины не удалось создать заказ.")
        .waitFor()
      // What was paid, and under it what was asked: two lines.
      const shortShown = page
        .locator("tbody tr", { hasText: "pavel@example.com" })
        .getByTestId("piastrix-inbox-amount")
      await shortShown.getByText(/^1\s000,00\s₽$/).waitFor()
      await shortShown.getByText(/^Оплачен, запрошено 1\s250,50\s₽$/).waitFor()
      expect(await linesOnScreen(shortShown)).toBe(2)
      expect(await englishOnScreen(page)).toEqual([])
      expect(await unformattedAmountsOnScreen(page)).toEqual([])
      await admin.shot("inbox-ru-reason")
      // Support still finds the server's own words, in Details.
      await line.getByText("Подробности").last().click()
      await line.getByText(/no order could be placed/).waitFor()
      await admin.shot("inbox-ru-reason-details")

      await page.goto(`${medusaUrl()}/app/piastrix/payouts`)
      const attention = page.locator("tbody tr", {
        hasText: "Мастерская Олега",
      })
      await attention
        .getByText(
          "Piastrix списал с баланса магазина 50,50 ₽ за выплату 50,00 ₽."
        )
        .waitFor()
      await page
        .locator("tbody tr", { hasText: "Сыроварня Ивана" })
        .getByText("Отменена в админке.")
        .waitFor()
      expect(await englishOnScreen(page)).toEqual([])
      expect(await unformattedAmountsOnScreen(page)).toEqual([])
      await admin.shot("payouts-ru-list")
      // A retry of a payout someone else has retried meanwhile: a red toast in Russian, the server's
      // English only in its Details.
      await api.post(`/admin/piastrix/payouts/${payout.id}/retry`, {}, headers)
      await rowAction(page, attention, "Повторить", "Действия")
      await answerPrompt(page, "Повторить")
      const failure = page.locator("[data-sonner-toast]", {
        hasText: "Выплата не отправлена повторно",
      })
      await failure
        .getByText("Магазин не принял это. Причина — в подробностях.")
        .waitFor()
      expect(await toastTone(page, "Выплата не отправлена повторно")).toBe(
        "error"
      )
      expect(await englishOnScreen(page)).toEqual([])
      // The toast slides in: the screenshot waits for its transitions to end.
      await failure.evaluate((toast) =>
        Promise.all(
          toast.getAnimations({ subtree: true }).map((a) => a.finished)
        )
      )
      await admin.shot("payouts-ru-retry-refused")
      await failure.getByText("Подробности").click()
      await failure.getByText(/only needs_attention payouts/).waitFor()
      await admin.shot("payouts-ru-retry-refused-details")
      admin.problems.splice(
        0,
        admin.problems.length,
        ...admin.problems.filter((p) => !/payouts\/pxpo_\w+\/retry/.test(p))
      )
      // A clawback reads as what the vendor owes, with the currency and Russian digits.
      await page.getByRole("button", { name: "Создать", exact: true }).click()
      await page.getByLabel("Получатель", { exact: true }).click()
      await page.getByRole("option", { name: "Пекарня Веры" }).click()
      await page.getByRole("button", { name: "Рассчитать" }).click()
      await page
        .getByRole("alert")
        .getByText(
          /^Расчёт не получен\. К выплате ничего нет: продавец должен 1\s012,90\s₽\.$/
        )
        .waitFor()
      // The browser saw the quote's 400 that the page words: expected here, and only here.
      admin.problems.splice(
        0,
        admin.problems.length,
        ...admin.problems.filter((p) => !/payouts\/quote/.test(p))
      )
      expect(await englishOnScreen(page)).toEqual([])
      expect(await unformattedAmountsOnScreen(page)).toEqual([])
      expect(await rawIdsOnScreen(page)).toEqual([])
      await admin.shot("payouts-ru-reasons")
    })

    it("checks an open bank transfer from the order's card in Russian: each answer in words and its colour, nothing to check once paid", async () => {
      await holdCallbacks(sandbox())
      try {
        const cart = await createCart(api, seed(), {
          email: "ivan@example.com",
        })
        const { session } = await startPaymentSession(
          api,
          seed(),
          cart,
          "pp_piastrix-bank-transfer_piastrix",
          { email: "ivan@example.com", payway: "h2h_sbp_rub" }
        )
        const placed = await completeCart(api, seed(), cart.id)
        expect(placed.body.type).toBe("order")
        admin = await openAdminInRussian("admin-ru-check", [
          "Sandbox Bank",
          "IVAN SANDBOXOV",
        ])
        const { page } = admin
        await page.goto(`${medusaUrl()}/app/orders/${placed.body.order.id}`)
        const widget = page.getByTestId("piastrix-order-widget")
        await widget
          .getByText("Ожидает оплаты", { exact: true })
          .first()
          .waitFor()
        // The direction by its name, never its payway code.
        await widget
          .getByText("Система быстрых платежей (СБП)", { exact: true })
          .waitFor()
        expect(await widget.innerText()).not.toMatch(PAYWAY_CODE)
        const check = widget.getByRole("button", { name: "Проверить статус" })
        await check.click()
        // Still waiting: a blue toast in words, never "Piastrix says: payment N status 2".
        expect(
          await toastTone(page, "Ещё не оплачено: Piastrix ждёт плательщика.")
        ).toBe("info")
        expect(await englishIn(widget)).toEqual([])
        await widget.scrollIntoViewIfNeeded()
        await admin.shot("order-widget-ru-waiting")

        // The transfer arrives, its callback held back: only a check can tell, once the polling window has passed.
        for (const step of ["requisites", "confirm-transfer"]) {
          await sandboxControl(
            sandbox(),
            "POST",
            `payments/${session.id}/${step}?by=order`,
            {}
          )
        }
        await sandboxControl(sandbox(), "POST", "clock/advance", {
          ms: 11_000,
        })
        await getContainer()
          .resolve(ContainerRegistrationKeys.PG_CONNECTION)
          .raw(
            `update piastrix_poll set next_allowed_at = clock_timestamp() - interval '1 second' where id like ?`,
            [`%${session.id}%`]
          )
        await check.click()
        expect(
          await toastTone(page, "Оплачено: платёж списан в счёт этого заказа.")
        ).toBe("success")
        await widget.getByText("Оплачен", { exact: true }).waitFor()
        // Medusa's own Payments card reads the order again: no longer awaiting.
        await page
          .getByRole("heading", { level: 2, name: "Платежи", exact: true })
          .locator("xpath=..")
          .getByText("Ожидает", { exact: true })
          .waitFor({ state: "detached" })
        // Settled: nothing left to check, and no note of an earlier read.
        await check.waitFor({ state: "detached" })
        expect(await widget.innerText()).not.toMatch(PAYWAY_CODE)
        // The requisites now show the sandbox bank's Latin names: the screenshot's review knows them.
        await admin.shot("order-widget-ru-paid")
      } finally {
        await sandboxControl(sandbox(), "DELETE", "faults")
      }
    })

    it("speaks Russian when the admin does: settings, recipients, a recipient's page, payouts and a quote", async () => {
      const headers = await adminHeaders(getContainer())
      const vendor = await walletVendor(
        headers,
        "Лавка Анны",
        "500.00",
        "выручка"
      )
      // A product of the store linked to the vendor: its title is the store's data, in whatever language.
      const [product] = (
        await api.get("/admin/products", {
          ...headers,
          params: { q: "Sticker pack", fields: "id,title" },
        })
      ).data.products
      await api.post(
        `/admin/piastrix/recipients/${vendor.id}/products`,
        { add: [product.id] },
        headers
      )
      admin = await openAdminInRussian("admin-ru", [product.title])
      const { page } = admin
      await page.goto(`${medusaUrl()}/app/settings/piastrix`)
      await page
        .getByRole("heading", { name: "Подключение к Piastrix" })
        .waitFor()
      await page
        .getByRole("button", { name: "Проверить подключение" })
        .waitFor()
      // Balances, fees and limits in Russian format with the currency's sign.
      await page
        .getByRole("cell", { name: /^[\d\s]+,\d\d\s₽$/ })
        .first()
        .waitFor()
      // The options in force by their names and in words, not as keys and JSON.
      const lifetime = page.locator('[data-option="timeoutMs"]')
      await lifetime.getByText("Время на запрос к Piastrix").waitFor()
      await lifetime.getByText("15 секунд").waitFor()
      expect(await page.getByText(/"\w+":/).count()).toBe(0)
      await admin.shot("settings-ru")
      // Amounts typed as Russian writes them (a space between thousands, a decimal comma) are saved as decimals.
      try {
        await page
          .getByLabel("Выплаты больше этой суммы ждут одобрения")
          .fill("50 000,00")
        await page
          .getByLabel("Новые получатели: минимальная выплата")
          .fill("1 250,50")
        await page.getByRole("button", { name: "Сохранить настройки" }).click()
        await page.getByText("Настройки сохранены").waitFor()
        await admin.shot("settings-ru-comma-amounts")
        const { settings } = (
          await api.get("/admin/piastrix/settings", headers)
        ).data
        const valueOf = (key: string) =>
          settings.find((s: { key: string }) => s.key === key)?.value
        expect(valueOf("payouts.approvalThreshold")).toBe("50000.00")
        expect(valueOf("payouts.defaultMinimumPayout")).toBe("1250.50")
      } finally {
        await api.post(
          "/admin/piastrix/settings",
          {
            settings: {
              "payouts.approvalThreshold": null,
              "payouts.defaultMinimumPayout": null,
            },
          },
          headers
        )
      }

      // Piastrix unreachable: the connection test says nothing was checked, in Russian, the reason under Details.
      try {
        for (const path of ["/check_status", "/shop_balance"]) {
          await sandboxControl(sandbox(), "POST", "faults", {
            type: "reset",
            path,
          })
        }
        await page
          .getByRole("button", { name: "Проверить подключение" })
          .click()
        const report = page.getByTestId("piastrix-connection-report")
        await report.getByText("Данные не проверены").waitFor()
        expect(await report.innerText()).not.toMatch(/отклонены/)
        expect(await englishIn(report)).toEqual([])
        await admin.shot("settings-ru-connection-not-checked")
      } finally {
        await sandboxControl(sandbox(), "DELETE", "faults")
      }

      await page.goto(`${medusaUrl()}/app/piastrix/recipients`)
      await page
        .locator("tbody tr", { hasText: "Лавка Анны" })
        .getByText("Кошелёк Piastrix")
        .waitFor()
      await admin.shot("recipients-ru")
      await page.getByRole("button", { name: "Создать", exact: true }).click()
      await page.getByRole("heading", { name: "Новый получатель" }).waitFor()
      await admin.shot("recipients-new-ru")
      await page.keyboard.press("Escape")

      await page.goto(`${medusaUrl()}/app/piastrix/recipients/${vendor.id}`)
      await page.locator("tbody tr", { hasText: product.title }).waitFor()
      await admin.shot("recipient-page-ru")
      // The vendor's commission and minimum payout typed the Russian way, saved as the API's decimals.
      await page.getByLabel("Комиссия, %").fill("2,5")
      await page.getByLabel("Комиссия, фикс.").fill("1 250,50")
      await page.getByLabel("Минимальная выплата").fill("1 000,00")
      await page.getByRole("button", { name: "Сохранить", exact: true }).click()
      await page.getByText("Получатель сохранён").waitFor()
      expect(
        (await api.get(`/admin/piastrix/recipients/${vendor.id}`, headers)).data
          .recipient
      ).toMatchObject({
        commission_percent: "2.5",
        commission_fixed: "1250.50",
        minimum_payout: "1000.00",
      })
      // Read back the Russian way (a space between thousands, a decimal comma), not as the API's decimals.
      await page.reload()
      await page.locator("tbody tr", { hasText: product.title }).waitFor()
      const typed = async (label: string) =>
        (await page.getByLabel(label).inputValue()).replace(
          /[\u00a0\u202f]/g,
          " "
        )
      expect(await typed("Комиссия, %")).toBe("2,5")
      expect(await typed("Комиссия, фикс.")).toBe("1 250,50")
      expect(await typed("Минимальная выплата")).toBe("1 000,00")
      await admin.shot("recipient-page-ru-comma-amounts")

      await page.goto(`${medusaUrl()}/app/piastrix/payouts`)
      await page.getByRole("heading", { level: 1, name: "Выплаты" }).waitFor()
      // The period's days as Russian writes them, not the browser's "mm/dd/yyyy".
      const from = page.getByTestId("piastrix-payouts-from")
      expect(await from.innerText()).toMatch(/дд\s*\.\s*мм\s*\.\s*гггг/i)
      await admin.shot("payouts-ru")
      await page.getByRole("button", { name: "Создать", exact: true }).click()
      await page.getByLabel("Получатель", { exact: true }).click()
      await page.getByRole("option", { name: "Лавка Анны" }).click()
      await page.getByRole("button", { name: "Рассчитать" }).click()
      const quote = page.getByTestId("piastrix-payout-quote")
      await quote
        .getByText(/500,00\s₽/)
        .first()
        .waitFor()
      await admin.shot("payouts-quote-ru")
      // More than is payable: the refusal in Russian words and amounts, not "amount: 999999 is more than the payable".
      await page.getByLabel("Сумма (пусто: всё доступное)").fill("999 999,00")
      await page.getByRole("button", { name: "Рассчитать" }).click()
      await page
        .getByRole("alert")
        .getByText(
          /^Расчёт не получен\. 999\s999,00\s₽ больше суммы к выплате 500,00\s₽\.$/
        )
        .waitFor()
      expect(await englishOnScreen(page)).toEqual([])
      await admin.shot("payouts-quote-ru-too-much")
      // The browser saw the quote's 400 that the page words: expected here, and only here.
      admin.problems.splice(
        0,
        admin.problems.length,
        ...admin.problems.filter((p) => !/payouts\/quote/.test(p))
      )
    })

    it("asks in Russian before money moves: the inbox's Refund and Mark resolved, a balance adjustment, a payout's approval", async () => {
      const headers = await adminHeaders(getContainer())
      // A paid wallet payment whose session Medusa no longer holds: Refund and Mark resolved are offered.
      const { session } = await paidWithoutSession()
      await api.post(
        "/admin/piastrix/settings",
        { settings: { "payouts.approvalThreshold": "100.00" } },
        headers
      )
      try {
        const vendor = await walletVendor(
          headers,
          "Мастерская Ольги",
          "400.00",
          "выручка"
        )
        admin = await openAdminInRussian("admin-ru-prompts")
        const { page } = admin
        const amount = /\d,\d\d\s₽/

        await page.goto(`${medusaUrl()}/app/piastrix`)
        const line = page.locator("tbody tr", { hasText: session.id })
        await line.getByText("Требует внимания").waitFor()
        await rowAction(page, line, "Вернуть деньги", "Действия")
        const refund = page.getByRole("alertdialog")
        await refund.getByText(/^Вернуть .+\?$/).waitFor()
        expect(await refund.innerText()).toMatch(amount)
        await admin.shot("inbox-ru-refunding")
        await answerPrompt(page, "Отмена")
        expect(await refundTransfers(sandbox(), session.id)).toHaveLength(0)

        await rowAction(page, line, "Отметить решённым", "Действия")
        const resolve = page.getByRole("alertdialog")
        await resolve.getByText(/^Отметить .+ решённым\?$/).waitFor()
        await admin.shot("inbox-ru-resolve-prompt")
        await answerPrompt(page, "Продолжить")
        const note = page.getByRole("dialog")
        await note
          .getByLabel("Что сделано")
          .fill("вернули вручную, заявка 4412")
        await admin.shot("inbox-ru-resolving")
        await note.getByRole("button", { name: "Сохранить" }).click()
        await note.waitFor({ state: "detached" })
        await waitForText(admin, "Отмечено решённым")
        await waitForText(admin, "Решено", { within: line, exact: true })
        await admin.shot("inbox-ru-resolved")

        // A balance adjustment: the drawer, then Medusa's prompt with the amount, all in Russian.
        await page.goto(`${medusaUrl()}/app/piastrix/recipients/${vendor.id}`)
        const header = page.getByTestId("piastrix-page-header")
        await rowAction(page, header, "Скорректировать баланс", "Действия")
        const drawer = page.getByRole("dialog")
        await drawer
          .getByLabel("Сумма (отрицательная — списание)")
          .fill("-50,00")
        await drawer.getByLabel("Причина").fill("возврат покупателю")
        await admin.shot("recipient-ru-adjusting")
        await drawer
          .getByRole("button", { name: "Скорректировать баланс" })
          .click()
        await page.getByRole("alertdialog").waitFor()
        await admin.shot("recipient-ru-adjust-prompt")
        // A negative amount reads as what is taken away, not "будет добавлено -50,00 ₽".
        expect(await answerPrompt(page, "Скорректировать баланс")).toMatch(
          /С доступного баланса Мастерская Ольги будет списано 50,00\s₽\./
        )
        await page.getByText("Баланс скорректирован").waitFor()
        await drawer.waitFor({ state: "detached" })
        await admin.shot("recipient-ru-adjusted")

        // A payout above the approval threshold: quoted, confirmed, approved, then sent and paid.
        await page.goto(`${medusaUrl()}/app/piastrix/payouts`)
        await page.getByRole("button", { name: "Создать", exact: true }).click()
        await page.getByLabel("Получатель", { exact: true }).click()
        await page.getByRole("option", { name: "Мастерская Ольги" }).click()
        await page.getByRole("button", { name: "Рассчитать" }).click()
        await page.getByText("выплата будет ждать одобрения").waitFor()
        await admin.shot("payouts-ru-quote-awaits-approval")
        await page.getByRole("button", { name: "Подтвердить выплату" }).click()
        await page.getByRole("alertdialog").waitFor()
        await admin.shot("payouts-ru-confirm-prompt")
        await answerPrompt(page, "Подтвердить выплату")
        await page
          .getByText(/^Выплата 350,00\s₽ создана: Ждёт одобрения$/)
          .waitFor()
        await page.getByLabel("Выплаты получателя").click()
        await page.getByRole("option", { name: "Мастерская Ольги" }).click()
        const row = page.locator("tbody tr").first()
        await row.getByText("Ждёт одобрения").waitFor()
        await admin.shot("payouts-ru-awaiting-approval")
        await rowAction(page, row, "Одобрить", "Действия")
        await page.getByRole("alertdialog").waitFor()
        await admin.shot("payouts-ru-approve-prompt")
        expect(await answerPrompt(page, "Одобрить")).toMatch(
          /350,00\s₽.*Мастерская Ольги/s
        )
        await page.getByText(/^Выплата одобрена/).waitFor()
        await row.getByText("В очереди", { exact: true }).waitFor()
        await admin.shot("payouts-ru-approved")

        await runPayoutJobs()
        await page.reload()
        await page.getByLabel("Выплаты получателя").click()
        await page.getByRole("option", { name: "Мастерская Ольги" }).click()
        await page
          .locator("tbody tr")
          .first()
          .getByText("Выплачено", { exact: true })
          .waitFor()
        await admin.shot("payouts-ru-succeeded")
      } finally {
        await api.post(
          "/admin/piastrix/settings",
          { settings: { "payouts.approvalThreshold": null } },
          headers
        )
      }
    })
  },
  { admin: true }
)
