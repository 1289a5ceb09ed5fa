import type { Browser, Locator, Page } from "playwright-core"
import { CODES, openTab, visibleText, type Tab } from "./chromium"
import { reviewText, type Finding, type Language } from "./screen-review"

/**
 * What a store owner does in Medusa's admin (the production build served at `/app`), through the
 * dashboard's own pages: log in, find the order in the orders list, open it.
 */

export const ADMIN_CREDENTIALS = {
  email: "admin@example.com",
  password: "supersecret",
}

/**
 * The plugin's part of an admin page, as the screenshot review reads it: the whole content of its own pages
 * (with their toasts, drawers, prompts and menus), its card on an order's page; none of Medusa's other pages.
 */
export function pluginPart(url: URL): string | null {
  const around =
    "[data-sonner-toast], [role=dialog], [role=alertdialog], [role=listbox], [role=menu]"
  if (/^\/app\/(piastrix|settings\/piastrix)(\/|$)/.test(url.pathname)) {
    return `main, ${around}`
  }
  if (/^\/app\/orders\/[^/]+$/.test(url.pathname)) {
    // Its card and its toasts; the dashboard's own forms (Create Fulfillment) are Medusa's.
    return `[data-testid="piastrix-order-widget"], [data-sonner-toast]`
  }
  return null
}

/**
 * Logs in at /app/login in a fresh browser context; the session cookie then lasts for the suite.
 * `behindTls`: Medusa in production sets a `Secure` session cookie only on HTTPS requests, as a TLS proxy
 * in front of it reports them (`X-Forwarded-Proto: https`); the tab then sends that header as such a
 * proxy would. `language`: the dashboard's language, as a user who picked it in their profile has it (i18next's
 * cookie and storage); every screenshot of the plugin's pages is reviewed in it (`Tab.shot`), with `names`
 * the test's data shows in Latin letters.
 */
export async function openAdmin(
  browser: Browser,
  medusaUrl: string,
  {
    behindTls = false,
    scenario = "admin",
    language = "en",
    names = [],
  }: {
    behindTls?: boolean
    scenario?: string
    language?: Language
    names?: string[]
  } = {}
): Promise<Tab> {
  // The browser's own locale stays English: the dashboard's language is the user's choice, not the machine's.
  const tab = await openTab(
    browser,
    scenario,
    {
      locale: "en-US",
      ...(behindTls
        ? { extraHTTPHeaders: { "x-forwarded-proto": "https" } }
        : {}),
    },
    { language, scope: pluginPart, names }
  )
  if (language !== "en") {
    await tab.context.addCookies([
      { name: "lng", value: language, url: medusaUrl },
    ])
    await tab.context.addInitScript(
      (lng) => localStorage.setItem("lng", lng),
      language
    )
  }
  const { page } = tab
  try {
    await page.goto(`${medusaUrl}/app/login`)
    await page.locator('input[name="email"]').fill(ADMIN_CREDENTIALS.email)
    await page
      .locator('input[name="password"]')
      .fill(ADMIN_CREDENTIALS.password)
    await tab.shot("login")
    // "Continue with Email", in the dashboard's language.
    await page.locator('form button[type="submit"]').click()
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), {
      timeout: 30000,
    })
    return tab
  } catch (err) {
    // The suite keeps no handle on a tab that failed to log in: say what the page showed, then close it.
    await tab.shot("login-failed", { review: false })
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
    await tab.shot("unexpected", { review: false })
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
      `"${text}" did not appear${within ? ` in ${within}` : ""} within ${timeout} ms on ${tab.page.url()} (${(err as Error).message.split("\n")[0]}); toasts: ${JSON.stringify(toasts)}; alerts: ${JSON.stringify(alerts)}; table rows: ${JSON.stringify(rows)}; browser problems: ${JSON.stringify(tab.problems)}`
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
    await tab.shot(`${label}-order-failed`, { review: false })
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

/** What the screenshot review finds by `rule` in the plugin's part of the page (`pluginPart`), or in one `part` of it. */
async function found(
  target: Page | Locator,
  rule: Finding["rule"],
  language: Language
): Promise<string[]> {
  const scope =
    "goto" in target ? (pluginPart(new URL(target.url())) ?? "body") : "body"
  const [text, words] = await Promise.all([
    visibleText(target, scope),
    visibleText(target, scope, CODES),
  ])
  return reviewText(text, language, { words })
    .filter((f) => f.rule === rule)
    .map((f) => f.text)
}

/** The internal ids the page shows; a page that names things as people do shows none. */
export const rawIdsOnScreen = (page: Page) => found(page, "raw id", "en")

/** Amounts a Russian page shows as the API sends them ("250.00"), not as Russian reads them ("250,00 ₽"). */
export const unformattedAmountsOnScreen = (page: Page) =>
  found(page, "unformatted amount", "ru")

/** English words on a Russian page (screen-review.ts: Latin words outside names, codes and addresses). */
export const englishOnScreen = (page: Page) => found(page, "English", "ru")

/** `englishOnScreen` within one part of a page (the plugin's card on a page of Medusa's own). */
export const englishIn = (part: Locator) => found(part, "English", "ru")

/**
 * The colour of the toast showing `text`, read from its icon as Medusa's toasts draw it: green for success,
 * orange for a warning, red for an error; information's icon is in the text's colour.
 */
export async function toastTone(
  page: Page,
  text: string
): Promise<"success" | "warning" | "error" | "info"> {
  const toast = page.locator("[data-sonner-toast]", { hasText: text }).first()
  await toast.waitFor()
  const icon =
    (await toast
      .locator("svg[class*='text-ui-tag-'], svg.text-ui-fg-base")
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

/**
 * How many lines `part`'s text takes on screen, wrapped lines counted: the distinct heights of its text's line
 * boxes (the text's own boxes, not its elements', whose tops sit above their text's).
 */
export async function linesOnScreen(part: Locator): Promise<number> {
  return part.evaluate((element) => {
    const tops = new Set<number>()
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && rect.height > 0) {
          tops.add(Math.round(rect.top))
        }
      }
    }
    return tops.size
  })
}
