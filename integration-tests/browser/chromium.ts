import fs from "node:fs"
import path from "node:path"
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "playwright-core"
import { describeFindings, reviewText, type Language } from "./screen-review"

/**
 * Debian's Chromium through playwright-core (`npx playwright install` cannot download browsers here).
 * Without the networking flags Chromium floods a closed network with connections.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
}

const SHOTS = path.resolve(__dirname, "..", "..", "test-results", "browser")

/**
 * What a tab's screenshots are reviewed for (screen-review.ts): the page's language, the part of each page that
 * is the plugin's (`scope`: CSS selectors for the page at that address, or null for a page that is not the
 * plugin's, such as Medusa's orders list or the service's payer page), and names the test's data puts on the
 * page (a vendor, a product) that a Russian page may show in Latin letters.
 */
export type Review = {
  language: Language
  scope: (url: URL) => string | null
  names?: string[]
}

export type Tab = {
  page: Page
  context: BrowserContext
  /**
   * Saves a screenshot of the whole page under test-results/browser (kept by CI as an artifact) and, in a tab
   * opened with a `review`, fails when the plugin's part of the page shows an internal id, an error's class,
   * an amount not formatted for the reader, or English on a Russian page, outside the Details disclosures.
   * `review: false` for a screenshot taken to show a failure.
   */
  shot(name: string, options?: { review?: boolean }): Promise<void>
  /** Console errors, page errors, a crash, failed requests and HTTP errors seen so far: each fails the scenario unless expected. */
  problems: string[]
  close(): Promise<void>
}

/**
 * The visible text of `target` (an element, or the elements a CSS selector finds), less the plugin's Details
 * disclosures: text nodes of one element joined as they read, elements on lines of their own. Runs in the page.
 */
function collectVisibleText(
  target: Element | { selectors: string; skip: string },
  options: { skip: string } = { skip: "" }
): string {
  const { skip } = target instanceof Element ? options : target
  const roots =
    target instanceof Element
      ? [target]
      : Array.from(document.querySelectorAll(target.selectors))
  const lines: string[] = []
  for (const root of roots) {
    if (roots.some((other) => other !== root && other.contains(root))) {
      continue
    }
    // A drop-down shows its chosen option only; an empty field its placeholder (read for words).
    for (const select of Array.from(root.querySelectorAll("select"))) {
      if (select.checkVisibility() && select.selectedOptions[0]) {
        lines.push(select.selectedOptions[0].text)
      }
    }
    for (const field of Array.from(
      // Words only: a placeholder may show how to type an amount ("100.00").
      skip
        ? root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
            "input[placeholder], textarea[placeholder]"
          )
        : []
    )) {
      if (!field.value && field.checkVisibility()) {
        lines.push(field.placeholder)
      }
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    let parent: Element | null = null
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement
      if (
        !element ||
        element.closest(
          `[data-testid="piastrix-details"], script, style, noscript, template, select${skip ? `, ${skip}` : ""}`
        ) ||
        !element.checkVisibility({
          visibilityProperty: true,
          checkVisibilityCSS: true,
        } as CheckVisibilityOptions)
      ) {
        continue
      }
      if (element === parent) {
        lines[lines.length - 1] += node.textContent ?? ""
      } else {
        lines.push(node.textContent ?? "")
        parent = element
      }
    }
  }
  return lines
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n")
}

/** What a person reads in `target`: a part of a page, or the elements `selectors` finds on a page. */
export function visibleText(
  target: Page | Locator,
  selectors = "body",
  skip = ""
) {
  return "goto" in target
    ? target.evaluate(collectVisibleText, { selectors, skip })
    : target.evaluate(collectVisibleText, { skip })
}

/**
 * What a person reads as words of the page's language: codes and key names (`<code>`, `<kbd>`) are none, nor
 * text marked as English on purpose (`lang="en"`: a language switch naming English in English).
 */
export const CODES = 'code, kbd, body [lang="en"]'

/** The height the page needs to show all of itself: the admin scrolls inside its own containers. */
function contentHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    let height = document.documentElement.scrollHeight
    for (const element of Array.from(document.querySelectorAll("*"))) {
      const overflow = getComputedStyle(element).overflowY
      if (
        (overflow === "auto" || overflow === "scroll") &&
        element.scrollHeight > element.clientHeight + 1
      ) {
        height = Math.max(
          height,
          window.innerHeight + element.scrollHeight - element.clientHeight
        )
      }
    }
    return height
  })
}

/** A fresh browser context (no cookies, no localStorage) for one scenario; `review`: see `Review`. */
export async function openTab(
  browser: Browser,
  scenario: string,
  options: BrowserContextOptions = {},
  review?: Review
): Promise<Tab> {
  const context = await browser.newContext({
    viewport: { width: 1200, height: 900 },
    ...options,
  })
  const page = await context.newPage()
  page.setDefaultTimeout(20000)
  const problems: string[] = []
  page.on("console", (msg) => {
    if (msg.type() === "error") {
      const where = msg.location().url
      problems.push(`console: ${msg.text()}${where ? ` (${where})` : ""}`)
    }
  })
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`))
  page.on("crash", () => problems.push("the page crashed"))
  page.on("requestfailed", (req) =>
    problems.push(
      `request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ""}`.trim()
    )
  )
  page.on(
    "response",
    (res) =>
      res.status() >= 400 && problems.push(`HTTP ${res.status()}: ${res.url()}`)
  )
  let n = 0
  fs.mkdirSync(SHOTS, { recursive: true })
  return {
    page,
    context,
    problems,
    async shot(name, { review: reviewed = true } = {}) {
      n += 1
      const file = path.join(
        SHOTS,
        `${scenario}-${String(n).padStart(2, "0")}-${name}.png`
      )
      // What is opening or sliding in (a modal, a toast) is shown where it comes to rest.
      await page
        .evaluate(() =>
          Promise.race([
            Promise.all(
              document
                .getAnimations()
                .filter(
                  (a) => a.effect?.getComputedTiming().iterations !== Infinity
                )
                .map((a) => a.finished.catch(() => null))
            ),
            new Promise((settle) => setTimeout(settle, 2000)),
          ])
        )
        .catch(() => null)
      // The whole page in one picture: the viewport grows to the content's height for the screenshot.
      const viewport = page.viewportSize()
      const needed = await contentHeight(page).catch(() => 0)
      if (viewport && needed > viewport.height) {
        await page.setViewportSize({
          width: viewport.width,
          height: Math.min(needed, 6000),
        })
      }
      await page.screenshot({ path: file, fullPage: true }).catch(() => {})
      if (viewport && needed > viewport.height) {
        await page.setViewportSize(viewport)
      }
      const scope =
        review && reviewed ? review.scope(new URL(page.url())) : null
      if (!review || !scope) {
        return
      }
      const text = await visibleText(page, scope)
      const findings = reviewText(text, review.language, {
        names: review.names,
        words: await visibleText(page, scope, CODES),
      })
      if (findings.length) {
        throw new Error(
          `the screenshot ${path.basename(file)} (${review.language}, ${page.url()}) shows:\n  ${describeFindings(text, findings)}`
        )
      }
    },
    close: () => context.close(),
  }
}
