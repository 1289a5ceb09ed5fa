// What every figure of `npm run bench` shares (scripts/bench.js runs them): the shop the sandbox emulates,
// the printed figures and their results, Medusa started in production mode with or without the plugin, the
// store API's checkout and small helpers (a callback's signature, waiting on a condition, a bounded pool).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { createHash } = require("node:crypto")
const { execFileSync } = require("node:child_process")
const { spawnGroup, stopGroup } = require("../dev-processes")
const { freePort } = require("../ports")

const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js")
const SHOP_ID = 1
const SECRET = "bench-secret-7c1f"
const WALLET = "pp_piastrix-wallet_piastrix"
const SYSTEM = "pp_system_default"
/** medusa-config.ts's development account key (the bench's store runs with it: PIASTRIX_ACCOUNT_KEY unset). */
const DEV_ACCOUNT_KEY = "GwR8djnBFrqdPbaBdkcR3z+I/AEZKls36H1x6CPtvxk="

/** Every figure printed so far, in order: bench-results.json's `figures`. */
const results = []

/** Prints one figure (`name: value unit (extra k v, ...)`) and keeps it for bench-results.json. */
function figure(name, value, unit, extra = {}) {
  results.push({ name, value, unit, ...extra })
  const rest = Object.entries(extra)
    .map(([k, v]) => `${k} ${typeof v === "number" ? round(v) : v}`)
    .join(", ")
  process.stdout.write(
    `${name}: ${round(value)} ${unit}${rest ? ` (${rest})` : ""}\n`
  )
}
const round = (n) =>
  Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100
const log = (message) => process.stderr.write(`[bench] ${message}\n`)

/**
 * The database's own view of an action (`--statements`, pg_stat_statements on the bench's database):
 * `around(fn)` clears the counts, runs `fn`, and adds what ran meanwhile to `tally`. Only a server the
 * bench starts itself has the library preloaded.
 */
async function statementsOf(db) {
  try {
    await db.query("create extension if not exists pg_stat_statements")
    await db.query("select pg_stat_statements_reset()")
  } catch (error) {
    throw new Error(
      `--statements needs pg_stat_statements preloaded, which only a PostgreSQL the bench starts has ` +
        `(unset DATABASE_URL and DB_HOST, and give PIASTRIX_PG_PORT a port nothing listens on): ${error.message}`
    )
  }
  const {
    rows: [{ oid }],
  } = await db.query(
    "select oid from pg_database where datname = current_database()"
  )
  return {
    async around(tally, fn) {
      await db.query("select pg_stat_statements_reset()")
      const value = await fn()
      const { rows } = await db.query(
        `select query, calls::int as calls, total_exec_time as ms from pg_stat_statements
          where dbid = $1 and query not like '%pg_stat_statements%'`,
        [oid]
      )
      tally.actions++
      for (const { query, calls, ms } of rows) {
        const seen = tally.byQuery.get(query) ?? { calls: 0, ms: 0 }
        seen.calls += calls
        seen.ms += ms
        tally.byQuery.set(query, seen)
      }
      return value
    },
  }
}

const statementTally = () => ({ actions: 0, byQuery: new Map() })

/** Statements per action of `tally` (count, and milliseconds inside the database). */
function perAction(tally) {
  let calls = 0
  let ms = 0
  for (const seen of tally.byQuery.values()) {
    calls += seen.calls
    ms += seen.ms
  }
  return { calls: calls / tally.actions, ms: ms / tally.actions }
}

/** Logs what `tally` ran more often per action than `baseline`, the largest differences first. */
function logStatementDifference(name, tally, baseline, top = 25) {
  const mine = perAction(tally)
  const theirs = perAction(baseline)
  log(
    `${name}: ${round(mine.calls)} statements per action (${round(mine.ms)} ms in the database) ` +
      `against ${round(theirs.calls)} (${round(theirs.ms)} ms)`
  )
  const each = (t, q) => (t.byQuery.get(q)?.calls ?? 0) / t.actions
  const queries = new Set([...tally.byQuery.keys(), ...baseline.byQuery.keys()])
  ;[...queries]
    .map((q) => [each(tally, q) - each(baseline, q), q])
    .filter(([d]) => Math.abs(d) >= 0.05)
    .sort((a, b) => Math.abs(b[0]) - Math.abs(a[0]))
    .slice(0, top)
    .forEach(([d, q]) =>
      log(
        `  ${d > 0 ? "+" : ""}${round(d)}  ${q.replace(/\s+/g, " ").slice(0, 160)}`
      )
    )
  return { calls: mine.calls, baselineCalls: theirs.calls }
}

function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

// The service's callback signature, written out so the figures do not depend on the code under test.
function signCallback(fields) {
  const keys = Object.keys(fields).filter(
    (k) => k !== "sign" && fields[k] !== "" && fields[k] != null
  )
  const joined = keys
    .sort()
    .map((k) => fields[k])
    .join(":")
  return createHash("sha256")
    .update(joined + SECRET, "utf8")
    .digest("hex")
}

function successCallback(shopOrderId, amount, paymentId) {
  const fields = {
    status: "success",
    shop_id: String(SHOP_ID),
    shop_order_id: shopOrderId,
    shop_amount: amount,
    shop_currency: "643",
    shop_refund: amount,
    client_price: amount,
    ps_currency: "643",
    payway: "piastrix_rub",
    payment_id: String(paymentId),
    created: "2026-11-22 10:00:00",
    processed: "2026-11-22 10:01:00",
  }
  return new URLSearchParams({
    ...fields,
    sign: signCallback(fields),
  }).toString()
}

async function waitFor(what, probe, timeoutMs = 120000, everyMs = 200) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) {
      return
    }
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`)
}

async function json(method, url, { body, key } = {}) {
  const res = await fetch(url, {
    method,
    headers: {
      "content-type": "application/json",
      ...(key ? { "x-publishable-api-key": key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = await res.json().catch(() => ({}))
  if (!res.ok) {
    throw new Error(
      `${method} ${url}: ${res.status} ${JSON.stringify(data).slice(0, 300)}`
    )
  }
  return data
}

/** Runs `task` for i in [0, n) with at most `concurrency` at once. */
async function pool(n, concurrency, task) {
  let next = 0
  const workers = Array.from({ length: Math.min(n, concurrency) }, async () => {
    while (next < n) {
      const i = next++
      await task(i)
    }
  })
  await Promise.all(workers)
}

/**
 * `n` carts paying with a wallet session the sandbox has paid, and the signed success callback of each,
 * held back by the sandbox (`out_of_order_callbacks` stays on: the caller posts them, then lifts it).
 */
async function paidCartsWithCallbacks({ control, cartWithSession }, n) {
  await control("POST", "faults", { type: "out_of_order_callbacks" })
  const paid = []
  for (let i = 0; i < n; i++) {
    const { cart, session } = await cartWithSession(WALLET)
    await control("POST", `payments/${session.id}/pay`)
    paid.push({ cart, session })
  }
  const { notifications: all } = await control("GET", "callbacks")
  return paid.map(({ cart, session }) => ({
    cart,
    session,
    body: new URLSearchParams(
      all.filter((x) => x.shopOrderId === session.id).pop().fields
    ).toString(),
  }))
}

/**
 * Posts the callbacks `bodies` to `${base}/hooks/piastrix`, 10 at a time; each must be answered 2xx.
 * Answers how fast they were answered (per second, from the first post to the last answer) and the p99
 * of an answer's time.
 */
async function postCallbacks(base, bodies) {
  const t0 = performance.now()
  const answerMs = []
  await pool(bodies.length, 10, async (i) => {
    const sent = performance.now()
    const res = await fetch(`${base}/hooks/piastrix`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: bodies[i],
    })
    await res.text()
    if (!res.ok) {
      throw new Error(`a callback was answered ${res.status}`)
    }
    answerMs.push(performance.now() - sent)
  })
  return {
    perS: bodies.length / ((performance.now() - t0) / 1000),
    p99Ms: quantile(answerMs, 0.99),
  }
}

/**
 * Waits until every cart of `carts` is completed (an order placed from it); else fails with how the inbox
 * rows of their sessions ended (`sessions`).
 */
async function ordersPlaced(db, carts, sessions, timeoutMs = 300000) {
  try {
    await waitFor(
      "not every paid cart became an order",
      async () => {
        const { rows } = await db.query(
          "select count(*)::int as n from cart where id = any($1) and completed_at is not null",
          [carts.map((c) => c.id)]
        )
        return rows[0].n === carts.length
      },
      timeoutMs
    )
  } catch (error) {
    const { rows } = await db.query(
      `select state, left(coalesce(last_error, ''), 200) as reason, count(*)::int as n from piastrix_notification
        where shop_order_id = any($1) group by 1, 2 order by 3 desc`,
      [sessions.map((s) => s.id)]
    )
    throw new Error(
      `${error.message}; their inbox rows: ${JSON.stringify(rows)}`
    )
  }
}

/**
 * `GET /health` on `base`, then signed success callbacks of distinct order numbers (`${prefix}<n>`, none a
 * session of the store) posted to its `/hooks/piastrix`, each for `seconds` on 10 connections (autocannon).
 */
async function healthAndDistinctCallbacks(
  base,
  prefix,
  firstPaymentId,
  seconds
) {
  const autocannon = require("autocannon")
  const load = (options) =>
    autocannon({ connections: 10, duration: seconds, ...options })
  const health = await load({ url: `${base}/health` })
  let n = 0
  const distinct = await load({
    url: `${base}/hooks/piastrix`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: successCallback(
            `${prefix}${n++}`,
            "100.00",
            firstPaymentId + n
          ),
        }),
      },
    ],
  })
  return {
    health,
    distinct,
    load,
    ratio: distinct.requests.average / health.requests.average,
    extra: {
      callbacks_per_s: distinct.requests.average,
      p99_ms: distinct.latency.p99,
      health_per_s: health.requests.average,
      non_2xx: distinct.non2xx,
    },
  }
}

/**
 * Signed success callbacks of distinct sessions posted to `${base}/hooks/piastrix` on 10 connections
 * (autocannon): `paidBodies` (the held callbacks of real paid sessions, each to become an order) spread
 * evenly among order numbers unknown to the store (`${prefix}<n>`): the first of every `every` requests is a
 * paid one, `paidBodies.length * every` requests in all. Fails unless every paid one was posted.
 */
async function distinctCallbacksWithPaid(
  base,
  { prefix, firstPaymentId, paidBodies, every }
) {
  const autocannon = require("autocannon")
  let n = 0
  let paid = 0
  const result = await autocannon({
    connections: 10,
    amount: paidBodies.length * every,
    url: `${base}/hooks/piastrix`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    requests: [
      {
        setupRequest: (req) => {
          const i = n++
          const body =
            i % every === 0 && paid < paidBodies.length
              ? paidBodies[paid++]
              : successCallback(`${prefix}${i}`, "100.00", firstPaymentId + i)
          return { ...req, body }
        },
      },
    ],
  })
  if (paid < paidBodies.length) {
    throw new Error(
      `${paid} of ${paidBodies.length} paid callbacks posted among the distinct ones`
    )
  }
  return result
}

/** A cart of one demo item with a payment session of `provider`, made through the store API at `base`. */
async function storeCartWithSession(base, { key, region, variant }, provider) {
  const { cart } = await json("POST", `${base}/store/carts`, {
    key,
    body: {
      region_id: region,
      email: "bench@example.com",
      items: [{ variant_id: variant, quantity: 1 }],
    },
  })
  const { payment_collection: pc } = await json(
    "POST",
    `${base}/store/payment-collections`,
    { key, body: { cart_id: cart.id } }
  )
  const { payment_collection } = await json(
    "POST",
    `${base}/store/payment-collections/${pc.id}/payment-sessions`,
    { key, body: { provider_id: provider } }
  )
  return { cart, session: payment_collection.payment_sessions[0] }
}

/** `n` checkouts with Medusa's system provider, `concurrency` at a time, each ending in an order. */
async function systemCheckouts(base, storefront, n, concurrency = 1) {
  await pool(n, concurrency, async () => {
    const { cart } = await storeCartWithSession(base, storefront, SYSTEM)
    const done = await json("POST", `${base}/store/carts/${cart.id}/complete`, {
      key: storefront.key,
    })
    if (done.type !== "order") {
      throw new Error(
        `checkout with ${SYSTEM} did not place an order: ${JSON.stringify(done).slice(0, 300)}`
      )
    }
  })
}

/**
 * `medusa start` in production mode in `cwd` (this repository: the store with the plugin), answering on
 * `port`. Resolves once `/health` answers, with the child (its own process group) and how long that took
 * from the spawn; `/health` is asked every 50 ms, so a start is timed to about that.
 * `memoryProbe`: started with `--expose-gc` and memory-probe.js preloaded on a port of its own; the result's
 * `memory()` then answers the process's memoryUsage() after two full collections.
 */
async function startMedusa(label, { env, cwd = ROOT, port, memoryProbe }) {
  const base = `http://localhost:${port}`
  const probePort = memoryProbe ? await freePort() : undefined
  const probe = memoryProbe
    ? ["--expose-gc", "-r", path.join(__dirname, "memory-probe.js")]
    : []
  const started = performance.now()
  // BENCH_CPU_PROF=<dir>: each store writes a V8 CPU profile there when it stops (docs/benchmarks.md).
  const profile = process.env.BENCH_CPU_PROF
    ? [
        "--cpu-prof",
        `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`,
      ]
    : []
  const child = spawnGroup(
    label,
    process.execPath,
    [...profile, ...probe, MEDUSA_CLI, "start"],
    {
      env: {
        ...env,
        ...(probePort && { BENCH_MEMORY_PROBE_PORT: String(probePort) }),
        NODE_ENV: "production",
        PORT: String(port),
        MEDUSA_BACKEND_URL: base,
      },
      cwd,
      quiet: true,
    }
  )
  try {
    await waitFor(
      `${label} (medusa start) did not answer /health`,
      async () => (await fetch(`${base}/health`)).ok,
      120000,
      50
    )
  } catch (error) {
    process.stderr.write(child.captured.slice(-40).join("\n") + "\n")
    await stopGroup(child, 5000)
    throw error
  }
  return {
    child,
    base,
    startMs: performance.now() - started,
    memory: probePort
      ? (query = "") => json("GET", `http://127.0.0.1:${probePort}/${query}`)
      : undefined,
  }
}

/**
 * A Medusa app folder of its own with `config` (the body of its `defineConfig`, after `projectConfig`), run
 * with this repository's node_modules on the same database. `remove()` deletes the folder.
 */
function appFolder(name, config = "") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `piastrix-bench-${name}-`))
  fs.writeFileSync(
    path.join(dir, "package.json"),
    // Medusa's CLI recognises a project by its dependency on @medusajs/medusa.
    JSON.stringify({
      name: `bench-${name}`,
      private: true,
      dependencies: { "@medusajs/medusa": "*", "@medusajs/framework": "*" },
    })
  )
  fs.writeFileSync(
    path.join(dir, "medusa-config.js"),
    `const { defineConfig } = require("@medusajs/framework/utils")
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: "bench", cookieSecret: "bench" },
    redisUrl: process.env.REDIS_URL,
    workerMode: process.env.MEDUSA_WORKER_MODE || "shared",
  },
  admin: { disable: true },
${config}})
`
  )
  fs.symlinkSync(
    path.join(ROOT, "node_modules"),
    path.join(dir, "node_modules")
  )
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/**
 * The baseline store: an app folder whose config names only Medusa's defaults (no module, no provider, none
 * of the plugin's routes, subscribers or jobs).
 */
function appWithoutPlugin() {
  return appFolder("bare")
}

/**
 * The same app folder with the plugin as a store installs it: the README's `plugins` entry and payment
 * provider, loading the built JavaScript in `.medusa/server` (buildPlugin) as the package ships it, with
 * the options this repository's medusa-config.ts gives the bench's store (the same environment). The
 * bench's store for every figure after boot; with REDIS_URL, the production layout's Redis modules as
 * medusa-config.ts has them (the server-with-worker figure).
 */
function appWithBuiltPlugin() {
  const returnUrl = "http://localhost:8000/return.html?session_id={session_id}"
  const options = `{
    shopId: Number(process.env.PIASTRIX_SHOP_ID),
    secretKey: process.env.PIASTRIX_SECRET_KEY,
    accountKey: process.env.PIASTRIX_ACCOUNT_KEY ?? ${JSON.stringify(DEV_ACCOUNT_KEY)},
    apiUrl: process.env.PIASTRIX_API_URL,
    h2hUrl: process.env.PIASTRIX_H2H_URL,
    backendUrl: process.env.MEDUSA_BACKEND_URL,
    successUrl: ${JSON.stringify(returnUrl)},
    failedUrl: ${JSON.stringify(`${returnUrl}&failed=1`)},
  }`
  const redis = `...(process.env.REDIS_URL ? [
    { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: process.env.REDIS_URL } },
    { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl: process.env.REDIS_URL } } },
    { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl: process.env.REDIS_URL } },
    { resolve: "@medusajs/medusa/locking", options: { providers: [{ resolve: "@medusajs/medusa/locking-redis",
      id: "locking-redis", is_default: true, options: { redisUrl: process.env.REDIS_URL, waitLockingTimeout: 30 } }] } },
  ] : [])`
  // By path: what `npm install` of the tarball resolves "medusa-payment-piastrix" to (package.json, then
  // `.medusa/server/src`), without installing into the shared node_modules.
  const provider = path.join(
    ROOT,
    ".medusa",
    "server",
    "src",
    "providers",
    "piastrix"
  )
  return appFolder(
    "with-built-plugin",
    `  plugins: [{ resolve: ${JSON.stringify(ROOT)}, options: ${options} }],
  modules: [${redis}, {
    resolve: "@medusajs/medusa/payment",
    options: { providers: [{ resolve: ${JSON.stringify(provider)}, id: "piastrix", options: ${options} }] },
  }],
`
  )
}

let built
/**
 * Compiles the plugin's server code into `.medusa/server` as `npm run build` (`medusa plugin:build`) does,
 * with Medusa's own compiler, the admin extensions left out (the bench's stores run without the admin),
 * once per bench run (boot and the bench's store share it). Throws when the compiler reports errors: a
 * store could not install that.
 */
function buildPlugin() {
  return (built ??= compilePlugin())
}

async function compilePlugin() {
  const { Compiler } = require("@medusajs/framework/build-tools")
  const { logger } = require("@medusajs/framework/logger")
  const compiler = new Compiler(ROOT, logger)
  const tsConfig = await compiler.loadTSConfigFile()
  if (!tsConfig || !(await compiler.buildPluginBackend(tsConfig))) {
    throw new Error("the plugin's build failed (npm run build says why)")
  }
}

/**
 * CPU milliseconds (user and system) the processes of a process group have used so far, from /proc (Linux;
 * undefined elsewhere). On a busy machine a start's wall time is mostly waiting for a core; this is what
 * the start itself cost.
 */
function groupCpuMs(pid) {
  if (process.platform !== "linux") {
    return undefined
  }
  const pids = execFileSync("ps", ["-o", "pid=", "-g", String(pid)])
    .toString()
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
  let ticks = 0
  for (const p of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process ended between ps and the read.
    }
  }
  const perSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString())
  return (ticks / perSecond) * 1000
}

let sourceLoader = false
/** A module of the plugin's TypeScript source (`src/...`), loaded through ts-node as the suites do. */
function requireSource(...segments) {
  if (!sourceLoader) {
    require("ts-node").register({
      transpileOnly: true,
      swc: true,
      project: path.join(ROOT, "tsconfig.json"),
    })
    sourceLoader = true
  }
  return require(path.join(ROOT, "src", ...segments))
}

/** The plugin's client for the sandbox's shop, with a fixed clock (the same signed `now` on every call). */
function piastrixClient(sandboxUrl) {
  const { PiastrixClient } = requireSource("lib", "piastrix")
  const fixedNow = new Date(Date.UTC(2026, 0, 1))
  return new PiastrixClient({
    shopId: SHOP_ID,
    secretKey: SECRET,
    apiUrl: sandboxUrl,
    now: () => fixedNow,
  })
}

module.exports = {
  statementsOf,
  statementTally,
  logStatementDifference,
  ROOT,
  MEDUSA_CLI,
  SHOP_ID,
  SECRET,
  WALLET,
  SYSTEM,
  results,
  figure,
  log,
  round,
  quantile,
  successCallback,
  waitFor,
  json,
  pool,
  storeCartWithSession,
  paidCartsWithCallbacks,
  postCallbacks,
  healthAndDistinctCallbacks,
  distinctCallbacksWithPaid,
  ordersPlaced,
  systemCheckouts,
  startMedusa,
  appWithoutPlugin,
  appWithBuiltPlugin,
  buildPlugin,
  groupCpuMs,
  requireSource,
  piastrixClient,
}
