// Debian's Chromium for the browser suites (driven by playwright-core; `npx playwright install` cannot
// download browsers on these machines). Installed with apt-get when we are root and a browser suite exists;
// otherwise the exact package to install is named.
const fs = require("node:fs")
const path = require("node:path")
const { execFileSync } = require("node:child_process")

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

function hasBrowserSuites(
  dir = path.resolve(__dirname, "..", "integration-tests")
) {
  if (!fs.existsSync(dir)) {
    return false
  }
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .some((entry) =>
      entry.isDirectory()
        ? hasBrowserSuites(path.join(dir, entry.name))
        : /\.browser\.spec\.[jt]s$/.test(entry.name)
    )
}

async function ensureChromium({ required = false } = {}) {
  if (fs.existsSync(CHROMIUM)) {
    process.env.CHROMIUM_PATH = CHROMIUM
    return CHROMIUM
  }
  if (!required && !hasBrowserSuites()) {
    return null
  }
  const isRoot = process.getuid && process.getuid() === 0
  if (!isRoot) {
    throw new Error(
      `the browser suites need Debian's chromium: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH)`
    )
  }
  process.stderr.write(
    "[chromium] installing Debian's chromium with apt-get (once per machine)\n"
  )
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore", env })
  execFileSync(
    "apt-get",
    ["install", "-y", "-qq", "--no-install-recommends", "chromium"],
    { stdio: "ignore", env }
  )
  process.env.CHROMIUM_PATH = CHROMIUM
  return CHROMIUM
}

module.exports = { ensureChromium, CHROMIUM }
