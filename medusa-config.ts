import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * A Medusa app that loads this plugin straight from `src/`: its module, and (as the app's own `src/`)
 * its routes, workflows, subscribers, jobs and admin extensions. Used by the integration tests and the
 * dev store. A store that installs the plugin from npm configures it as the README says.
 */
/**
 * One options object for the payment provider and for the plugin's module (README, "Options").
 * Defaults point at the local sandbox (`npx piastrix-sandbox`, http://localhost:9100).
 */
const sandboxUrl = process.env.PIASTRIX_API_URL || "http://localhost:9100"
const storefrontUrl = process.env.STOREFRONT_URL || "http://localhost:8000"
// Where Piastrix sends the payer back: the demo storefront's return.html, or the Next.js example's
// /checkout/return (examples/nextjs-storefront).
const returnPath = process.env.STOREFRONT_RETURN_PATH || "/return.html"
const piastrix = {
  shopId: Number(process.env.PIASTRIX_SHOP_ID || 1),
  secretKey: process.env.PIASTRIX_SECRET_KEY || "sandbox-secret",
  // Encrypts vendors' payout accounts at rest. The fallback is a development key, public in this repository:
  // a real store sets its own (README, "Payouts"). Set empty, there is none (a store without a key).
  accountKey:
    process.env.PIASTRIX_ACCOUNT_KEY ??
    "GwR8djnBFrqdPbaBdkcR3z+I/AEZKls36H1x6CPtvxk=",
  previousAccountKeys: process.env.PIASTRIX_PREVIOUS_ACCOUNT_KEYS,
  apiUrl: sandboxUrl,
  h2hUrl: process.env.PIASTRIX_H2H_URL || sandboxUrl,
  backendUrl: process.env.MEDUSA_BACKEND_URL || "http://localhost:9000",
  successUrl: `${storefrontUrl}${returnPath}?session_id={session_id}`,
  failedUrl: `${storefrontUrl}${returnPath}?session_id={session_id}&failed=1`,
  // Vendors' shares accrue at fulfilment unless PIASTRIX_ACCRUE_ON=delivered (the accrual suite's store).
  ...(process.env.PIASTRIX_ACCRUE_ON === "delivered" && {
    payouts: { accrueOn: "delivered" as const },
  }),
}

/**
 * Several instances (README, "Production layout"): with REDIS_URL, Medusa's Redis event bus, workflow
 * engine, locking and cache replace the in-memory ones, so a callback recorded by any server is processed
 * once by a worker, and locks and caches hold across instances. MEDUSA_WORKER_MODE (`server`, `worker`
 * or `shared`, the default) says what this instance runs: routes, or subscribers and scheduled jobs.
 */
const redisUrl = process.env.REDIS_URL
const redisModules = redisUrl
  ? [
      {
        resolve: "@medusajs/medusa/event-bus-redis",
        // Failed jobs keep their event's data; without a bound they stay in Redis forever.
        options: {
          redisUrl,
          jobOptions: { removeOnFail: { count: 1000, age: 604800 } },
        },
      },
      {
        resolve: "@medusajs/medusa/workflow-engine-redis",
        options: { redis: { redisUrl } },
      },
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              // How long a completion waits for a lock (a product's stock while other carts of it complete)
              // before Medusa answers 409: its default 5 s runs out under load (docs/production.md).
              options: {
                redisUrl,
                waitLockingTimeout: Number(
                  process.env.MEDUSA_LOCK_WAIT_SECONDS || 30
                ),
              },
            },
          ],
        },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode:
      (process.env.MEDUSA_WORKER_MODE as
        "shared" | "worker" | "server" | undefined) || "shared",
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors:
        process.env.AUTH_CORS || "http://localhost:8000,http://localhost:9000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable:
      process.env.MEDUSA_ADMIN_DISABLE === "true" ||
      process.env.NODE_ENV === "test",
    // The development admin's dependency cache of this store alone (scripts/dev.js, ADMIN_CACHE_DIR).
    ...(process.env.PIASTRIX_ADMIN_CACHE_DIR && {
      vite: () => ({ cacheDir: process.env.PIASTRIX_ADMIN_CACHE_DIR }),
    }),
  },
  modules: [
    ...redisModules,
    { resolve: "./src/modules/piastrix", options: piastrix },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "./src/providers/piastrix",
            id: "piastrix",
            options: piastrix,
          },
        ],
      },
    },
  ],
})
