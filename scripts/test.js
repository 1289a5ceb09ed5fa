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
const { summaryLine, failureList } = require("./jest-summary-line")
const { killRecordedGroups } = require("./process-groups")

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
  const failures = []
  for (const [name, args] of checks) {
    const run = spawnSync(process.execPath, args, { encoding: "utf8" })
    if (run.status === 0) {
      passed++
    } else {
      failed++
      failures.push(`${name}: the code's style (printed at the start)`)
      process.stdout.write(
        `\n${name} failed (npm run lint / npm run format to see and fix):\n${run.stdout}${run.stderr}\n`
      )
    }
  }
  process.stdout.write(
    `[style] eslint and prettier: ${passed} passed, ${failed} failed\n`
  )
  return { passed, failed, failures }
}

/** The suites that start Medusa as processes of their own (integration-tests/helpers/medusa-process.ts). */
const PROCESS_SUITES = [
  "integration-tests/crash/",
  "integration-tests/scale/many-instances",
  "integration-tests/scale/same-product-completions",
  "integration-tests/security/forgeries-on-redis",
  "integration-tests/security/recipient-accounts-boot",
  "integration-tests/security/limits-across-instances",
]
/**
 * Heavy suites the second jest runs once its process suites are done, so that the two jests end together
 * (in a whole run on two cores: about 13 minutes of process suites, then these, next to the others).
 * scripts/jest-sequencer.js puts them after the process suites, the release suite first.
 */
const SECOND_LANE_LATER = [
  "integration-tests/release/",
  // After the release suite, which builds the plugin this one packs into the example storefront.
  "integration-tests/browser/nextjs-example\\.browser",
  "integration-tests/dev/walkthrough\\.browser",
  // The checkout's browser suite (about 9 minutes in a whole run) evens the two jests out: with it in the
  // first, a whole run beside other work took 38 minutes there and 20 here.
  "integration-tests/browser/checkout\\.browser",
  // Two in-process suites of about 90 s each even the jests out (a whole run took 29 minutes in the first
  // and 22 here, before many-instances waited for two ticks of each minute job).
  "integration-tests/dev/demo-store\\.spec",
  "integration-tests/http/admin-fuzz\\.spec",
]
const SECOND_LANE = [...PROCESS_SUITES, ...SECOND_LANE_LATER]

/**
 * One jest, in its own process group so that a signal reaches everything it started (servers, browsers).
 * --forceExit: once every suite has reported, the run ends. A handle an in-process Medusa leaves open
 * (seen now and then after the bank-transfer admin suite; --detectOpenHandles names none) must not keep
 * CI waiting past its results. With `log`, the output goes to that file instead of the terminal.
 */
function runJest({ args, log }, env) {
  let stdio = "inherit"
  if (log) {
    fs.mkdirSync(path.dirname(log), { recursive: true })
    const out = fs.openSync(log, "w")
    stdio = ["ignore", out, out]
  }
  const child = spawn(
    process.execPath,
    [require.resolve("jest/bin/jest"), "--forceExit", ...args],
    { env, stdio, detached: true }
  )
  const exited = new Promise((resolve) =>
    child.on("exit", (c, s) => resolve(c ?? (s ? 1 : 0)))
  )
  return { child, exited }
}

async function main() {
  process.chdir(path.resolve(__dirname, ".."))
  let args = process.argv.slice(2)
  const unitOnly = args[0] === "--unit"
  // Only the whole run (no jest arguments) checks the style: a run of one suite is about that suite.
  const style =
    args.length === 0 ? styleChecks() : { passed: 0, failed: 0, failures: [] }
  if (unitOnly) {
    args = ["--testPathPattern", "/__tests__/|/sandbox/test/", ...args.slice(1)]
  } else {
    await ensureChromium({ required: false })
    // The scale and security suites start their own Redis (scripts/redis.js); Debian's redis-server is installed here.
    ensureRedisServer({ required: false })
  }
  const pg = unitOnly
    ? { env: {}, stop: async () => {} }
    : await ensurePostgres({ purpose: "test" })
  const summaryFile = path.join(
    os.tmpdir(),
    `piastrix-test-summary-${process.pid}.json`
  )
  const processGroups = path.join(
    os.tmpdir(),
    `piastrix-process-groups-${process.pid}`
  )
  const env = {
    ...process.env,
    ...pg.env,
    PIASTRIX_PROCESS_GROUPS: processGroups,
    MEDUSA_DISABLE_TELEMETRY: "true",
    NODE_ENV: "test",
    // The key the suites' stores encrypt payout accounts with (the process suites' Medusa reads it too).
    PIASTRIX_ACCOUNT_KEY:
      process.env.PIASTRIX_ACCOUNT_KEY ||
      "OUMCG2TwV8vDwXUvR6OV0O7pX69NyYTG8Nb1qMm3ac0=",
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
  // The unit tests share nothing and use both cores. The integration suites run one at a time, except in
  // a whole run: the suites that run Medusa as processes of their own (PROCESS_SUITES) mostly wait for
  // the jobs' minute ticks, so they run in a second jest next to the others, followed there by a few heavy
  // suites (SECOND_LANE_LATER); the first jest's heaviest suites go last (scripts/jest-sequencer.js).
  const runs =
    args.length === 0
      ? [
          {
            args: [
              "--runInBand",
              "--testSequencer",
              "./scripts/jest-sequencer.js",
              "--testPathIgnorePatterns",
              "/node_modules/",
              ...SECOND_LANE,
            ],
          },
          {
            args: [
              "--runInBand",
              "--testSequencer",
              "./scripts/jest-sequencer.js",
              "--testPathPattern",
              SECOND_LANE.join("|"),
            ],
            log: path.join("test-results", "second-lane.log"),
          },
        ]
      : [{ args: [unitOnly ? "--maxWorkers=2" : "--runInBand", ...args] }]
  let stopping = false
  const started = runs.map((run, i) => {
    // A file left by an earlier run with this pid must not count as this run's result.
    fs.rmSync(`${summaryFile}.${i}`, { force: true })
    return runJest(run, {
      ...env,
      PIASTRIX_TEST_SUMMARY: `${summaryFile}.${i}`,
    })
  })
  const forward = (signal) => {
    stopping = true
    for (const { child } of started) {
      try {
        process.kill(-child.pid, signal)
      } catch {}
    }
  }
  process.on("SIGINT", () => forward("SIGINT"))
  process.on("SIGTERM", () => forward("SIGTERM"))
  const codes = await Promise.all(started.map(({ exited }) => exited))
  const leftOver = killRecordedGroups(processGroups)
  if (leftOver.length > 0 && !stopping) {
    process.stdout.write(
      `[test] stopped ${leftOver.length} server process group(s) a suite left running\n`
    )
  }
  await pg.stop()
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] }
  runs.forEach((run, i) => {
    if (run.log) {
      process.stdout.write(
        `\n---- ${SECOND_LANE.join(", ")}: run next to the others (${run.log}) ----\n`
      )
      process.stdout.write(fs.readFileSync(run.log, "utf8"))
    }
    // jest that dies before reporting (a crash, a signal) counts as one failure, never as a pass.
    const file = `${summaryFile}.${i}`
    const one = fs.existsSync(file)
      ? JSON.parse(fs.readFileSync(file, "utf8"))
      : {
          passed: 0,
          failed: 1,
          skipped: 0,
          failures: [
            `jest ${i + 1} ended without reporting (exit ${codes[i]})`,
          ],
        }
    fs.rmSync(file, { force: true })
    counts.passed += one.passed
    counts.failed += one.failed
    counts.skipped += one.skipped
    counts.failures.push(...(one.failures ?? []))
  })
  const code = codes.find((c) => c !== 0) ?? 0
  counts.passed += style.passed
  counts.failed += style.failed
  counts.failures.push(...style.failures)
  process.stdout.write(
    `${failureList(counts.failures)}\n${summaryLine(counts)}\n`
  )
  process.exit(stopping && code === 0 ? 1 : code || (style.failed ? 1 : 0))
}

main().catch((err) => {
  process.stderr.write(`${err.stack || err}\n`)
  process.stdout.write("0 passed, 1 failed\n")
  process.exit(1)
})
