import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Browser } from "playwright-core"
import { ensureAdminUser } from "../../dev/seed-admin"
import {
  DEMO_LOCATION,
  DEMO_SHIPPING_OPTION,
  seedFulfilment,
} from "../../dev/seed-fulfilment"
import { seedVendors } from "../../dev/seed-vendors"
import { waitFor } from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { ensureAdminBuild } from "./admin-build"
import {
  ADMIN_CREDENTIALS,
  openAdmin,
  orderInAdmin,
  unexpectedProblems,
  waitForText,
} from "./admin-steps"
import { launchChromium, openTab, type Tab } from "./chromium"
import {
  changeCartElsewhere,
  choosePayment,
  expectReturnPage,
  fillCart,
  onPayerPage,
  orderOnReturnPage,
  pay,
  payByCardForm,
  unexpectedStorefrontProblems,
  uploadReceipt,
  wordsCutInTwo,
} from "./storefront-steps"
// The same server `npm run dev` starts: the tests drive the page a person sees.
const { startStorefrontServer } = require("../../dev/storefront-server")

jest.setTimeout(180000)

let storefront: { url: string; close(): Promise<void> }
let browser: Browser
let demoConfig: Record<string, unknown> = {}

// Registered before the runner's hooks: Medusa boots with this storefront as its CORS origin and
// return address (medusa-config.ts reads STOREFRONT_URL and STORE_CORS), and with the admin at /app,
// which needs its production build in public/admin before the boot.
beforeAll(async () => {
  await ensureAdminBuild()
  storefront = await startStorefrontServer({
    port: 0,
    config: () => demoConfig,
  })
  Object.assign(process.env, {
    STOREFRONT_URL: storefront.url,
    STORE_CORS: storefront.url,
    AUTH_CORS: storefront.url,
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await storefront?.close()
})

async function countOrders(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id"] })
  return data.length
}

piastrixIntegrationRunner(
  ({ getContainer, sandbox, seed, medusaUrl }) => {
    let tab: Tab
    let admin: Tab | undefined
    let scenario = ""

    // Before the runner snapshots the database, so the user survives the restore before every test.
    beforeAll(async () => {
      await ensureAdminUser(getContainer(), ADMIN_CREDENTIALS)
    })

    afterAll(async () => {
      await admin?.close()
    })

    beforeEach(() => {
      demoConfig = {
        medusaUrl: medusaUrl(),
        publishableKey: seed().publishableKey,
        sandboxUrl: sandbox().url,
      }
    })

    afterEach(async () => {
      const unexpected = [
        ...unexpectedStorefrontProblems(tab?.problems ?? []).map(
          (p) => `[${scenario}] storefront: ${p}`
        ),
        ...unexpectedProblems(admin?.problems ?? []).map(
          (p) => `[${scenario}] admin: ${p}`
        ),
      ]
      admin?.problems.splice(0)
      await tab?.close()
      // A console error, a failed request or an HTTP error the payer or the store owner would meet fails the scenario.
      expect(unexpected).toEqual([])
    })

    /**
     * A paid Piastrix payment is authorized by the cart's completion and captured right after the order is
     * placed (the order.placed subscriber): the admin is read once no paid payment of the order waits for it.
     */
    async function capturedAfterPlacing(displayId: string) {
      const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await waitFor(async () => {
        const { rows } = await db.raw(
          `select 1 from "order" o
             join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
             join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
            where o.display_id = ? and p.captured_at is null and p.canceled_at is null
              and p.data->>'state' = 'paid'`,
          [Number(displayId)]
        )
        return rows.length === 0
      }, 30_000)
    }

    /**
     * The order as the store owner sees it in the admin: one logged-in admin tab for the whole suite
     * (the session lives in Medusa's memory, so the database restore between tests keeps it).
     */
    async function inAdmin(displayId: string, step = "") {
      await capturedAfterPlacing(displayId)
      admin ??= await openAdmin(browser, medusaUrl())
      return orderInAdmin(
        admin,
        medusaUrl(),
        displayId,
        [scenario, step].filter(Boolean).join("-")
      )
    }

    /**
     * A payer's tab, in `language` (the demo store's own switch, kept in its storage); each screenshot of the
     * demo storefront is reviewed (`Tab.shot`), not the service's own pages (its payment page, 3-D Secure).
     */
    async function open(name: string, language: "en" | "ru" = "en") {
      scenario = name
      // The browser's own locale stays English: the page's language is the payer's choice on the page.
      tab = await openTab(
        browser,
        name,
        { locale: "en-US" },
        {
          language,
          scope: (url) =>
            url.origin === new URL(storefront.url).origin ? "body" : null,
          // The store's data and the sandbox's requisites, in Latin letters whatever the page's language.
          names: [
            "E-book: Paying with Piastrix",
            "Gift card 5000",
            "Sticker pack",
            "Russia",
            "United States",
            "Europe",
            "Sandbox Bank",
            "IVAN SANDBOXOV",
          ],
        }
      )
      if (language !== "en") {
        await tab.context.addInitScript(
          (lang) => localStorage.setItem("demo.lang", lang),
          language
        )
      }
      return tab
    }

    /** `product` paid in RUB with the Piastrix wallet on Piastrix's page; the order as the return page shows it. */
    async function paidWithWallet(product: string) {
      await fillCart(tab, storefront.url, "RUB", product)
      await choosePayment(tab, "wallet")
      await pay(tab)
      await onPayerPage(tab, "pay")
      await expectReturnPage(tab, /is paid/)
      return orderOnReturnPage(tab)
    }

    it("a wallet payment on Piastrix's page ends in a paid order the admin shows as captured", async () => {
      await open("wallet-paid")
      const order = await paidWithWallet("E-book")
      expect(order.payment).toBe("Paid")
      const shown = await inAdmin(order.number)
      expect(shown).toEqual({
        listedOrders: 1,
        listPayment: "Captured",
        listTotal: expect.stringMatching(/1,250\.50\sRUB$/),
        pagePayment: "Captured",
        widget: expect.arrayContaining(["Piastrix", "Piastrix wallet", "Paid"]),
      })
      // The widget names the kind, the amount and the notification in words; the service's payment id and
      // codes only under Details (folded: not in the text shown), never a provider id.
      const widget = shown.widget.join("\n")
      expect(widget).toMatch(/RUB\s1,250\.50 · Captured/)
      expect(widget).toMatch(/Paid · Processed/)
      expect(widget).toMatch(/Details/)
      expect(widget).not.toMatch(/Piastrix payment \d+|status code|\bsuccess\b/)
      expect(widget).not.toMatch(/pp_piastrix/)
    })

    it("a failed wallet payment lets the payer retry with another method and get one paid order", async () => {
      await open("wallet-failed-retry")
      await fillCart(tab, storefront.url, "RUB", "Sticker pack")
      await choosePayment(tab, "wallet")
      await pay(tab)
      await onPayerPage(tab, "fail")
      await expectReturnPage(tab, /did not go through/)
      // In the payer's words, not the server's reason for the store ("the service rejected the payment ...").
      expect(await tab.page.locator("#result-text").textContent()).toBe(
        "The payment did not go through. Nothing was charged. You can try again with another payment method."
      )
      expect(await countOrders(getContainer())).toBe(0)

      await tab.page
        .getByRole("link", { name: "Choose another payment method" })
        .click()
      await tab.page
        .locator("#notice", { hasText: "did not go through" })
        .waitFor()
      const price = await choosePayment(tab, "redirect")
      expect(price).toMatch(/RUB|₽/)
      await pay(tab)
      await onPayerPage(tab, "pay")
      await expectReturnPage(tab, /is paid/)
      const order = await orderOnReturnPage(tab)
      expect(await countOrders(getContainer())).toBe(1)
      expect(await inAdmin(order.number)).toMatchObject({
        listedOrders: 1,
        listPayment: "Captured",
        pagePayment: "Captured",
      })
    })

    /** What the payer reads in the two states below, in each language of the demo store (dev/storefront/texts.js). */
    const SAYS = {
      en: {
        arrived: /Your payment arrived/,
        contact: /will contact you by e-mail/,
        asking: "Asking Piastrix for your price",
        noPrice:
          "Piastrix did not give a price just now. Try again, or choose another direction.",
        tryAgain: "Try again",
        pay: "Pay",
        fee: /\(including a fee of RUB\s12\.51\)/,
      },
      ru: {
        arrived: /Ваша оплата получена/,
        contact: /свяжется с вами по e-mail/,
        asking: "Узнаём у Piastrix вашу цену",
        noPrice:
          "Piastrix сейчас не назвал цену. Попробуйте ещё раз или выберите другое направление.",
        tryAgain: "Попробовать снова",
        pay: "Оплатить",
        fee: /\(включая комиссию 12,51\s₽\)/,
      },
    }

    for (const language of ["en", "ru"] as const) {
      const says = SAYS[language]
      const suffix = language === "en" ? "" : `-${language}`

      it(`a payer who paid after the cart changed in another tab is told the money arrived, and the page stops (${language})`, async () => {
        await open(`cart-changed-while-paying${suffix}`, language)
        // Every request of the page for the session's status, from the start.
        const statusRoute = /\/store\/piastrix\/sessions\/[^/]+\/status\b/
        const asked: string[] = []
        tab.page.on("request", (r) => {
          if (statusRoute.test(r.url())) {
            asked.push(r.url())
          }
        })
        await fillCart(tab, storefront.url, "RUB", "E-book")
        await choosePayment(tab, "redirect")
        const cartId = await tab.page.evaluate(() =>
          localStorage.getItem("demo.cart_id")
        )
        await pay(tab)
        // Only once the payer is on Piastrix's page: a cart changed before the session starts is simply paid.
        await tab.page.waitForURL((url) => url.href.startsWith(sandbox().url))
        // Another tab adds an item: Medusa deletes the session the payer is paying on Piastrix's page.
        await changeCartElsewhere(
          { medusaUrl: medusaUrl(), publishableKey: seed().publishableKey },
          cartId!,
          seed().variants["piastrix-stickers"]
        )
        await onPayerPage(tab, "pay")
        await expectReturnPage(tab, says.arrived)
        expect(await tab.page.locator("#result-text").innerText()).toMatch(
          says.contact
        )
        expect(await countOrders(getContainer())).toBe(0)
        // It stops asking: the page says so, and asks nothing over twice its own poll interval after that.
        const body = tab.page.locator("body")
        await tab.page.locator('body[data-polling="stopped"]').waitFor({
          state: "attached",
        })
        expect(asked.length).toBeGreaterThan(0)
        const pollMs = Number(await body.getAttribute("data-poll-ms"))
        expect(pollMs).toBeGreaterThan(0)
        const stoppedAfter = asked.length
        const late = await tab.page
          .waitForRequest((r) => statusRoute.test(r.url()), {
            timeout: 2 * pollMs,
          })
          .then(
            (r) => r.url(),
            () => null
          )
        expect({ late, asked: asked.length }).toEqual({
          late: null,
          asked: stoppedAfter,
        })
      })

      it(`while Piastrix hangs, Pay waits for the price, and the payer gets one plain message and a way on (${language})`, async () => {
        await open(`quote-hangs${suffix}`, language)
        await fillCart(tab, storefront.url, "RUB", "E-book")
        await fetch(`${sandbox().url}/__sandbox/faults`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            type: "latency",
            path: "/invoice/try",
            ms: 60000,
          }),
        })
        const { page } = tab
        await page.locator("#email").fill("payer@example.com")
        await page.locator('label.kind[data-kind="redirect"] input').check()
        await page.getByText(says.asking).waitFor()
        // No price yet: the button names none (not the cart's total, which a fee changes) and waits.
        expect(await page.locator("#pay").isDisabled()).toBe(true)
        expect(await page.locator("#pay").innerText()).toBe(says.pay)
        const error = page.getByTestId("quote-error")
        await error.waitFor({ timeout: 15000 })
        expect(await error.innerText()).toBe(says.noPrice)
        expect(await page.locator("#pay").isDisabled()).toBe(true)
        await tab.shot("quote-failed")
        // The store answered 502 for the quote: expected here, and only here.
        tab.problems.splice(
          0,
          tab.problems.length,
          ...tab.problems.filter((p) => !/quote|502/.test(p))
        )

        await fetch(`${sandbox().url}/__sandbox/faults`, { method: "DELETE" })
        await page.getByRole("button", { name: says.tryAgain }).click()
        const price = await page.getByTestId("payer-price").innerText()
        expect(await page.locator("#pay").isEnabled()).toBe(true)
        // The button asks for what the payer pays, fee included.
        expect(await page.locator("#pay").innerText()).toBe(
          `${says.pay} ${price}`
        )
        await tab.shot("quote-priced")

        // A direction with a payer's fee (the sandbox's QIWI: 1 %): the price and the button say the same amount.
        await page.locator("#payway").selectOption("qiwi_rub")
        await page.locator("#quote", { hasText: says.fee }).waitFor()
        const withFee = await page.getByTestId("payer-price").innerText()
        expect(withFee).toMatch(/1[,\s]263[.,]01/)
        expect(await page.locator("#pay").innerText()).toBe(
          `${says.pay} ${withFee}`
        )
        await tab.shot("quote-fee")
      })
    }

    it("a redirect payment in USD goes through Piastrix's page by a posted form and ends paid", async () => {
      await open("redirect-usd")
      await fillCart(tab, storefront.url, "USD", "Gift card")
      const price = await choosePayment(tab, "redirect")
      expect(price).toMatch(/\$/)
      await pay(tab)
      await onPayerPage(tab, "pay")
      await expectReturnPage(tab, /is paid/)
      const order = await orderOnReturnPage(tab)
      expect(await inAdmin(order.number)).toMatchObject({
        listedOrders: 1,
        listPayment: "Captured",
        listTotal: expect.stringMatching(/^\$\s60\.00\sUSD$/),
        pagePayment: "Captured",
      })
    })

    it("a card payment fails with a wrong 3-D Secure code and succeeds with the right one", async () => {
      await open("card-3ds")
      await fillCart(tab, storefront.url, "RUB", "E-book")
      await choosePayment(tab, "card")
      await pay(tab)
      await payByCardForm(tab, "000000")
      await expectReturnPage(tab, /did not go through/)
      expect(await countOrders(getContainer())).toBe(0)

      await tab.page
        .getByRole("link", { name: "Choose another payment method" })
        .click()
      await choosePayment(tab, "card")
      await pay(tab)
      await payByCardForm(tab, "123456")
      await expectReturnPage(tab, /is paid/)
      const order = await orderOnReturnPage(tab)
      expect(await inAdmin(order.number)).toMatchObject({
        listPayment: "Captured",
        pagePayment: "Captured",
      })
    })

    it("a bank transfer with a receipt places the order awaiting payment, then shows it paid once confirmed", async () => {
      await open("bank-transfer")
      const { page } = tab
      await fillCart(tab, storefront.url, "RUB", "Gift card")
      await choosePayment(tab, "bank_transfer")
      await pay(tab)
      // Requisites are assigned a moment after the payment exists; the page polls within the 10 s limit.
      await page.getByTestId("requisites").waitFor({ timeout: 40000 })
      await tab.shot("requisites")
      // On a phone's width the requisites wrap between words: a name or a time is never cut in two.
      await page.setViewportSize({ width: 360, height: 800 })
      expect(await wordsCutInTwo(page.getByTestId("requisites"))).toEqual([])
      await tab.shot("requisites-narrow")
      await page.setViewportSize({ width: 1200, height: 900 })
      await uploadReceipt(tab)
      const receiptResult = page.locator(".receipt p", {
        hasText: /Receipt uploaded|not accepted/,
      })
      await receiptResult.waitFor()
      expect(await receiptResult.textContent()).toMatch(/^Receipt uploaded/)
      await tab.shot("receipt")
      await page
        .getByRole("button", { name: "I have sent the transfer" })
        .click()

      await expectReturnPage(tab, /is placed/)
      const placed = await orderOnReturnPage(tab)
      // The payer sent the transfer: the page does not tell them to pay again.
      expect(placed.payment).toBe("Transfer sent, being confirmed")
      const awaiting = await inAdmin(placed.number, "placed")
      expect(awaiting).toMatchObject({
        listPayment: "Awaiting",
        pagePayment: "Awaiting",
      })
      // Still open at the service: the widget says so and offers a status check.
      expect(awaiting.widget).toEqual(
        expect.arrayContaining([
          "Piastrix bank transfer",
          "Waiting for payment",
          "Check status now",
        ])
      )
      // The requisites the payer was given and the receipt they filed, under review.
      expect(awaiting.widget).toEqual(
        expect.arrayContaining([
          "Bank transfer",
          "Amount to transfer",
          "Transfer before",
          "Receipts",
          "Under review",
        ])
      )

      const sessionId = new URL(page.url()).searchParams.get("session_id")!
      const res = await fetch(
        `${sandbox().url}/__sandbox/payments/${sessionId}/confirm-transfer?by=order`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }
      )
      expect(res.status).toBe(200)
      await page
        .locator("#result-title", { hasText: /is paid/ })
        .waitFor({ timeout: 30000 })
      await tab.shot("confirmed")
      const confirmed = await inAdmin(placed.number, "confirmed")
      expect(confirmed).toMatchObject({
        listPayment: "Captured",
        pagePayment: "Captured",
      })
      expect(confirmed.widget).toEqual(
        expect.arrayContaining(["Piastrix bank transfer", "Paid"])
      )
      expect(confirmed.widget).not.toContain("Check status now")
    })

    it("a Russian payer pays by wallet, fails and retries a card, and sends a bank transfer, all in Russian", async () => {
      await open("ru-checkout", "ru")
      const { page } = tab
      // Wallet: paid, the return page in Russian with the amount as Russian writes it.
      await fillCart(tab, storefront.url, "RUB", "E-book")
      await page.getByRole("heading", { name: "Товары" }).waitFor()
      expect(await page.locator("#cart-total").innerText()).toMatch(
        /^1\s250,50\s₽$/
      )
      await choosePayment(tab, "wallet")
      await pay(tab)
      await onPayerPage(tab, "pay")
      await expectReturnPage(tab, /оплачен/)
      expect((await orderOnReturnPage(tab)).payment).toBe("Оплачен")

      // A card with a wrong 3-D Secure code: the failure in the payer's words, then another method that pays.
      await fillCart(tab, storefront.url, "RUB", "Sticker pack")
      const price = await choosePayment(tab, "card")
      expect(price).toMatch(/^[\d\s]+,\d\d\s₽$/)
      expect(await page.locator("#pay").innerText()).toBe(`Оплатить ${price}`)
      await pay(tab)
      await payByCardForm(tab, "000000")
      await expectReturnPage(tab, /Оплата не прошла/)
      await page
        .getByRole("link", { name: "Выбрать другой способ оплаты" })
        .click()
      await page.locator("#notice", { hasText: "не прошла" }).waitFor()
      await tab.shot("retry-notice")
      await choosePayment(tab, "redirect")
      await pay(tab)
      await onPayerPage(tab, "pay")
      await expectReturnPage(tab, /оплачен/)

      // A bank transfer: the requisites and the receipt in Russian, the order placed while the money travels.
      await fillCart(tab, storefront.url, "RUB", "Gift card")
      await choosePayment(tab, "bank_transfer")
      await pay(tab)
      await page.getByTestId("requisites").waitFor({ timeout: 40000 })
      await tab.shot("requisites")
      await uploadReceipt(tab)
      await page
        .locator(".receipt p", { hasText: "Квитанция загружена" })
        .waitFor()
      await tab.shot("receipt")
      await page.getByRole("button", { name: "Я отправил перевод" }).click()
      await expectReturnPage(tab, /оформлен/)
      expect((await orderOnReturnPage(tab)).payment).toBe(
        "Перевод отправлен, ждёт подтверждения"
      )
    })

    it("a paid order of the dev store is fulfilled in the admin with Create Fulfillment, and its vendor's share appears", async () => {
      // What `npm run dev` adds to this store (docs/demo-store.md); the runner restores the database after.
      await seedFulfilment(getContainer(), seed())
      await seedVendors(getContainer())
      await open("fulfil-in-admin")
      const order = await paidWithWallet("E-book")
      await inAdmin(order.number, "paid")

      // Unfulfilled items → Fulfill items: the form takes the location and the option of the order's
      // delivery (the one the demo checkout put on the cart), so Create Fulfillment is ready to click.
      const { page } = admin!
      await page
        .getByRole("heading", { name: "Unfulfilled Items" })
        .locator("xpath=..")
        .getByRole("button")
        .click()
      await page.getByRole("menuitem", { name: "Fulfill items" }).click()
      // Each field shows its choice once the dashboard has loaded the list it comes from.
      const form = page.getByRole("dialog")
      await waitForText(admin!, DEMO_LOCATION, { within: form })
      await waitForText(admin!, DEMO_SHIPPING_OPTION, { within: form })
      await admin!.shot("fulfil-in-admin-form")
      await page.getByRole("button", { name: "Create Fulfillment" }).click()
      await waitForText(admin!, "Fulfillment created successfully")
      await page.waitForURL(/\/app\/orders\/order_[^/]+$/)

      // The share is accrued after Medusa's event: the order's page shows it once it is in the ledger.
      const shares = page.getByTestId("piastrix-vendor-shares")
      for (let attempt = 0; !(await shares.isVisible()); attempt++) {
        if (attempt === 20) {
          await admin!.shot("fulfil-in-admin-no-share", { review: false })
          throw new Error("the order page shows no vendor's share")
        }
        await page.reload()
        await page
          .getByTestId("piastrix-order-widget")
          .locator("[data-testid^=piastrix-payment-]")
          .first()
          .waitFor()
      }
      await shares.scrollIntoViewIfNeeded()
      await admin!.shot("fulfil-in-admin-share")
      expect(await shares.innerText()).toMatch(/Piastrix Press: RUB\s1,125\.45/)
    })
  },
  { admin: true }
)
