import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import type { Browser } from "playwright-core"
import { adminHeaders } from "../helpers/admin-api"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { launchChromium, openTab, type Tab } from "./chromium"
import {
  choosePayment,
  expectReturnPage,
  fillCart,
  onPayerPage,
  orderOnReturnPage,
  pay,
  payByCardForm,
} from "./storefront-steps"
// The same server `npm run dev` starts: the tests drive the page a person sees.
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startStorefrontServer } = require("../../dev/storefront-server")

jest.setTimeout(180000)

/** A 1x1 PNG: a receipt the service accepts (type is checked by content). */
const RECEIPT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
)

let storefront: { url: string; close(): Promise<void> }
let browser: Browser
let demoConfig: Record<string, unknown> = {}

// Registered before the runner's hooks: Medusa boots with this storefront as its CORS origin and
// return address (medusa-config.ts reads STOREFRONT_URL and STORE_CORS).
beforeAll(async () => {
  storefront = await startStorefrontServer({ port: 0, config: () => demoConfig })
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

/** The order with this number as the admin API shows it (payment state included). */
async function adminOrder(api: AxiosInstance, container: MedusaContainer, displayId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id"], filters: { display_id: Number(displayId) } })
  expect(data).toHaveLength(1)
  const res = await api.get(
    `/admin/orders/${data[0].id}?fields=id,display_id,payment_status,total,*payment_collections`,
    await adminHeaders(container)
  )
  return res.data.order
}

async function countOrders(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id"] })
  return data.length
}

piastrixIntegrationRunner(({ api, getContainer, sandbox, seed, medusaUrl }) => {
  let tab: Tab
  let scenario = ""

  beforeEach(() => {
    demoConfig = { medusaUrl: medusaUrl(), publishableKey: seed().publishableKey, sandboxUrl: sandbox().url }
  })

  afterEach(async () => {
    if (tab?.problems.length) {
      process.stderr.write(`[${scenario}] browser problems:\n  ${tab.problems.join("\n  ")}\n`)
    }
    await tab?.close()
  })

  async function open(name: string) {
    scenario = name
    tab = await openTab(browser, name)
    return tab
  }

  it("a wallet payment on Piastrix's page ends in a paid order the admin shows as captured", async () => {
    await open("wallet-paid")
    await fillCart(tab, storefront.url, "RUB", "E-book")
    await choosePayment(tab, "wallet")
    await pay(tab)
    await onPayerPage(tab, "pay")
    await expectReturnPage(tab, /is paid/)
    const order = await orderOnReturnPage(tab)
    expect(order.payment).toBe("Paid")
    const admin = await adminOrder(api, getContainer(), order.number)
    expect(admin.payment_status).toBe("captured")
    expect(Number(admin.total)).toBe(1250.5)
  })

  it("a failed wallet payment lets the payer retry with another method and get one paid order", async () => {
    await open("wallet-failed-retry")
    await fillCart(tab, storefront.url, "RUB", "Sticker pack")
    await choosePayment(tab, "wallet")
    await pay(tab)
    await onPayerPage(tab, "fail")
    await expectReturnPage(tab, /did not go through/)
    expect(await countOrders(getContainer())).toBe(0)

    await tab.page.getByRole("link", { name: "Choose another payment method" }).click()
    await tab.page.locator("#notice", { hasText: "did not go through" }).waitFor()
    const price = await choosePayment(tab, "redirect")
    expect(price).toMatch(/RUB|₽/)
    await pay(tab)
    await onPayerPage(tab, "pay")
    await expectReturnPage(tab, /is paid/)
    const order = await orderOnReturnPage(tab)
    expect(await countOrders(getContainer())).toBe(1)
    expect((await adminOrder(api, getContainer(), order.number)).payment_status).toBe("captured")
  })

  it("a redirect payment in USD goes through Piastrix's page by a posted form and ends paid", async () => {
    await open("redirect-usd")
    await fillCart(tab, storefront.url, "USD", "Gift card")
    const price = await choosePayment(tab, "redirect")
    expect(price).toMatch(/\$/)
    await pay(tab)
    await onPayerPage(tab, "pay")
    await expectReturnPage(tab, /is paid/)
    const order = await orderOnReturnPage(tab)
    const admin = await adminOrder(api, getContainer(), order.number)
    expect(admin.payment_status).toBe("captured")
    expect(Number(admin.total)).toBe(60)
  })

  it("a card payment fails with a wrong 3-D Secure code and succeeds with the right one", async () => {
    await open("card-3ds")
    await fillCart(tab, storefront.url, "RUB", "E-book")
    await choosePayment(tab, "card")
    await pay(tab)
    await payByCardForm(tab, "000000")
    await expectReturnPage(tab, /did not go through/)
    expect(await countOrders(getContainer())).toBe(0)

    await tab.page.getByRole("link", { name: "Choose another payment method" }).click()
    await choosePayment(tab, "card")
    await pay(tab)
    await payByCardForm(tab, "123456")
    await expectReturnPage(tab, /is paid/)
    const order = await orderOnReturnPage(tab)
    expect((await adminOrder(api, getContainer(), order.number)).payment_status).toBe("captured")
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
    await page.locator('input[type="file"]').setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: RECEIPT_PNG })
    await page.getByRole("button", { name: "Upload receipt" }).click()
    const receiptResult = page.locator(".receipt p", { hasText: /Receipt uploaded|not accepted/ })
    await receiptResult.waitFor()
    expect(await receiptResult.textContent()).toMatch(/^Receipt uploaded/)
    await tab.shot("receipt")
    await page.getByRole("button", { name: "I have sent the transfer" }).click()

    await expectReturnPage(tab, /is placed/)
    const placed = await orderOnReturnPage(tab)
    expect(placed.payment).toBe("Awaiting your payment")
    expect((await adminOrder(api, getContainer(), placed.number)).payment_status).toBe("awaiting")

    const sessionId = new URL(page.url()).searchParams.get("session_id")!
    const res = await fetch(`${sandbox().url}/__sandbox/payments/${sessionId}/confirm-transfer?by=order`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    })
    expect(res.status).toBe(200)
    await page.locator("#result-title", { hasText: /is paid/ }).waitFor({ timeout: 30000 })
    await tab.shot("confirmed")
    expect((await adminOrder(api, getContainer(), placed.number)).payment_status).toBe("captured")
  })
})
