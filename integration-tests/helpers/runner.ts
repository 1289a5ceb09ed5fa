import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import {
  startSandbox,
  type RunningSandbox,
  type StartSandboxOptions,
} from "../../sandbox/src"
import { expectFaultsFired, faultHistory } from "./faults"
import { seedStore, type SeededStore } from "../../dev/seed"
import { recordLogLines, scanLogLines } from "./log-scan"
import { freePort } from "./medusa-process"
import { printDatabaseActivity } from "./database-activity"

export const TEST_SHOP_ID = 1
export const TEST_SECRET = "test-secret-key-9f2c"
/** The account key of the suites' stores (scripts/test.js gives the same one to process suites). */
export const TEST_ACCOUNT_KEY =
  process.env.PIASTRIX_ACCOUNT_KEY ||
  "OUMCG2TwV8vDwXUvR6OV0O7pX69NyYTG8Nb1qMm3ac0="

/**
 * Medusa's boot (a database, its migrations, the loaders) and the runner's restore before each test take
 * seconds alone and minutes on a loaded two-core machine (both jests of `npm test` at once). A suite's own
 * `jest.setTimeout` is meant for its tests, so the runner's hooks get this instead.
 */
const RUNNER_HOOK_TIMEOUT_MS = 300_000

type Hook = (fn: jest.ProvidesHookCallback, timeout?: number) => void
const HOOK_NAMES = ["beforeAll", "beforeEach", "afterEach", "afterAll"] as const

/** A runner hook this slow prints what Postgres is doing (helpers/database-activity.ts). */
const SLOW_HOOK_MS = 45_000

function watched(name: string, fn: () => unknown): () => Promise<unknown> {
  return async () => {
    const timer = setTimeout(
      () =>
        void printDatabaseActivity(
          `Medusa's test runner: ${name} still running after ${SLOW_HOOK_MS / 1000} s`
        ),
      SLOW_HOOK_MS
    )
    try {
      return await fn()
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * Lends `RUNNER_HOOK_TIMEOUT_MS` to the hooks registered until the returned function is called (Medusa's
 * test runner registers its boot, restore and cleanup without a timeout of their own).
 */
function lendHookTimeout(): () => void {
  const hooks = globalThis as unknown as Record<
    (typeof HOOK_NAMES)[number],
    Hook
  >
  const originals = Object.fromEntries(
    HOOK_NAMES.map((name) => [name, hooks[name]])
  )
  for (const name of HOOK_NAMES) {
    hooks[name] = (fn, timeout) =>
      originals[name](
        watched(name, fn as () => unknown),
        timeout ?? RUNNER_HOOK_TIMEOUT_MS
      )
  }
  return () => Object.assign(hooks, originals)
}

export type PiastrixSuite = {
  /** axios bound to the booted Medusa; throws on non-2xx (read `err.response`). */
  api: AxiosInstance
  getContainer: () => MedusaContainer
  /** The sandbox this app talks to (real HTTP). */
  sandbox: () => RunningSandbox
  /** The seeded store: regions, publishable key, variants. Restored before every test. */
  seed: () => SeededStore
  /** Medusa's address, e.g. for posting callbacks the way the service does. */
  medusaUrl: () => string
}

/**
 * A Medusa app with this plugin (loaded from src/ by medusa-config.ts), configured against a real
 * sandbox started before Medusa boots, with the demo store seeded once (the runner restores that
 * database before every test). Jobs that poll or pay stay off unless a test calls them.
 */
export function piastrixIntegrationRunner(
  testSuite: (suite: PiastrixSuite) => void,
  options: {
    sandbox?: Omit<StartSandboxOptions, "port" | "shopId" | "secret">
    /** Serve the admin dashboard at /app from the build in public/admin (integration-tests/browser/admin-build.ts). */
    admin?: boolean
    /** More environment for this suite's Medusa (medusa-config.ts reads it at boot); removed after the suite. */
    env?: Record<string, string>
  } = {}
) {
  let running: RunningSandbox | undefined
  let seeded: SeededStore | undefined
  let baseUrl = ""

  // Registered before the runner's own hooks, so this runs before Medusa boots and reads the env.
  beforeAll(async () => {
    // Strict polling (sandbox/README.md): a too-early status poll is refused and recorded, so a suite
    // shows the plugin keeps the service's limits instead of only counting its polls.
    const config = {
      ...options.sandbox?.config,
      fidelity: { strictPolling: true, ...options.sandbox?.config?.fidelity },
    }
    running = await startSandbox({
      ...options.sandbox,
      config,
      port: 0,
      shopId: TEST_SHOP_ID,
      secret: TEST_SECRET,
    })
    const port = await freePort()
    baseUrl = `http://localhost:${port}`
    Object.assign(process.env, {
      PORT: String(port),
      MEDUSA_BACKEND_URL: baseUrl,
      PIASTRIX_SHOP_ID: String(TEST_SHOP_ID),
      PIASTRIX_SECRET_KEY: TEST_SECRET,
      PIASTRIX_ACCOUNT_KEY: TEST_ACCOUNT_KEY,
      PIASTRIX_API_URL: running.url,
      PIASTRIX_H2H_URL: running.url,
      PIASTRIX_RECONCILE: "off",
      PIASTRIX_PAYOUTS: "off",
      ...options.env,
    })
  })

  afterAll(async () => {
    for (const name of Object.keys(options.env ?? {})) {
      delete process.env[name]
    }
    await running?.close()
  })

  // Every fault a test sets up at the sandbox must fire: one that never applied would let the test pass
  // without the failure it names.
  let lastFaultBefore = 0
  beforeEach(async () => {
    const history = running ? await faultHistory(running) : []
    lastFaultBefore = history.length ? history[history.length - 1].id : 0
  })
  afterEach(async () => {
    if (running) {
      await expectFaultsFired(running, lastFaultBefore)
    }
  })

  // Every line Medusa's logger was given during the suite, whatever LOG_LEVEL lets through.
  const logLines: Array<{ level: string; text: string }> = []
  afterAll(() => {
    // No secret key, signature, card number or CVV in any log line of the suite (and the lines were seen).
    expect(logLines.length).toBeGreaterThan(0)
    expect(scanLogLines(logLines, TEST_SECRET)).toEqual([])
  })

  const giveBackHooks = lendHookTimeout()
  try {
    medusaIntegrationTestRunner({
      inApp: true,
      env: {},
      hooks: {
        // test-utils sets `admin.disable` on every app it boots, on the very object medusa-config.ts
        // exports, which the server's loaders read again: putting the flag back serves the admin.
        async beforeServerStart(container) {
          recordLogLines(
            container.resolve(
              ContainerRegistrationKeys.LOGGER
            ) as unknown as Record<string, unknown>,
            logLines
          )
          if (options.admin) {
            container.resolve(
              ContainerRegistrationKeys.CONFIG_MODULE
            ).admin.disable = false
          }
        },
      },
      testSuite: ({ api, getContainer }) => {
        // Medusa's runner has registered its hooks; the suite's own keep the suite's timeout.
        giveBackHooks()
        beforeAll(async () => {
          seeded = await seedStore(getContainer())
        }, RUNNER_HOOK_TIMEOUT_MS)
        testSuite({
          api,
          getContainer,
          sandbox: () => running!,
          seed: () => seeded!,
          medusaUrl: () => baseUrl,
        })
      },
    })
  } finally {
    giveBackHooks()
  }
}
