import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Browser, Locator } from "playwright-core"
import { seedFulfilment, DEMO_SHIPPING_OPTION } from "../../dev/seed-fulfilment"
import { storeTexts } from "../../examples/nextjs-storefront/src/lib/texts"
import { freePort } from "../helpers/medusa-process"
import { sandboxControl } from "../helpers/callbacks"
import { piastrixIntegrationRunner } from "../helpers/runner"
import { launchChromium, openTab, type Tab } from "./chromium"
import {
  changeCartElsewhere,
  onPayerPage,
  payByCardForm,
  uploadReceipt,
  wordsCutInTwo,
} from "./storefront-steps"
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
  /** The example's own words in the tab's language (its src/lib/texts.ts). */
  let words = storeTexts.en

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

  /**
   * A payer's tab. `language`: the browser's (its Accept-Language), in which the example shows its own pages
   * and the kit's components (src/lib/locale.ts). Each screenshot of the example's pages is reviewed whole
   * (`Tab.shot`), not the service's own pages.
   */
  async function open(name: string, language: "en" | "ru" = "en") {
    scenario = name
    words = storeTexts[language]
    tab = await openTab(
      browser,
      `nextjs-${name}`,
      { locale: language === "ru" ? "ru-RU" : "en-US" },
      {
        language,
        scope: (url) =>
          url.origin !== new URL(storefrontUrl).origin ? null : "body",
        // The store's data (products, the delivery) and the sandbox's requisites, in Latin letters whatever
        // the page's language.
        names: [
          "E-book: Paying with Piastrix",
          "Gift card 5000",
          "Sticker pack",
          DEMO_SHIPPING_OPTION,
          "Sandbox Bank",
          "IVAN SANDBOXOV",
        ],
      }
    )
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
      .getByRole("button", { name: words.addToCart })
      .click()
    await page.waitForURL(/\/checkout$/)
    await page.getByLabel(words.email).fill("guest@example.com")
    await page.getByLabel(words.firstName).fill("Ivan")
    await page.getByLabel(words.lastName).fill("Petrov")
    await page.getByLabel(words.address, { exact: true }).fill("Tverskaya 1")
    await page.getByLabel(words.city).fill("Moscow")
    await page.getByLabel(words.postalCode).fill("125009")
    await tab.shot("address")
    await page.getByRole("button", { name: words.continueToDelivery }).click()
    await page.getByLabel(new RegExp(DEMO_SHIPPING_OPTION)).check()
    await page.getByRole("button", { name: words.continueToPayment }).click()
    const method = page.getByRole("radio", { name: kind })
    await method.check()
    await tab.shot(`payment-${scenario}`)
    return page.locator("button.piastrix-pay").first()
  }

  /** The kit's button and its price, once the direction's price has arrived. */
  async function priced() {
    const { page } = tab
    const button = page.locator(".piastrix-place-order button.piastrix-pay")
    await page.waitForFunction(
      (b) => !(b as HTMLButtonElement).disabled,
      await button.elementHandle()
    )
    return {
      button: await button.innerText(),
      price: await page.locator(".piastrix-price strong").innerText(),
      fee: await page.locator(".piastrix-fee").innerText(),
    }
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
        await tab.shot("no-confirmation", { review: false })
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
    const picker = tab.page.locator(".piastrix-picker select")
    const first = await picker.inputValue()
    // A direction with a payer's fee (the sandbox's QIWI: 1 %): the price and the button name the same amount.
    await picker.selectOption("qiwi_rub")
    await tab.page.locator(".piastrix-fee", { hasText: /RUB\s1\.50/ }).waitFor()
    expect(await priced()).toEqual({
      button: "Continue to payment · RUB\u00a0151.50",
      price: "You pay RUB\u00a0151.50",
      fee: "(including a fee of RUB\u00a01.50)",
    })
    await tab.shot("fee")
    await picker.selectOption(first)
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
    // On a phone's width the requisites wrap between words: a name or a time is never cut in two.
    await page.setViewportSize({ width: 360, height: 800 })
    expect(await wordsCutInTwo(page.locator(".piastrix-requisites"))).toEqual(
      []
    )
    // Nor does anything stick out of the phone's width (a long direction's name, a phone number).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth)
    ).toBeLessThanOrEqual(360)
    await tab.shot("requisites-narrow")
    await page.setViewportSize({ width: 1200, height: 900 })
    await uploadReceipt(tab)
    // In the payer's words, not the service's status code ("pending").
    await page.getByText("Receipt uploaded; Piastrix reviews it.").waitFor()
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
  it("a failed wallet payment tells the payer in their words and offers another method", async () => {
    await open("failed")
    const pay = await checkout("Sticker pack", "Piastrix wallet")
    await pay.click()
    await onPayerPage(tab, "fail")
    await tab.page.waitForURL(/\/checkout\/return\?session_id=.*failed=1/)
    const retry = tab.page.getByRole("link", {
      name: "Choose another payment method",
    })
    await retry.waitFor({ timeout: 30_000 })
    // In the payer's words, not the server's reason for the store ("the service rejected the payment ...").
    expect(await tab.page.locator(".piastrix-return h2").innerText()).toBe(
      "Your payment did not go through"
    )
    expect(await tab.page.locator(".piastrix-return p").innerText()).toBe(
      "The payment did not go through. Nothing was charged. You can try again with another payment method."
    )
    await tab.shot("return-failed")
    await retry.click()
    await tab.page.waitForURL(/\/checkout$/)
    await tab.page.getByRole("radio", { name: "Bank transfer" }).waitFor()
  })

  it("a payer who paid after the cart changed in another tab is told the money arrived, and the page stops", async () => {
    await open("cart-changed")
    const { page } = tab
    const outcome = await payAfterCartChanged(
      "E-book",
      "Card or another method, on Piastrix's page"
    )
    expect(await outcome.locator("h2").innerText()).toBe("Your payment arrived")
    expect(await outcome.locator("p").innerText()).toMatch(
      /will contact you by e-mail/
    )
    await tab.shot("return-cart-changed")
    // It stops asking: no server action in the next 6 s (the kit polls every 2 s while waiting).
    let asked = 0
    page.on("request", (r) => {
      if (r.headers()["next-action"]) {
        asked++
      }
    })
    await page.waitForTimeout(6000)
    expect(asked).toBe(0)
    // Nothing is left to do here: the way on is the store.
    await outcome.getByRole("link", { name: "Back to the store" }).click()
    await page.waitForURL(`${storefrontUrl}/`)
  })

  /**
   * Pays the cart on Piastrix's page once another tab has changed it (Medusa deletes the session): the
   * return page tells the payer their money arrived without an order. Returns that outcome.
   */
  async function payAfterCartChanged(product: string, kind: string) {
    const { page } = tab
    const pay = await checkout(product, kind)
    await clickWhenEnabled(pay)
    // Only once the payer is on Piastrix's page: a cart changed before the session starts is simply paid.
    await page.waitForURL((url) => url.href.startsWith(sandbox().url))
    const cartId = (await tab.context.cookies()).find(
      (c) => c.name === "_medusa_cart_id"
    )!.value
    // Another tab adds an item: Medusa deletes the session the payer is paying on Piastrix's page.
    await changeCartElsewhere(
      { medusaUrl: medusaUrl(), publishableKey: seed().publishableKey },
      cartId,
      seed().variants["piastrix-stickers"]
    )
    await onPayerPage(tab, "pay")
    const outcome = page.locator(
      '.piastrix-return[data-state="paid_without_order"]'
    )
    await outcome.waitFor({ timeout: 30_000 })
    return outcome
  }

  it("a Russian payer reads the kit in Russian: the kinds, a price with its fee, the requisites, the receipt, a failure", async () => {
    await open("ru", "ru")
    const { page } = tab
    // The payment step: kinds and directions in Russian, the amounts as Russian writes them.
    const pay = await checkout(
      "Sticker pack",
      "Карта или другой способ, на странице Piastrix"
    )
    await page.locator(".piastrix-picker select").selectOption("qiwi_rub")
    await page.locator(".piastrix-fee", { hasText: /1,50\s₽/ }).waitFor()
    expect(await priced()).toEqual({
      button: "Перейти к оплате · 151,50\u00a0₽",
      price: "К оплате 151,50\u00a0₽",
      fee: "(включая комиссию 1,50\u00a0₽)",
    })
    await tab.shot("fee")
    await page.getByRole("radio", { name: "Банковский перевод" }).check()
    await clickWhenEnabled(pay)
    await page.locator(".piastrix-requisites").waitFor({ timeout: 40_000 })
    await tab.shot("requisites")
    await uploadReceipt(tab)
    await page.getByText("Чек загружен; Piastrix его проверит.").waitFor()
    await tab.shot("receipt")
    await page.getByRole("button", { name: "Я перевёл(а) деньги" }).click()
    // The example's own page in Russian too: its words, the amount as Russian writes it.
    const order = await confirmation()
    expect(order.payment).toBe("Подтверждается")
    expect(await page.locator("main").innerText()).toMatch(
      /Итого: 150,00\s₽ · Оплата: Подтверждается/
    )

    // A failed wallet payment: the return page in Russian.
    const wallet = await checkout("E-book", "Кошелёк Piastrix")
    await wallet.click()
    await onPayerPage(tab, "fail")
    await page
      .getByRole("link", { name: "Выбрать другой способ оплаты" })
      .waitFor({ timeout: 30_000 })
    expect(await page.locator(".piastrix-return h2").innerText()).toBe(
      "Оплата не прошла"
    )
    await tab.shot("return-failed")
  })

  it("a Russian payer pays on the card form and is told in Russian when the cart changed while paying", async () => {
    await open("ru-card", "ru")
    const { page } = tab
    // The card form with the example's note on the sandbox's test card, in Russian.
    const pay = await checkout("E-book", "Банковская карта, на этой странице")
    await clickWhenEnabled(pay)
    await page
      .locator("form.piastrix-card-form", { hasText: "Песочница: любая" })
      .waitFor()
    await payByCardForm(tab, "123456", "form.piastrix-card-form")
    expect((await confirmation()).payment).toBe("Оплачен")

    // Paid for a cart that changed meanwhile: the outcome and the way back to the store, in Russian.
    const outcome = await payAfterCartChanged(
      "Sticker pack",
      "Карта или другой способ, на странице Piastrix"
    )
    expect(await outcome.locator("h2").innerText()).toBe("Оплата поступила")
    expect(await outcome.locator("p").innerText()).toMatch(
      /свяжется с вами по почте/
    )
    await tab.shot("return-cart-changed")
    await outcome.getByRole("link", { name: "Вернуться в магазин" }).click()
    await page.waitForURL(`${storefrontUrl}/`)
    await page.getByRole("heading", { name: "Товары" }).waitFor()
  })
})
