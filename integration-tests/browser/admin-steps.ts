import type { Browser, Locator, Page } from "playwright-core"
import { openTab, type Tab } from "./chromium"

/**
 * What a store owner does in Medusa's admin (the production build served at `/app`), through the
 * dashboard's own pages: log in, find the order in the orders list, open it.
 */

export const ADMIN_CREDENTIALS = {
  email: "admin@example.com",
  password: "supersecret",
}

/**
 * Logs in at /app/login in a fresh browser context; the session cookie then lasts for the suite.
 * `behindTls`: Medusa in production sets a `Secure` session cookie only on HTTPS requests, as a TLS proxy
 * in front of it reports them (`X-Forwarded-Proto: https`); the tab then sends that header as such a
 * proxy would.
 */
export async function openAdmin(
  browser: Browser,
  medusaUrl: string,
  { behindTls = false, scenario = "admin" } = {}
): Promise<Tab> {
  // English labels whatever the machine's locale: the assertions read the dashboard's English texts.
  const tab = await openTab(browser, scenario, {
    locale: "en-US",
    ...(behindTls
      ? { extraHTTPHeaders: { "x-forwarded-proto": "https" } }
      : {}),
  })
  const { page } = tab
  try {
    await page.goto(`${medusaUrl}/app/login`)
    await page.locator('input[name="email"]').fill(ADMIN_CREDENTIALS.email)
    await page
      .locator('input[name="password"]')
      .fill(ADMIN_CREDENTIALS.password)
    await tab.shot("login")
    await page.getByRole("button", { name: "Continue with Email" }).click()
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), {
      timeout: 30000,
    })
    return tab
  } catch (err) {
    // The suite keeps no handle on a tab that failed to log in: say what the page showed, then close it.
    await tab.shot("login-failed")
    const problems = tab.problems.length
      ? `\nbrowser problems:\n  ${tab.problems.join("\n  ")}`
      : ""
    await tab.close()
    throw new Error(
      `could not log in to the admin at ${medusaUrl}/app/login: ${(err as Error).message}${problems}`
    )
  }
}

/**
 * Waits for `text` on the page, or `within` a part of it (a table row). When it does not come, fails with
 * what the page shows instead (its toasts, the table's rows, the browser's problems so far) and a
 * screenshot, so a failure in CI says why.
 */
export async function waitForText(
  tab: Tab,
  text: string,
  {
    within,
    exact = false,
    timeout = 20000,
  }: { within?: Locator; exact?: boolean; timeout?: number } = {}
): Promise<void> {
  try {
    await (within ?? tab.page)
      .getByText(text, { exact })
      .first()
      .waitFor({ timeout })
  } catch (err) {
    await tab.shot("unexpected")
    const toasts = await tab.page
      .locator("[data-sonner-toast]")
      .allInnerTexts()
      .catch(() => [])
    const rows = await tab.page
      .locator("tbody tr")
      .allInnerTexts()
      .catch(() => [])
    const alerts = await tab.page
      .getByRole("alert")
      .allInnerTexts()
      .catch(() => [])
    throw new Error(
      `"${text}" did not appear${within ? ` in ${within}` : ""} within ${timeout} ms (${(err as Error).message.split("\n")[0]}); toasts: ${JSON.stringify(toasts)}; alerts: ${JSON.stringify(alerts)}; table rows: ${JSON.stringify(rows)}; browser problems: ${JSON.stringify(tab.problems)}`
    )
  }
}

export type AdminOrderView = {
  /** How many orders the orders list shows. */
  listedOrders: number
  /** The payment badge of the order's row in the orders list. */
  listPayment: string
  /** The order's total as the orders list shows it. */
  listTotal: string
  /** The badge beside the "Payments" heading on the order's page. */
  pagePayment: string
  /** The plugin's Piastrix card on the order's page (src/admin/widgets), its text line by line. */
  widget: string[]
}

/**
 * Finds order #displayId in the orders list and opens it; returns the payment state both pages show.
 * The list's columns are found by their header, so a reordered table cannot shift a check onto the
 * fulfillment badge.
 */
export async function orderInAdmin(
  tab: Tab,
  medusaUrl: string,
  displayId: string,
  label: string
) {
  const { page } = tab
  await page.goto(`${medusaUrl}/app/orders`)
  const row = page.locator("tbody tr", {
    has: page.locator("td", { hasText: new RegExp(`^#${displayId}$`) }),
  })
  await row.waitFor()
  const headers = (await page.locator("thead th").allTextContents()).map(
    (text) => text.trim()
  )
  const column = (name: RegExp) => {
    const index = headers.findIndex((text) => name.test(text))
    if (index < 0) {
      throw new Error(
        `the orders list has no ${name} column (columns: ${headers.join(", ")})`
      )
    }
    return index
  }
  const listPayment = (
    await row
      .locator("td")
      .nth(column(/^Payment$/))
      .innerText()
  ).trim()
  const listTotal = (
    await row
      .locator("td")
      .nth(column(/Total$/))
      .innerText()
  ).trim()
  const listedOrders = await page.locator("tbody tr").count()
  await tab.shot(`${label}-orders`)

  try {
    await row.click()
    await page.waitForURL(/\/app\/orders\/order_/)
    const heading = page.getByRole("heading", {
      level: 2,
      name: "Payments",
      exact: true,
    })
    await heading.waitFor()
    const header = heading.locator("xpath=..")
    const pagePayment = (await header.innerText())
      .replace(/^Payments/, "")
      .trim()
    const card = page.getByTestId("piastrix-order-widget")
    await card.locator("[data-testid^=piastrix-payment-]").first().waitFor()
    // A bank transfer's requisites and receipts are read after the payments: wait until they are shown.
    await card
      .locator("[data-testid^=piastrix-bank-transfer-][data-state=loading]")
      .first()
      .waitFor({ state: "detached" })
    await card.scrollIntoViewIfNeeded()
    await tab.shot(`${label}-widget`)
    const widget = (await card.innerText())
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
    await tab.shot(`${label}-order`)
    return {
      listedOrders,
      listPayment,
      listTotal,
      pagePayment,
      widget,
    } satisfies AdminOrderView
  } catch (err) {
    await tab.shot(`${label}-order-failed`)
    throw err
  }
}

/**
 * What Medusa's own dashboard reports in a healthy session, which no change of ours can remove, each with its
 * reason. Every browser suite fails on any other console error, failed request or HTTP error in the admin.
 */
const DASHBOARD_NOISE: Array<{ problem: RegExp; why: string }> = [
  {
    problem: /^HTTP 401: http:\/\/[^/]+\/admin\/users\/me$/,
    why: "before the login form the dashboard asks who is logged in, and nobody is yet",
  },
  {
    problem:
      /^console: Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/admin\/users\/me\)$/,
    why: "the browser's own line for that 401",
  },
  {
    problem:
      /cdn\.jsdelivr\.net\/gh\/lipis\/flag-icons|^console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED/,
    why: "the dashboard draws currency flags from a CDN this closed network cannot reach",
  },
  {
    problem:
      /^console: `DialogContent` requires a `DialogTitle` for the component to be accessible for screen reader users\./,
    why: "Radix's warning for the dashboard's own full-screen forms without a title (Create Fulfillment)",
  },
  {
    problem:
      /^console: Warning: validateDOMNesting\(\.\.\.\): [\s\S]*\bat CostBreakdown \(/,
    why:
      "React's development build (the admin of `npm run dev`) warns that the dashboard's own order summary " +
      "puts a <div> in a <p>; the production build prints nothing",
  },
  {
    problem:
      /^request failed: GET http:\/\/[^/]+\/admin\/[^ ]+ net::ERR_ABORTED$/,
    why:
      "the browser cancels the dashboard's reads still under way when a page is left (its first session check " +
      "on the way to the login page, a list's reads when the test opens a row): a cancelled read, not a failed one",
  },
]

/** A tab's console errors and failed requests in the admin, less the dashboard's known noise: a test expects none. */
export function unexpectedProblems(problems: string[]): string[] {
  return problems.filter(
    (p) => !DASHBOARD_NOISE.some(({ problem }) => problem.test(p))
  )
}

/** An amount as an English admin page shows it ("RUB 1,250.50"), spaces plain as Playwright's text matching reads them. */
export const shownAmount = (value: string, currency = "RUB") =>
  (
    new Intl.NumberFormat("en", { style: "currency", currency })
      .format as unknown as (exact: string) => string
  )(value).replace(/[\u00a0\u202f]/g, " ")

/** Internal ids a store owner should not have to read: sessions, orders, payouts. */
const RAW_ID = "(?:payses_|order_01|pxpo_)[0-9A-Za-z]*"

/** What the page shows outside the plugin's Details disclosures (which keep ids and raw values for support). */
async function matchesOnScreen(page: Page, source: string): Promise<string[]> {
  return page.evaluate((source) => {
    const body = document.body.cloneNode(true) as HTMLElement
    body
      .querySelectorAll('[data-testid="piastrix-details"], script, style')
      .forEach((node) => node.remove())
    return body.textContent?.match(new RegExp(source, "g")) ?? []
  }, source)
}

/** The internal ids the page shows; a page that names things as people do shows none. */
export const rawIdsOnScreen = (page: Page) => matchesOnScreen(page, RAW_ID)

/**
 * Amounts a Russian page shows as the API sends them ("250.00"), not formatted as Russian reads them
 * ("250,00 ₽"). Dates ("26.11.2026") and versions ("2.21.2") are not amounts.
 */
export const unformattedAmountsOnScreen = (page: Page) =>
  matchesOnScreen(page, String.raw`(?<![\d.,])\d+\.\d{1,2}(?![\d.])`)

/**
 * English sentences on a Russian page, outside Details: three or more English words in a row ("paid, but the
 * payment session no longer exists"), as the server's reasons and notes are written. Names (Piastrix, an
 * e-mail, a payway such as card_rub) are single words and pass.
 */
const ENGLISH = String.raw`\b[A-Za-z]+(?:[,:;]? [A-Za-z]+){2,}\b`
export const englishOnScreen = (page: Page) => matchesOnScreen(page, ENGLISH)

/** `englishOnScreen` within one part of a page (the plugin's card on a page of Medusa's own). */
export const englishIn = (part: Locator) =>
  part.evaluate((element, source) => {
    const copy = element.cloneNode(true) as HTMLElement
    copy
      .querySelectorAll('[data-testid="piastrix-details"]')
      .forEach((node) => node.remove())
    return copy.textContent?.match(new RegExp(source, "g")) ?? []
  }, ENGLISH)

/**
 * The colour of the toast showing `text`, read from its icon as Medusa's toasts draw it: green for success,
 * orange for a warning, red for an error, blue for information.
 */
export async function toastTone(
  page: Page,
  text: string
): Promise<"success" | "warning" | "error" | "info"> {
  const toast = page.locator("[data-sonner-toast]", { hasText: text }).first()
  await toast.waitFor()
  const icon =
    (await toast
      .locator("svg[class*='text-ui-tag-']")
      .first()
      .getAttribute("class")) ?? ""
  return /green/.test(icon)
    ? "success"
    : /orange/.test(icon)
      ? "warning"
      : /red/.test(icon)
        ? "error"
        : "info"
}

/** Opens a table row's (or a page header's) "…" menu and picks `action`, as a store owner does. */
export async function rowAction(
  page: Page,
  row: Locator,
  action: string,
  menu = "Actions"
): Promise<void> {
  await row.getByRole("button", { name: menu, exact: true }).click()
  await page.getByRole("menuitem", { name: action, exact: true }).click()
}

/**
 * Medusa's prompt before money moves (`usePrompt`): waits for it, returns what it says, and presses
 * `button` (its confirm or its cancel); the prompt is gone afterwards.
 */
export async function answerPrompt(
  page: Page,
  button: string
): Promise<string> {
  const prompt = page.getByRole("alertdialog")
  await prompt.waitFor()
  const text = await prompt.innerText()
  await prompt.getByRole("button", { name: button, exact: true }).click()
  await prompt.waitFor({ state: "detached" })
  return text
}
