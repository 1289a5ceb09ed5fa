import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Browser, Locator } from "playwright-core"
import { seedFulfilment, DEMO_SHIPPING_OPTION } from "../../dev/seed-fulfilment"
import { freePort } from "../helpers/medusa-process"
import { sandboxControl } from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { launchChromium, openTab, type Tab } from "./chromium"
import { onPayerPage, payByCardForm, uploadReceipt } from "./storefront-steps"
// The same steps a developer runs by hand (docs/storefront.md, "The Next.js example").
const example = require("../../scripts/example-storefront")

jest.setTimeout(180000)

const steps: string[] = []
const suiteStarted = Date.now()
const note = (line: string) =>
  steps.push(`[${((Date.now() - suiteStarted) / 1000).toFixed(1)} s] ${line}`)

let browser: Browser
let port = 0
let storefrontUrl = ""
let building: Promise<void>
let storefront: { url: string; close(): Promise<void>; output(): string }

// Registered before the runner's hooks: Medusa boots with the example as its CORS origin and return
// address (medusa-config.ts reads STOREFRONT_URL and STOREFRONT_RETURN_PATH). The example is installed
// and built while Medusa boots; it needs the store only once it serves pages.
beforeAll(async () => {
  building = (async () => {
    await example.setup(note)
    await example.build(note)
  })()
  building.catch(() => {})
  port = await freePort()
  storefrontUrl = `http://127.0.0.1:${port}`
  Object.assign(process.env, {
    STOREFRONT_URL: storefrontUrl,
    STOREFRONT_RETURN_PATH: "/checkout/return",
    STORE_CORS: storefrontUrl,
    AUTH_CORS: storefrontUrl,
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await storefront?.close()
  process.stderr.write(`nextjs-example steps:\n  ${steps.join("\n  ")}\n`)
})

/** What a storefront may show without anything being wrong, with the reason. Anything else fails the test. */
const NOISE = (): Array<{ problem: RegExp; why: string }> => [
  {
    problem: new RegExp(
      `^request failed: (POST|GET) ${storefrontUrl.replace(/\./g, "\\.")}/\\S* net::ERR_ABORTED$`
    ),
    why: "Next.js cancels responses of its own it has no use for (copies of a server action's or a page's RSC stream, a superseded request), which Chromium reports as aborted requests; only the example's own origin, and what the payer sees is asserted",
  },
  {
    problem: /^console: Failed to load resource: .*404.*\/favicon\.ico\)$/,
    why: "neither the example nor the sandbox's pages have a favicon, which the browser asks for by itself",
  },
]

async function orderOf(container: MedusaContainer, displayId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "display_id", "email", "payment_collections.status"],
    filters: { display_id: Number(displayId) },
  })
  return data[0]
}

piastrixIntegrationRunner(({ getContainer, sandbox, seed, medusaUrl }) => {
  let tab: Tab
  let scenario = ""

  // Before the runner snapshots the database: the delivery step has a shipping option to choose.
  beforeAll(async () => {
    await seedFulfilment(getContainer(), seed())
    await building
    storefront = await example.start({
      port,
      medusaUrl: medusaUrl(),
      publishableKey: seed().publishableKey,
    })
    note(`next start: serving ${storefront.url}`)
  }, 400_000)

  afterEach(async () => {
    const unexpected = (tab?.problems ?? [])
      .filter((p) => !NOISE().some(({ problem }) => problem.test(p)))
      .map((p) => `[${scenario}] ${p}`)
    await tab?.close()
    note(`${scenario} done`)
    expect(unexpected).toEqual([])
  })

  async function open(name: string) {
    scenario = name
    tab = await openTab(browser, `nextjs-${name}`)
    return tab
  }

  /** Waits until the page is interactive (the example marks `<html data-hydrated>`). */
  async function interactive() {
    await tab.page.locator("html[data-hydrated]").waitFor({ state: "attached" })
  }

  /** The product in the cart, the e-mail and the address, the delivery: the payment step shows. */
  async function checkout(product: string, kind: string) {
    const { page } = tab
    await page.goto(`${storefrontUrl}/`)
    await interactive()
    await tab.shot("products")
    await page
      .locator("article.product", { hasText: product })
      .getByRole("button", { name: "Add to cart" })
      .click()
    await page.waitForURL(/\/checkout$/)
    await page.getByLabel("E-mail").fill("guest@example.com")
    await page.getByLabel("First name").fill("Ivan")
    await page.getByLabel("Last name").fill("Petrov")
    await page.getByLabel("Address", { exact: true }).fill("Tverskaya 1")
    await page.getByLabel("City").fill("Moscow")
    await page.getByLabel("Postal code").fill("125009")
    await page.getByRole("button", { name: "Continue to delivery" }).click()
    await page.getByLabel(new RegExp(DEMO_SHIPPING_OPTION)).check()
    await page.getByRole("button", { name: "Continue to payment" }).click()
    const method = page.getByRole("radio", { name: kind })
    await method.check()
    await tab.shot(`payment-${scenario}`)
    return page.locator("button.piastrix-pay").first()
  }

  /** The kit's pay button waits for the payer's price (the quote) before it can be clicked. */
  async function clickWhenEnabled(button: Locator) {
    await tab.page.waitForFunction(
      (b) => !(b as HTMLButtonElement).disabled,
      await button.elementHandle()
    )
    await button.click()
  }

  /** The order confirmation page: the order's number and its payment as the payer reads them. */
  async function confirmation() {
    const { page } = tab
    await page
      .waitForURL(/\/order\/order_[^/]+\/confirmed$/, { timeout: 40_000 })
      .catch(async (err: Error) => {
        // Say what the payer saw instead, with a screenshot.
        await tab.shot("no-confirmation")
        const shown = await page
          .locator("main")
          .innerText()
          .catch(() => "")
        throw new Error(
          `no order confirmation; the page at ${page.url()} says ${JSON.stringify(shown)} (${err.message.split("\n")[0]})`
        )
      })
    await interactive()
    const number = (await page.getByTestId("order-number").innerText()).replace(
      "#",
      ""
    )
    const payment = await page.getByTestId("payment-status").innerText()
    await tab.shot("confirmed")
    return { number, payment }
  }

  it("a guest pays with the Piastrix wallet on Piastrix's page; the session is started without data", async () => {
    await open("wallet")
    const pay = await checkout("E-book", "Piastrix wallet")
    // What the page asks its startPayment server action for (React's encoding of the action's argument):
    // the kind alone. The action hands it to the kit, which then calls Medusa with `{ provider_id }` only,
    // as the starter does (src/storefront/__tests__); the e-mail is the cart's, the return addresses the
    // plugin's options.
    const started = tab.page.waitForRequest(
      (r) =>
        r.method() === "POST" &&
        !!r.headers()["next-action"] &&
        /"kind":"wallet"/.test(r.postData() ?? "")
    )
    await pay.click()
    const [input] = JSON.parse((await started).postData()!)
    expect(Object.entries(input).filter(([, v]) => v !== "$undefined")).toEqual(
      [["kind", "wallet"]]
    )
    await onPayerPage(tab, "pay")
    await tab.page.waitForURL(/\/checkout\/return\?session_id=/)
    await tab.shot("return")
    const order = await confirmation()
    expect(order.payment).toBe("Paid")
    const stored = await orderOf(getContainer(), order.number)
    expect(stored.email).toBe("guest@example.com")
  })

  it("a redirect payment goes through Piastrix's page and places the paid order", async () => {
    await open("redirect")
    const pay = await checkout(
      "Sticker pack",
      "Card or another method, on Piastrix's page"
    )
    // The button waits for the payer's price (the quote), then names it.
    await expect(pay.innerText()).resolves.toMatch(/Continue to payment/)
    await clickWhenEnabled(pay)
    await onPayerPage(tab, "pay")
    const order = await confirmation()
    expect(order.payment).toBe("Paid")
  })

  it("a card payment on the store's own form, with 3-D Secure, places the paid order", async () => {
    await open("card")
    const pay = await checkout("E-book", "Bank card, on this page")
    await clickWhenEnabled(pay)
    await payByCardForm(tab, "123456", "form.piastrix-card-form")
    const order = await confirmation()
    expect(order.payment).toBe("Paid")
  })

  it("a bank transfer shows the requisites, takes the receipt and places the order awaiting the money", async () => {
    await open("bank-transfer")
    const { page } = tab
    const pay = await checkout("Gift card", "Bank transfer")
    await clickWhenEnabled(pay)
    // The service assigns the requisites a moment after the payment exists; the component polls.
    await page.locator(".piastrix-requisites").waitFor({ timeout: 40_000 })
    await tab.shot("requisites")
    await uploadReceipt(tab)
    await page.getByText(/^Receipt uploaded/).waitFor()
    await tab.shot("receipt")
    await page.getByRole("button", { name: "I have sent the transfer" }).click()
    const order = await confirmation()
    // The payer sent the transfer: the page does not tell them to pay again.
    expect(order.payment).toBe("Being confirmed")

    // The transfer arrives: the order's page says it is paid.
    const stored = await orderOf(getContainer(), order.number)
    const sessions = await getContainer()
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "order",
        fields: ["payment_collections.payment_sessions.id"],
        filters: { id: stored.id },
      })
    const sessionId =
      sessions.data[0].payment_collections[0].payment_sessions[0].id
    await sandboxControl(
      sandbox(),
      "POST",
      `payments/${sessionId}/confirm-transfer?by=order`,
      {}
    )
    for (let attempt = 0; ; attempt++) {
      await page.reload()
      const shown = await page.getByTestId("payment-status").innerText()
      if (shown === "Paid") {
        break
      }
      if (attempt === 30) {
        throw new Error(`the order page still says "${shown}"`)
      }
      await page.waitForTimeout(1000)
    }
    await tab.shot("paid")
  })
})
