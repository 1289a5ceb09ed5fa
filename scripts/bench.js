#!/usr/bin/env node
// `npm run bench`: figures of what the plugin adds, each against a baseline measured in the same run on the
// same store (docs/benchmarks.md). Starts its own PostgreSQL database, the sandbox and Medusa in production
// mode (`medusa start`, admin off), prints one line per figure and writes bench-results.json.
// Options: --quick (fewer samples, shorter load runs: a smoke run, not figures to publish).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { createHash } = require("node:crypto")
const { execFileSync } = require("node:child_process")
const { parseArgs } = require("node:util")
const autocannon = require("autocannon")
const { Client, Pool } = require("pg")
const { ensurePostgres } = require("./postgres")
const { freePort } = require("./ports")
const {
  spawnGroup,
  runToEnd,
  stopGroup,
  runningChildren,
} = require("./dev-processes")

const ROOT = path.resolve(__dirname, "..")
const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js")
const SHOP_ID = 1
const SECRET = "bench-secret-7c1f"
const WALLET = "pp_piastrix-wallet_piastrix"
const SYSTEM = "pp_system_default"

const { values: args } = parseArgs({
  options: { quick: { type: "boolean", default: false } },
})
const SCALE = args.quick
  ? {
      carts: 20,
      loadSeconds: 3,
      clientCalls: 50,
      callbackOrders: 20,
      latencySamples: 4,
      payouts: 1000,
    }
  : {
      carts: 200,
      loadSeconds: 10,
      clientCalls: 300,
      callbackOrders: 100,
      latencySamples: 10,
      payouts: 10000,
    }

const results = []
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

async function waitFor(what, probe, timeoutMs = 120000) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) {
      return
    }
    await new Promise((r) => setTimeout(r, 200))
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
 * The memory baseline: the same Medusa on the same database without the plugin (no module, no
 * provider, none of its routes, subscribers or jobs: an app folder of its own whose config names only
 * Medusa's defaults), after as many checkouts as the plugin's store makes in the checkout run. Returns
 * its resident size in MB; the store is stopped again.
 */
async function bareStoreRssMb(env, storefront, checkouts) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "piastrix-bench-bare-"))
  const port = await freePort()
  const base = `http://localhost:${port}`
  fs.writeFileSync(
    path.join(dir, "package.json"),
    // Medusa's CLI recognises a project by its dependency on @medusajs/medusa.
    JSON.stringify({
      name: "bench-store-without-plugin",
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
  },
  admin: { disable: true },
})
`
  )
  fs.symlinkSync(
    path.join(ROOT, "node_modules"),
    path.join(dir, "node_modules")
  )
  const bare = spawnGroup(
    "medusa-without-plugin",
    process.execPath,
    [MEDUSA_CLI, "start"],
    {
      env: {
        ...env,
        NODE_ENV: "production",
        PORT: String(port),
        MEDUSA_BACKEND_URL: base,
      },
      cwd: dir,
      quiet: true,
    }
  )
  try {
    await waitFor(
      "medusa start without the plugin did not answer /health",
      async () => (await fetch(`${base}/health`)).ok
    ).catch((error) => {
      process.stderr.write(bare.captured.slice(-40).join("\n") + "\n")
      throw error
    })
    // The same amount of work as the plugin's store did: its warm-up one at a time (the first cart makes the
    // bench customer, which concurrent carts would race to create), then 4 at a time, since only memory is
    // measured here.
    await systemCheckouts(base, storefront, 5)
    await systemCheckouts(base, storefront, checkouts, 4)
    return groupRssMb(bare.pid)
  } finally {
    await stopGroup(bare, 5000)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Resident size in MB of a process group's processes (the CLI and the server it runs). */
function groupRssMb(pid) {
  const out = execFileSync("ps", ["-o", "rss=", "-g", String(pid)]).toString()
  return out
    .split("\n")
    .filter(Boolean)
    .reduce((sum, kb) => sum + Number(kb) / 1024, 0)
}

async function main() {
  process.chdir(ROOT)
  const startedAt = Date.now()
  const pg = await ensurePostgres({ purpose: "test" })
  const database = `piastrix_bench_${process.pid}`
  const serverUrl = pg.env.DATABASE_URL.replace(/\/+$/, "")
  const admin = new Client({ connectionString: `${serverUrl}/postgres` })
  await admin.connect()
  await admin.query(`create database "${database}"`)
  const databaseUrl = `${serverUrl}/${database}`
  const db = new Pool({ connectionString: databaseUrl, max: 4 })

  const [sandboxPort, medusaPort] = [await freePort(), await freePort()]
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`
  const medusaUrl = `http://localhost:${medusaPort}`
  const children = []
  try {
    const sandbox = spawnGroup(
      "sandbox",
      process.execPath,
      [
        path.join(ROOT, "bin", "piastrix-sandbox.js"),
        "--port",
        String(sandboxPort),
        "--shop-id",
        String(SHOP_ID),
        "--secret",
        SECRET,
      ],
      { env: process.env, quiet: true }
    )
    children.push(sandbox)
    await waitFor(
      "the sandbox did not start",
      async () => (await fetch(`${sandboxUrl}/__sandbox/state`)).ok,
      30000
    )

    const env = {
      ...process.env,
      ...pg.env,
      DATABASE_URL: databaseUrl,
      MEDUSA_DISABLE_TELEMETRY: "true",
      MEDUSA_ADMIN_DISABLE: "true",
      PIASTRIX_SHOP_ID: String(SHOP_ID),
      PIASTRIX_SECRET_KEY: SECRET,
      PIASTRIX_API_URL: sandboxUrl,
      PIASTRIX_H2H_URL: sandboxUrl,
      PIASTRIX_RECONCILE: "off",
      MEDUSA_BACKEND_URL: medusaUrl,
      PORT: String(medusaPort),
      LOG_LEVEL: "error",
    }
    const seedOut = path.join(os.tmpdir(), `${database}-seed.json`)
    log("migrating and seeding a fresh database")
    await runToEnd("migrate", process.execPath, [MEDUSA_CLI, "db:migrate"], {
      env: { ...env, NODE_ENV: "development" },
      quiet: true,
    })
    await runToEnd(
      "seed",
      process.execPath,
      [MEDUSA_CLI, "exec", "./dev/seed-dev.ts"],
      {
        env: {
          ...env,
          NODE_ENV: "development",
          PIASTRIX_DEV_SEED_OUT: seedOut,
        },
        quiet: true,
      }
    )
    const seed = JSON.parse(fs.readFileSync(seedOut, "utf8"))
    fs.rmSync(seedOut, { force: true })

    const storefront = {
      key: seed.publishableKey,
      region: seed.regions.rub.id,
      variant: Object.values(seed.variants)[0],
    }
    log(
      `memory baseline: Medusa without the plugin, ${SCALE.carts * 2} checkouts`
    )
    const bareRss = await bareStoreRssMb(env, storefront, SCALE.carts * 2)

    log("starting Medusa in production mode (medusa start)")
    const medusa = spawnGroup(
      "medusa",
      process.execPath,
      [MEDUSA_CLI, "start"],
      { env: { ...env, NODE_ENV: "production" }, quiet: true }
    )
    children.push(medusa)
    await waitFor(
      "medusa start did not answer /health",
      async () => (await fetch(`${medusaUrl}/health`)).ok
    )

    const key = storefront.key
    const control = (method, p, body) =>
      json(method, `${sandboxUrl}/__sandbox/${p}`, { body })
    const cartWithSession = (provider) =>
      storeCartWithSession(medusaUrl, storefront, provider)
    const completed = async (cartId) =>
      (await db.query("select completed_at from cart where id = $1", [cartId]))
        .rows[0]?.completed_at != null

    await systemCheckouts(medusaUrl, storefront, 5) // warm-up: compiled routes, filled pools

    // ---- checkout: cart completion with a paid wallet payment vs Medusa's system provider ----
    log(`checkout: ${SCALE.carts} carts per provider`)
    await control("POST", "faults", { type: "out_of_order_callbacks" }) // the storefront completes, not the callback
    const completeTimes = { [WALLET]: [], [SYSTEM]: [] }
    for (let i = 0; i < SCALE.carts; i++) {
      for (const provider of [SYSTEM, WALLET]) {
        const { cart, session } = await cartWithSession(provider)
        if (provider === WALLET) {
          await control("POST", `payments/${session.id}/pay`)
        }
        const t0 = performance.now()
        const done = await json(
          "POST",
          `${medusaUrl}/store/carts/${cart.id}/complete`,
          { key }
        )
        completeTimes[provider].push(performance.now() - t0)
        if (done.type !== "order") {
          throw new Error(
            `checkout with ${provider} did not place an order: ${JSON.stringify(done).slice(0, 300)}`
          )
        }
      }
    }
    const [w50, s50] = [
      quantile(completeTimes[WALLET], 0.5),
      quantile(completeTimes[SYSTEM], 0.5),
    ]
    figure(
      "checkout completion p50, piastrix-wallet / system provider",
      w50 / s50,
      "ratio",
      {
        wallet_ms: w50,
        system_ms: s50,
        wallet_p95_ms: quantile(completeTimes[WALLET], 0.95),
        system_p95_ms: quantile(completeTimes[SYSTEM], 0.95),
        carts: SCALE.carts,
      }
    )
    await control("DELETE", "faults") // the held callbacks stay held: their orders exist already
    const rss = groupRssMb(medusa.pid)
    figure(
      "memory after the checkout run, with the plugin / without",
      rss / bareRss,
      "ratio",
      {
        with_plugin_mb: rss,
        without_plugin_mb: bareRss,
        checkouts: SCALE.carts * 2,
      }
    )

    // ---- callbacks accepted: distinct sessions, then duplicates of one, against /health ----
    const load = async (options) =>
      autocannon({ connections: 10, duration: SCALE.loadSeconds, ...options })
    log("callbacks accepted under load")
    const health = await load({ url: `${medusaUrl}/health` })
    let n = 0
    const distinct = await load({
      url: `${medusaUrl}/hooks/piastrix`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: successCallback(
              `bench-foreign-${process.pid}-${n++}`,
              "100.00",
              700000000 + n
            ),
          }),
        },
      ],
    })
    const recorded = (
      await db.query(
        "select count(*)::int as n from piastrix_notification where shop_order_id like 'bench-foreign-%'"
      )
    ).rows[0].n
    figure(
      "callbacks accepted, distinct sessions, / health",
      distinct.requests.average / health.requests.average,
      "ratio",
      {
        callbacks_per_s: distinct.requests.average,
        p99_ms: distinct.latency.p99,
        health_per_s: health.requests.average,
        non_2xx: distinct.non2xx,
        recorded_rows: recorded,
        answered_ok: distinct["2xx"],
      }
    )
    const one = successCallback(
      `bench-duplicate-${process.pid}`,
      "100.00",
      699999999
    )
    const duplicates = await load({
      url: `${medusaUrl}/hooks/piastrix`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: one,
    })
    const duplicateRows = (
      await db.query(
        "select count(*)::int as n from piastrix_notification where shop_order_id = $1",
        [`bench-duplicate-${process.pid}`]
      )
    ).rows[0].n
    figure(
      "callbacks accepted, duplicates of one, / health",
      duplicates.requests.average / health.requests.average,
      "ratio",
      {
        callbacks_per_s: duplicates.requests.average,
        p99_ms: duplicates.latency.p99,
        non_2xx: duplicates.non2xx,
        recorded_rows: duplicateRows,
      }
    )

    // ---- callback to order, against a storefront's completion with the system provider ----
    // Medusa's built-in /hooks/payment/piastrix* route is answered by the plugin's own handler (it no
    // longer queues for Medusa's delayed processing), so it is measured too, as a check that both match.
    log("callback to order")
    await control("POST", "faults", { type: "out_of_order_callbacks" })
    async function callbackToOrder(route) {
      const { cart, session } = await cartWithSession(WALLET)
      await control("POST", `payments/${session.id}/pay`)
      const { notifications } = await control("GET", "callbacks")
      const held = notifications
        .filter((x) => x.shopOrderId === session.id)
        .pop()
      const body = new URLSearchParams(held.fields).toString()
      const t0 = performance.now()
      const res = await fetch(`${medusaUrl}${route}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      })
      if (!res.ok) {
        throw new Error(`${route} answered ${res.status}`)
      }
      await waitFor(
        `no order after a callback to ${route}`,
        () => completed(cart.id),
        60000
      )
      return performance.now() - t0
    }
    const ours = []
    const builtIn = []
    await pool(SCALE.latencySamples, 5, async () =>
      ours.push(await callbackToOrder("/hooks/piastrix"))
    )
    await pool(SCALE.latencySamples, 5, async () =>
      builtIn.push(
        await callbackToOrder("/hooks/payment/piastrix-wallet_piastrix")
      )
    )
    figure(
      "callback to order p50 / system provider completion p50",
      quantile(ours, 0.5) / s50,
      "ratio",
      {
        hooks_piastrix_ms: quantile(ours, 0.5),
        built_in_route_ms: quantile(builtIn, 0.5),
        system_completion_ms: s50,
        samples: SCALE.latencySamples,
      }
    )

    // ---- orders from callbacks vs storefront completion with the system provider ----
    log("orders per second")
    const paid = []
    for (let i = 0; i < SCALE.callbackOrders; i++) {
      const { cart, session } = await cartWithSession(WALLET)
      await control("POST", `payments/${session.id}/pay`)
      paid.push({ cart, session })
    }
    const { notifications: all } = await control("GET", "callbacks")
    const bodies = paid.map(({ session }) =>
      new URLSearchParams(
        all.filter((x) => x.shopOrderId === session.id).pop().fields
      ).toString()
    )
    let t0 = performance.now()
    await pool(bodies.length, 10, async (i) => {
      await fetch(`${medusaUrl}/hooks/piastrix`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: bodies[i],
      })
    })
    await waitFor(
      "not every paid cart became an order",
      async () => {
        const { rows } = await db.query(
          "select count(*)::int as n from cart where id = any($1) and completed_at is not null",
          [paid.map((p) => p.cart.id)]
        )
        return rows[0].n === paid.length
      },
      300000
    )
    const callbackRate = paid.length / ((performance.now() - t0) / 1000)
    const systemCarts = []
    for (let i = 0; i < SCALE.callbackOrders; i++) {
      systemCarts.push((await cartWithSession(SYSTEM)).cart)
    }
    t0 = performance.now()
    await pool(systemCarts.length, 10, async (i) =>
      json("POST", `${medusaUrl}/store/carts/${systemCarts[i].id}/complete`, {
        key,
      })
    )
    const systemRate = systemCarts.length / ((performance.now() - t0) / 1000)
    figure(
      "orders per second, from callbacks / system provider completion",
      callbackRate / systemRate,
      "ratio",
      {
        from_callbacks_per_s: callbackRate,
        system_per_s: systemRate,
        orders: SCALE.callbackOrders,
      }
    )
    await control("DELETE", "faults")

    // ---- client: a signed status call through the client vs a raw post of the same body ----
    log("client overhead")
    require("ts-node").register({
      transpileOnly: true,
      swc: true,
      project: path.join(ROOT, "tsconfig.json"),
    })
    const { PiastrixClient } = require(
      path.join(ROOT, "src", "lib", "piastrix")
    )
    const fixedNow = new Date(Date.UTC(2026, 0, 1))
    const client = new PiastrixClient({
      shopId: SHOP_ID,
      secretKey: SECRET,
      apiUrl: sandboxUrl,
      now: () => fixedNow,
    })
    const orderId = paid[0].session.id
    const check = {
      now: "2026-01-01 00:00:00",
      shop_id: SHOP_ID,
      shop_order_id: orderId,
    }
    check.sign = createHash("sha256")
      .update(`${check.now}:${SHOP_ID}:${orderId}${SECRET}`, "utf8")
      .digest("hex")
    const raw = JSON.stringify(check)
    const viaClient = []
    const viaFetch = []
    for (let i = 0; i < SCALE.clientCalls; i++) {
      let s = performance.now()
      await client.billStatus({ shop_order_id: orderId })
      viaClient.push(performance.now() - s)
      s = performance.now()
      const res = await fetch(`${sandboxUrl}/bill/shop_order_status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: raw,
      })
      const body = await res.json()
      if (!body.result) {
        throw new Error(`raw status call refused: ${body.message}`)
      }
      viaFetch.push(performance.now() - s)
    }
    figure(
      "signed status call p50, client / raw HTTP post",
      quantile(viaClient, 0.5) / quantile(viaFetch, 0.5),
      "ratio",
      {
        client_ms: quantile(viaClient, 0.5),
        raw_ms: quantile(viaFetch, 0.5),
        calls: SCALE.clientCalls,
      }
    )

    // ---- payouts: one sync pass over N payouts in flight vs the same status calls made bare ----
    log(`payout sync over ${SCALE.payouts} payouts in flight`)
    await stopGroup(medusa, 5000) // the sync runs here, in this process; Medusa's own jobs must not join in
    const { syncPayoutsInFlight } = require(
      path.join(ROOT, "src", "lib", "payouts")
    )
    const { piastrixOptionsSchema } = require(
      path.join(ROOT, "src", "lib", "plugin", "options")
    )
    const knex = require("knex")({
      client: "pg",
      connection: databaseUrl,
      pool: { min: 1, max: 4 },
    })
    let queries = 0
    knex.on("query", () => queries++)
    const { rows: vendors } = await db.query(
      "select id from piastrix_recipient where name = 'Piastrix Press'"
    )
    const prefix = `pxpo_bench_${process.pid}_`
    // The transfers exist at the service (made through the client), and each payout row waits for its status.
    const made = []
    await pool(SCALE.payouts, 20, async (i) => {
      const shopPaymentId = `${prefix}${i}`
      const transfer = await client.transferCreate({
        amount: "10.00",
        amount_type: "writeoff_amount",
        payee_account: "201494711279",
        payee_currency: 643,
        shop_currency: 643,
        shop_payment_id: shopPaymentId,
      })
      made[i] = { shopPaymentId, serviceId: String(transfer.id) }
    })
    await db.query(
      `insert into piastrix_payout (id, recipient_id, currency, amount, rail, account, shop_payment_id, status, service_id,
                                    sent_at, next_poll_at, raw_amount)
       select ids.id, $1, 643, 10, 'transfer', '201494711279', ids.id, 'processing', ids.service_id,
              now() - interval '5 minutes', now() - interval '1 minute', '{"value": "10", "precision": 20}'::jsonb
         from unnest($2::text[], $3::text[]) as ids(id, service_id)`,
      [
        vendors[0].id,
        made.map((m) => m.shopPaymentId),
        made.map((m) => m.serviceId),
      ]
    )
    await control("DELETE", "violations")
    const options = piastrixOptionsSchema.parse({
      shopId: SHOP_ID,
      secretKey: SECRET,
      apiUrl: sandboxUrl,
    })
    const quiet = { info() {}, warn() {} }
    const ctx = {
      db: knex,
      client,
      options,
      effectiveOptions: async () => options,
      logger: quiet,
    }
    const before = (await control("GET", "polls")).counts
    t0 = performance.now()
    let synced = 0
    for (;;) {
      const batch = await syncPayoutsInFlight(ctx, { batchSize: 100 })
      if (!batch.length) {
        break
      }
      synced += batch.length
    }
    const syncMs = performance.now() - t0
    const after = (await control("GET", "polls")).counts
    const serviceCalls = Object.entries(after).reduce(
      (sum, [k, n]) => sum + n - (before[k] ?? 0),
      0
    )
    const { violations } = await control("GET", "violations")
    const { rows: settled } = await db.query(
      "select status, count(*)::int as n from piastrix_payout where id like $1 group by status",
      [`${prefix}%`]
    )
    // Baseline: the same status calls, one after another, with nothing recorded.
    t0 = performance.now()
    for (const m of made) {
      await client.transferShopPaymentStatus({
        shop_payment_id: m.shopPaymentId,
      })
    }
    const bareMs = performance.now() - t0
    await knex.destroy()
    figure(
      `payout sync over ${SCALE.payouts} payouts in flight, / the same status calls bare`,
      syncMs / bareMs,
      "ratio",
      {
        sync_s: syncMs / 1000,
        bare_s: bareMs / 1000,
        payouts_synced: synced,
        queries_per_payout: queries / synced,
        service_calls: serviceCalls,
        polls_too_early: violations.length,
        succeeded: settled.find((r) => r.status === "succeeded")?.n ?? 0,
      }
    )
  } finally {
    await db.end().catch(() => {})
    for (const child of runningChildren()) {
      await stopGroup(child, 5000)
    }
    await admin
      .query(`drop database if exists "${database}" with (force)`)
      .catch(() => {})
    await admin.end()
    await pg.stop()
  }
  const file = path.join(ROOT, "bench-results.json")
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        quick: args.quick,
        machine: {
          cpus: os.cpus().length,
          cpu: os.cpus()[0]?.model,
          memory_gb: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
        },
        seconds: Math.round((Date.now() - startedAt) / 1000),
        figures: results,
      },
      null,
      2
    )
  )
  process.stdout.write(
    `wrote ${path.relative(process.cwd(), file)} (${Math.round((Date.now() - startedAt) / 1000)} s)\n`
  )
}

main().catch((error) => {
  process.stderr.write(`bench: ${error.stack || error}\n`)
  for (const child of runningChildren()) {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {}
  }
  process.exit(1)
})
