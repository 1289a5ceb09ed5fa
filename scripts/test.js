#!/usr/bin/env node
// `npm test`: every suite, with the Postgres the integration suites need (scripts/postgres.js).
// Extra arguments go to jest, e.g. `npm test -- src/lib/piastrix`. Ends with `N passed, N failed`.
// `npm run test:unit` (first argument `--unit`): the unit tests alone (every `__tests__` folder and sandbox/test),
// without Postgres or a browser.
const path = require("node:path")
const { spawn, spawnSync } = require("node:child_process")
const { ensurePostgres } = require("./postgres")
const { ensureChromium } = require("./chromium")
const { ensureRedisServer } = require("./redis")
const fs = require("node:fs")
const os = require("node:os")
const { summaryLine } = require("./jest-summary-line")

/**
 * The code's own checks, run by the full `npm test` before the suites: ESLint and Prettier (Medusa's settings).
 * Each that fails counts as one failed test, and its complaints are printed.
 */
const binOf = (pkg, bin) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), bin)

function styleChecks() {
  const checks = [
    ["eslint", [binOf("eslint", "bin/eslint.js"), "."]],
    [
      "prettier --check",
      [
        binOf("prettier", "bin/prettier.cjs"),
        "--check",
        "--log-level",
        "warn",
        ".",
      ],
    ],
  ]
  let passed = 0
  let failed = 0
  for (const [name, args] of checks) {
    const run = spawnSync(process.execPath, args, { encoding: "utf8" })
    if (run.status === 0) {
      passed++
    } else {
      failed++
      process.stdout.write(
        `\n${name} failed (npm run lint / npm run format to see and fix):\n${run.stdout}${run.stderr}\n`
      )
    }
  }
  process.stdout.write(
    `[style] eslint and prettier: ${passed} passed, ${failed} failed\n`
  )
  return { passed, failed }
}

async function main() {
  process.chdir(path.resolve(__dirname, ".."))
  let args = process.argv.slice(2)
  const unitOnly = args[0] === "--unit"
  // Only the whole run (no jest arguments) checks the style: a run of one suite is about that suite.
  const style = args.length === 0 ? styleChecks() : { passed: 0, failed: 0 }
  if (unitOnly) {
    args = ["--testPathPattern", "/__tests__/|/sandbox/test/", ...args.slice(1)]
  } else {
    await ensureChromium({ required: false })
    // The scale suites start their own Redis (scripts/redis.js); Debian's redis-server is installed here.
    ensureRedisServer({ required: false })
  }
  const pg = unitOnly
    ? { env: {}, stop: async () => {} }
    : await ensurePostgres({ purpose: "test" })
  const summaryFile = path.join(
    os.tmpdir(),
    `piastrix-test-summary-${process.pid}.json`
  )
  fs.rmSync(summaryFile, { force: true })
  const env = {
    ...process.env,
    PIASTRIX_TEST_SUMMARY: summaryFile,
    ...pg.env,
    MEDUSA_DISABLE_TELEMETRY: "true",
    NODE_ENV: "test",
    // Medusa logs every boot step at info; a failing test prints its own assertion. LOG_LEVEL=info to see them.
    LOG_LEVEL: process.env.LOG_LEVEL || "error",
    // Every suite runs in one process (--runInBand), and each Medusa boot leaves memory behind that jest
    // cannot give back: the whole run passes 4 GB, V8's default limit on this machine.
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      "--experimental-vm-modules",
      "--max-old-space-size=8192",
    ]
      .filter(Boolean)
      .join(" "),
  }
  const jest = require.resolve("jest/bin/jest")
  // Its own process group, so a signal reaches everything jest started (servers, browsers).
  // --forceExit: once every suite has reported, the run ends. A handle an in-process Medusa leaves open
  // (seen now and then after the bank-transfer admin suite; --detectOpenHandles names none) must not keep
  // CI waiting past its results.
  const child = spawn(
    process.execPath,
    // The unit tests share nothing and use both cores; the integration suites run one at a time.
    [jest, unitOnly ? "--maxWorkers=2" : "--runInBand", "--forceExit", ...args],
    {
      env,
      stdio: "inherit",
      detached: true,
    }
  )
  let stopping = false
  const forward = (signal) => {
    stopping = true
    try {
      process.kill(-child.pid, signal)
    } catch {}
  }
  process.on("SIGINT", () => forward("SIGINT"))
  process.on("SIGTERM", () => forward("SIGTERM"))
  const code = await new Promise((resolve) =>
    child.on("exit", (c, s) => resolve(c ?? (s ? 1 : 0)))
  )
  await pg.stop()
  // jest that dies before reporting (a crash, a signal) counts as one failure, never as a pass.
  const counts = fs.existsSync(summaryFile)
    ? JSON.parse(fs.readFileSync(summaryFile, "utf8"))
    : { passed: 0, failed: 1, skipped: 0 }
  counts.passed += style.passed
  counts.failed += style.failed
  fs.rmSync(summaryFile, { force: true })
  process.stdout.write(`\n${summaryLine(counts)}\n`)
  process.exit(stopping && code === 0 ? 1 : code || (style.failed ? 1 : 0))
}

main().catch((err) => {
  process.stderr.write(`${err.stack || err}\n`)
  process.stdout.write("0 passed, 1 failed\n")
  process.exit(1)
})
