import type { Browser } from "playwright-core"
import {
  answerPrompt,
  openAdmin,
  orderInAdmin,
  unexpectedProblems,
  waitForText,
} from "../browser/admin-steps"
import { launchChromium, openTab, type Tab } from "../browser/chromium"
import {
  choosePayment,
  expectReturnPage,
  fillCart,
  onPayerPage,
  orderOnReturnPage,
  pay,
  unexpectedStorefrontProblems,
} from "../browser/storefront-steps"
import { startDevCommand, type DevCommand } from "../helpers/dev-command"
import { freePort } from "../helpers/medusa-process"

/**
 * The README's quickstart and docs/demo-store.md's walkthrough, as a new store owner follows them: `npm run dev`
 * (Medusa in development mode, the sandbox, the demo storefront, a fresh database; without the file watcher,
 * which this test run's own screenshots would set off), then in Chromium a wallet
 * payment on the storefront, the order fulfilled in Medusa's admin with *Create Fulfillment*, the vendor's share
 * on the order's page, and a payout of it made in *Piastrix → Payouts* that the store's own payout job sends
 * to the sandbox, until the admin shows it succeeded. Nothing is called behind the store's back: the jobs run
 * on their schedule, as they do for the store owner.
 */

jest.setTimeout(600000)

let dev: DevCommand | undefined
let browser: Browser | undefined
const tabs: Tab[] = []

afterAll(async () => {
  for (const tab of tabs) {
    await tab.close().catch(() => undefined)
  }
  await browser?.close().catch(() => undefined)
  // Ctrl-C as a person would; then nothing of the command's group stays.
  await dev?.stop()
})

it("from a fresh npm run dev: a wallet payment, the order fulfilled in the admin, and its vendor paid out by the store's own jobs", async () => {
  const ports = {
    medusa: await freePort(),
    storefront: await freePort(),
    sandbox: await freePort(),
  }
  const command = startDevCommand([], {
    MEDUSA_PORT: String(ports.medusa),
    STOREFRONT_PORT: String(ports.storefront),
    PIASTRIX_SANDBOX_PORT: String(ports.sandbox),
    // A database of its own in the test run's Postgres (DATABASE_URL): a store seeded from nothing.
    MEDUSA_DB_NAME: `medusa_piastrix_walkthrough_${process.pid}`,
    // The suites switch the payout jobs off; a store owner's store runs them.
    PIASTRIX_PAYOUTS: "",
    // This run writes screenshots and logs in the repository, on which `medusa develop` would restart.
    PIASTRIX_DEV_WATCH: "0",
  })
  dev = command
  const { eventually } = command
  await eventually(
    "npm run dev to say the store is running",
    async () =>
      command.output.includes("demo store is running") ? true : undefined,
    360000
  )
  const medusaUrl = `http://localhost:${ports.medusa}`
  const storefrontUrl = `http://localhost:${ports.storefront}`

  browser = await launchChromium()

  // 1. Pay: the e-book in the Russia region, with the Piastrix wallet, on the sandbox's page.
  const shop = await openTab(browser, "walkthrough-pay")
  tabs.push(shop)
  await fillCart(shop, storefrontUrl, "RUB", "E-book")
  await choosePayment(shop, "wallet")
  await pay(shop)
  await onPayerPage(shop, "pay")
  await expectReturnPage(shop, /is paid/, 60000)
  const order = await orderOnReturnPage(shop)
  expect(order.payment).toBe("Paid")

  // The development admin is built on its first request; open it once with room for that.
  const warm = await openTab(browser, "walkthrough-admin-warm-up")
  tabs.push(warm)
  await warm.page.goto(`${medusaUrl}/app/login`, { timeout: 240000 })
  await warm.page.locator('input[name="email"]').waitFor({ timeout: 240000 })
  await warm.close()
  tabs.pop()

  // 2. Fulfil it in the admin: Unfulfilled Items → Fulfill items → Create Fulfillment.
  const admin = await openAdmin(browser, medusaUrl, {
    scenario: "walkthrough-admin",
  })
  tabs.push(admin)
  const { page } = admin
  page.setDefaultTimeout(60000)
  const shown = await orderInAdmin(
    admin,
    medusaUrl,
    order.number,
    "walkthrough"
  )
  expect(shown).toMatchObject({
    listPayment: "Captured",
    pagePayment: "Captured",
  })
  await page
    .getByRole("heading", { name: "Unfulfilled Items" })
    .locator("xpath=..")
    .getByRole("button")
    .click()
  await page.getByRole("menuitem", { name: "Fulfill items" }).click()
  const form = page.getByRole("dialog")
  await waitForText(admin, "Demo warehouse", { within: form })
  await waitForText(admin, "Digital delivery", { within: form })
  await admin.shot("walkthrough-fulfil-form")
  await page.getByRole("button", { name: "Create Fulfillment" }).click()
  // The page's own timeout (above): on a loaded machine the development store answers slowly.
  await waitForText(admin, "Fulfillment created successfully", {
    timeout: 60000,
  })
  await page.waitForURL(/\/app\/orders\/order_[^/]+$/)

  // 3. The vendor's share on the order's page, once Medusa's event has accrued it.
  const shares = page.getByTestId("piastrix-vendor-shares")
  for (let attempt = 0; !(await shares.isVisible()); attempt++) {
    if (attempt === 30) {
      await admin.shot("walkthrough-no-share", { review: false })
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
  await admin.shot("walkthrough-share")
  expect(await shares.innerText()).toMatch(/Piastrix Press: RUB\s1,125\.45/)

  // 4. Pay the vendor out: Piastrix → Payouts, a new payout of all that is payable (no hold: at once).
  await page.goto(`${medusaUrl}/app/piastrix/payouts`)
  await page.getByRole("button", { name: "Create", exact: true }).click()
  await page.getByRole("heading", { name: "New payout" }).waitFor()
  await page.getByLabel("Recipient", { exact: true }).click()
  await page.getByRole("option", { name: "Piastrix Press" }).click()
  await page.getByRole("button", { name: "Get quote" }).click()
  const quote = page.getByTestId("piastrix-payout-quote")
  await quote.waitFor()
  expect(await quote.innerText()).toMatch(/RUB\s1,125\.45/)
  await admin.shot("walkthrough-quote")
  await page.getByRole("button", { name: "Confirm payout" }).click()
  // Medusa's prompt names the amount before any money moves.
  expect(await answerPrompt(page, "Confirm payout")).toMatch(/RUB\s1,125\.45/)
  await page.getByLabel("Payouts of").click()
  await page.getByRole("option", { name: "Piastrix Press" }).click()
  await page.locator("tbody tr").first().waitFor()
  expect(await page.locator("tbody tr").count()).toBe(1)
  // The send job runs every minute: the wallet transfer succeeds as the sandbox takes it.
  await eventually(
    "the payout to be shown succeeded",
    async () => {
      const row = page.locator("tbody tr").first()
      if (await row.getByText("Succeeded", { exact: true }).isVisible()) {
        return true
      }
      await page.reload()
      await page.getByLabel("Payouts of").click()
      await page.getByRole("option", { name: "Piastrix Press" }).click()
      await page.locator("tbody tr").first().waitFor()
      await new Promise((r) => setTimeout(r, 4000))
      return undefined
    },
    180000
  )
  const row = await page.locator("tbody tr").first().innerText()
  expect(row).toMatch(/Piastrix Press/)
  expect(row).toMatch(/1,125\.45/)
  await admin.shot("walkthrough-paid-out")

  // The sandbox moved the money once: one transfer to the vendor's wallet, of the payout's amount.
  const state = await (
    await fetch(`http://localhost:${ports.sandbox}/__sandbox/state`)
  ).json()
  const payouts = state.payouts as Array<{ status: number; writeOff: string }>
  expect(payouts).toHaveLength(1)
  expect(payouts[0].status).toBe(5)
  expect(payouts[0].writeOff).toMatch(/^1125\.450*$/)

  expect(unexpectedStorefrontProblems(shop.problems)).toEqual([])
  expect(unexpectedProblems(admin.problems)).toEqual([])
})
