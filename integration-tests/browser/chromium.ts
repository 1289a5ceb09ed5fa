import fs from "node:fs"
import path from "node:path"
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core"

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

export type Tab = {
  page: Page
  context: BrowserContext
  /** Saves a screenshot under test-results/browser (kept by CI as an artifact). */
  shot(name: string): Promise<void>
  /** Console errors, page errors, a crash, failed requests and HTTP errors seen so far: each fails the scenario unless expected. */
  problems: string[]
  close(): Promise<void>
}

/** A fresh browser context (no cookies, no localStorage) for one scenario. */
export async function openTab(
  browser: Browser,
  scenario: string,
  options: BrowserContextOptions = {}
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
    async shot(name) {
      n += 1
      const file = path.join(
        SHOTS,
        `${scenario}-${String(n).padStart(2, "0")}-${name}.png`
      )
      await page.screenshot({ path: file, fullPage: true }).catch(() => {})
    },
    close: () => context.close(),
  }
}
