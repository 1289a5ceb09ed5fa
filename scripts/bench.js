#!/usr/bin/env node
// `npm run bench`: figures of what the plugin adds, each against a baseline measured in the same run on the
// same store (docs/benchmarks.md). Starts its own PostgreSQL database, the sandbox and Medusa in production
// mode (`medusa start`, admin off), runs the figures of scripts/bench/ (one file each; harness.js holds what
// they share), prints one line per figure and writes bench-results.json.
// Options: --quick (fewer samples, shorter load runs: a smoke run, not figures to publish);
// --only <figure>[,<figure>] (those figures, and the ones they take their baseline from).
// BENCH_FROM_SOURCE=1: the store for the figures is this repository's (the plugin loaded from `src/` through
// ts-node), not an app folder with the built plugin (the default: what a store that installs it runs).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { parseArgs } = require("node:util")
const { Client, Pool } = require("pg")
const { ensurePostgres } = require("./postgres")
const { freePort } = require("./ports")
const {
  spawnGroup,
  runToEnd,
  stopGroup,
  runningChildren,
} = require("./dev-processes")
const {
  statementsOf,
  ROOT,
  MEDUSA_CLI,
  SHOP_ID,
  SECRET,
  results,
  log,
  waitFor,
  json,
  storeCartWithSession,
  systemCheckouts,
  startMedusa,
  appWithBuiltPlugin,
  buildPlugin,
  piastrixClient,
} = require("./bench/harness")

// Each figure's `beforeStore` runs first, in this order, before the store with the plugin starts (only the
// database and the sandbox run: the memory baseline, then boot); then each `run`, in this order, with that
// store up after a warm-up. Payout sync stops the store: it comes last. `needs`: the figures whose results
// a figure takes as its baseline (`bench.shared`), run with it under --only.
const FIGURES = [
  require("./bench/checkout"),
  require("./bench/memory"),
  require("./bench/callbacks"),
  require("./bench/callback-to-order"),
  require("./bench/orders-per-second"),
  require("./bench/callbacks-server-worker"),
  require("./bench/client"),
  require("./bench/payout-sync"),
  require("./bench/boot"),
]

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    statements: { type: "boolean", default: false },
  },
})
const SCALE = args.quick
  ? {
      carts: 20,
      loadSeconds: 3,
      clientCalls: 500,
      callbackOrders: 20,
      latencySamples: 4,
      payouts: 1000,
      bootSamples: 2,
    }
  : {
      carts: 200,
      loadSeconds: 10,
      clientCalls: 2000,
      callbackOrders: 100,
      latencySamples: 10,
      payouts: 10000,
      bootSamples: 4,
    }

/** The figures `--only` names and those they need, in FIGURES' order; every figure without it. */
function selected(only) {
  if (only === undefined) {
    return FIGURES
  }
  const byName = new Map(FIGURES.map((f) => [f.name, f]))
  const chosen = new Set()
  const add = (name) => {
    const f = byName.get(name)
    if (!f) {
      usage(`--only: no figure "${name}"`)
    }
    chosen.add(f)
    for (const need of f.needs ?? []) {
      add(need)
    }
  }
  only
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .forEach(add)
  if (!chosen.size) {
    usage("--only names no figure")
  }
  return FIGURES.filter((f) => chosen.has(f))
}

function usage(message) {
  process.stderr.write(
    `bench: ${message} (figures: ${FIGURES.map((f) => f.name).join(", ")})\n`
  )
  process.exit(2)
}

async function main(figures) {
  process.chdir(ROOT)
  const startedAt = Date.now()
  // --statements: the database's own view of where a figure's time goes (pg_stat_statements).
  const pg = await ensurePostgres({
    purpose: "test",
    settings: args.statements
      ? ["shared_preload_libraries=pg_stat_statements"]
      : [],
  })
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
  let storeApp
  try {
    spawnGroup(
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
    let client
    // What every figure gets; `shared` carries what one figure leaves for another (its baseline, a session).
    const bench = {
      scale: SCALE,
      env,
      db,
      databaseUrl,
      storefront,
      sandboxUrl,
      medusaUrl,
      medusa: null,
      storeDir: ROOT, // where the store for the figures runs: an app folder with the built plugin, or this repository
      memory: null, // the store's memory probe (harness.js, startMedusa)
      shared: {},
      control: (method, p, body) =>
        json(method, `${sandboxUrl}/__sandbox/${p}`, { body }),
      cartWithSession: (provider) =>
        storeCartWithSession(medusaUrl, storefront, provider),
      completed: async (cartId) =>
        (
          await db.query("select completed_at from cart where id = $1", [
            cartId,
          ])
        ).rows[0]?.completed_at != null,
      client: () => (client ??= piastrixClient(sandboxUrl)),
      statements: args.statements ? await statementsOf(db) : null,
    }

    for (const f of figures.filter((f) => f.beforeStore)) {
      await f.beforeStore(bench)
    }
    const withStore = figures.filter((f) => f.run)
    if (withStore.length) {
      if (process.env.BENCH_FROM_SOURCE === "1") {
        log("the store loads the plugin from src/ (BENCH_FROM_SOURCE=1)")
      } else {
        log(
          "the store loads the built plugin (.medusa/server, as npm run build)"
        )
        await buildPlugin() // already built when boot ran
        storeApp = appWithBuiltPlugin()
        bench.storeDir = storeApp.dir
      }
      log("starting Medusa in production mode (medusa start)")
      // Started as the memory figure's baseline is (its probe preloaded, `--expose-gc`), whichever figures run.
      const store = await startMedusa("medusa", {
        env,
        cwd: bench.storeDir,
        port: medusaPort,
        memoryProbe: true,
      })
      bench.medusa = store.child
      bench.memory = store.memory
      await systemCheckouts(medusaUrl, storefront, 5) // warm-up: compiled routes, filled pools
      for (const f of withStore) {
        await f.run(bench)
      }
    }
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
    storeApp?.remove()
  }
  const file = path.join(ROOT, "bench-results.json")
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        quick: args.quick,
        ...(args.only === undefined
          ? {}
          : { only: figures.map((f) => f.name) }),
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

main(selected(args.only)).catch((error) => {
  process.stderr.write(`bench: ${error.stack || error}\n`)
  for (const child of runningChildren()) {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {}
  }
  process.exit(1)
})
