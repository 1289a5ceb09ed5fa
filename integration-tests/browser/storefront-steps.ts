import type { Locator } from "playwright-core"
import type { Tab } from "./chromium"

/**
 * What a payer does on the demo storefront (dev/storefront), step by step, through the page's own
 * controls: the tests read like the person's path through the store.
 */

export type Kind = "wallet" | "redirect" | "card" | "bank_transfer"

/**
 * Console errors, failed requests and HTTP errors the storefront may show without anything being wrong, each
 * with its reason (the admin's are in admin-steps.ts). Anything else fails the scenario.
 */
const STOREFRONT_NOISE: Array<{ problem: RegExp; why: string }> = [
  {
    problem:
      /^console: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/favicon\.ico\)$/,
    why: "the demo storefront and the sandbox's pages have no favicon, which the browser asks for by itself",
  },
]

/** A storefront tab's problems less the known noise: a test expects none. */
export function unexpectedStorefrontProblems(problems: string[]): string[] {
  return problems.filter(
    (p) => !STOREFRONT_NOISE.some(({ problem }) => problem.test(p))
  )
}

/** Opens the store, picks the region by currency, puts one product in the cart. */
export async function fillCart(
  tab: Tab,
  storefrontUrl: string,
  currency: "RUB" | "USD" | "EUR",
  product: string
) {
  const { page } = tab
  await page.goto(`${storefrontUrl}/index.html`)
  const region = page.locator("#region")
  await region.locator("option").first().waitFor({ state: "attached" })
  const value = await region
    .locator("option", { hasText: `(${currency})` })
    .getAttribute("value")
  await region.selectOption(value!)
  const card = page.locator("article.product", { hasText: product })
  // "Add to cart", in the page's language: the card's one button.
  await card.getByRole("button").click()
  await page.locator("#cart-total").waitFor()
  await tab.shot("cart")
}

/** Chooses how to pay; returns the payer's price the page shows (null for wallet payments). */
export async function choosePayment(
  tab: Tab,
  kind: Kind,
  email = "payer@example.com"
) {
  const { page } = tab
  await page.locator("#email").fill(email)
  const option = page.locator(`label.kind[data-kind="${kind}"] input`)
  await expect(option.isEnabled()).resolves.toBe(true)
  await option.check()
  let price: string | null = null
  if (kind !== "wallet") {
    price = await page.getByTestId("payer-price").textContent()
  }
  await tab.shot(`chose-${kind}`)
  return price
}

export async function pay(tab: Tab) {
  await tab.page.locator("#pay").click()
}

/** On the sandbox's payer page: pays, or fails the payment. */
export async function onPayerPage(tab: Tab, action: "pay" | "fail") {
  const { page } = tab
  await page.locator("#pay").waitFor()
  await tab.shot("payer-page")
  await page.locator(action === "pay" ? "#pay" : "#fail").click()
}

/**
 * Another tab adds an item to the cart while its payer is on Piastrix's page: Medusa deletes the session being
 * paid there, so the payment arrives for a cart that changed.
 */
export async function changeCartElsewhere(
  store: { medusaUrl: string; publishableKey: string },
  cartId: string,
  variantId: string
) {
  const res = await fetch(
    `${store.medusaUrl}/store/carts/${cartId}/line-items`,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-publishable-api-key": store.publishableKey,
      },
      body: JSON.stringify({ variant_id: variantId, quantity: 1 }),
    }
  )
  expect(res.status).toBe(200)
}

/** The return page settles on this heading (it polls the session status). */
export async function expectReturnPage(
  tab: Tab,
  heading: RegExp,
  timeoutMs = 30000
) {
  const { page } = tab
  await page.waitForURL(/\/return\.html/, { timeout: timeoutMs })
  await page
    .locator("#result-title", { hasText: heading })
    .waitFor({ timeout: timeoutMs })
    .catch(async (err: Error) => {
      // Say what the payer saw instead, with a screenshot, not only what was awaited.
      await tab.shot("return-unexpected", { review: false })
      const shown = await page
        .locator("#result-title, #result-text")
        .allInnerTexts()
        .catch(() => [])
      throw new Error(
        `the return page did not say ${heading} within ${timeoutMs} ms; it said ${JSON.stringify(shown)} (${err.message.split("\n")[0]})`
      )
    })
  await tab.shot("return")
  return page.locator("#result-title").textContent()
}

/** The order number and the payment state the return page shows. */
export async function orderOnReturnPage(tab: Tab) {
  const { page } = tab
  return {
    number: (await page.getByTestId("order-number").textContent())!.replace(
      "#",
      ""
    ),
    payment: await page.getByTestId("payment-status").textContent(),
  }
}

/**
 * The h2h card form: posted by the browser straight to the service, then 3-D Secure. `selector`: the
 * form on the page (the demo's, or the storefront kit's `form.piastrix-card-form`).
 */
export async function payByCardForm(
  tab: Tab,
  code: string,
  selector = "#card-form"
) {
  const { page } = tab
  const form = page.locator(selector)
  await form.waitFor()
  // The started payment's form alone: the Pay button that started it (the demo's, the kit's place-order one)
  // is gone, not left disabled above it.
  expect(
    await page
      .locator("#pay:visible, .piastrix-place-order .piastrix-pay:visible")
      .count()
  ).toBe(0)
  await form.locator('[name="card_number"]').fill("4242 4242 4242 4242")
  await form.locator('[name="expiry_month"]').fill("12")
  await form.locator('[name="expiry_year"]').fill("30")
  await form.locator('[name="cvv"]').fill("123")
  await form.locator('[name="card_holder"]').fill("IVAN IVANOV")
  await tab.shot("card-form")
  await form.locator('button[type="submit"]').click()
  await page.locator("#code").waitFor()
  await page.locator("#code").fill(code)
  await tab.shot("3ds")
  await page.locator("#confirm").click()
}

/** A 1x1 PNG: a receipt the service accepts (type is checked by content). */
const RECEIPT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
)

/** The bank transfer's receipt, chosen in the page's file input and sent with its "Upload receipt" button (in the page's language). */
export async function uploadReceipt(tab: Tab) {
  await tab.page.locator('input[type="file"]').setInputFiles({
    name: "receipt.png",
    mimeType: "image/png",
    buffer: RECEIPT_PNG,
  })
  // The demo store's receipt form, or the storefront kit's (the Next.js example).
  await tab.page
    .locator(".receipt button, form.piastrix-receipt button[type=submit]")
    .click()
}

/**
 * The words of a list's values that the page draws across two lines (a name cut as "SANDBOXO / V"). Tokens
 * longer than 20 characters (a card number, a link) may wrap: they cannot fit a narrow line whole.
 */
export function wordsCutInTwo(list: Locator): Promise<string[]> {
  return list.evaluate((element) => {
    const cut: string[] = []
    for (const value of Array.from(element.querySelectorAll("dd"))) {
      const text = value.firstChild
      if (!text || text.nodeType !== Node.TEXT_NODE) {
        continue
      }
      for (const word of (text.textContent ?? "").matchAll(/\S+/g)) {
        if (word[0].length > 20) {
          continue
        }
        const range = document.createRange()
        range.setStart(text, word.index!)
        range.setEnd(text, word.index! + word[0].length)
        if (range.getClientRects().length > 1) {
          cut.push(word[0])
        }
      }
    }
    return cut
  })
}
