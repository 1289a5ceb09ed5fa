import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import type { Browser } from "playwright-core"
import { launchChromium } from "../browser/chromium"
import {
  ADMIN_CREDENTIALS,
  openAdmin,
  orderInAdmin,
  unexpectedProblems,
} from "../browser/admin-steps"
import { docBlock } from "../helpers/doc-blocks"
import { freePort, recordGroup, runCommand } from "../helpers/medusa-process"
import { payOnPaymentPage } from "../helpers/payer"
import { signCallback } from "../../src/lib/piastrix"

/**
 * What a store owner does with the package, in a fresh Medusa app with the dependencies of Medusa's
 * starter, once for each Medusa version the peer ranges promise (MEDUSA_VERSIONS): pack this repository
 * (once), install the tarball, copy the README's `medusa-config.ts` as written, migrate, `medusa build`
 * (admin included), `medusa start` from `.medusa/server`, and run the sandbox the installed package ships.
 * Then pay a wallet payment end to end and open the admin.
 * The app's install reads the npm cache first (this repository's own install filled it with 2.21.2); the
 * packages of an older Medusa that are not in the cache come from the npm registry, so this suite needs
 * the network on a machine that has not run it before (CI has the registry).
 */

jest.setTimeout(15 * 60_000)

const ROOT = path.resolve(__dirname, "..", "..")
/**
 * The oldest Medusa the peer ranges admit (Mercur and Medusa's dtc-starter pin it) and the latest 2.x on
 * the npm registry (`npm view @medusajs/medusa dist-tags`; also this repository's own). Each with the
 * vite its admin bundler builds with, as Medusa's starter of that version lists it.
 */
const MEDUSA_VERSIONS = [
  { medusa: "2.18.0", vite: "^5.4.21" },
  { medusa: "2.21.2", vite: "^7.3.8" },
]
const SHOP_ID = "1"
const SECRET = "install-check-secret-5d1e"
// The README's PIASTRIX_ACCOUNT_KEY: 32 bytes, base64.
const ACCOUNT_KEY = "8sKq4Pp3c0l2m5c7G1x0bQ2r9V4d6y8A1n3E5t7Z9wU="
const PROVIDERS = [
  "pp_piastrix-wallet_piastrix",
  "pp_piastrix_piastrix",
  "pp_piastrix-card_piastrix",
  "pp_piastrix-bank-transfer_piastrix",
]

/** Medusa's starter (medusajs/medusa-starter-default) at the Medusa version the store runs. */
function starterPackage(medusa: string, vite: string) {
  return {
    name: "piastrix-install-check",
    version: "0.0.1",
    private: true,
    scripts: {
      build: "medusa build",
      start: "medusa start",
      dev: "medusa develop",
    },
    dependencies: {
      "@medusajs/admin-sdk": medusa,
      "@medusajs/cli": medusa,
      "@medusajs/framework": medusa,
      "@medusajs/medusa": medusa,
    },
    devDependencies: {
      "@medusajs/test-utils": medusa,
      "@swc/core": "^1.16.0",
      "@types/node": "^20.19.0",
      "@types/react": "^18.3.2",
      "@types/react-dom": "^18.3.0",
      react: "^18.3.1",
      "react-dom": "^18.3.1",
      "ts-node": "^10.9.2",
      typescript: "^5.9.0",
      vite,
    },
    engines: { node: ">=20" },
  }
}

/** The starter's tsconfig.json, strict. */
const STARTER_TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    esModuleInterop: true,
    module: "Node16",
    moduleResolution: "Node16",
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: true,
    outDir: "./.medusa/server",
    rootDir: "./",
    jsx: "react-jsx",
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    checkJs: false,
    strict: true,
  },
  "ts-node": { swc: true },
  include: ["**/*", ".medusa/types/*"],
  exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
}

function serverUrl(): string {
  const {
    DB_HOST = "localhost",
    DB_PORT = "5432",
    DB_USERNAME = "postgres",
    DB_PASSWORD = "",
  } = process.env
  return `postgres://${encodeURIComponent(DB_USERNAME)}:${encodeURIComponent(DB_PASSWORD)}@${DB_HOST}:${DB_PORT}`
}

async function onServer(sql: string, database = "postgres") {
  const client = new Client({ connectionString: `${serverUrl()}/${database}` })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

/** A complete success notification, signed with a key that is not the shop's. */
function forgedSuccess(): Record<string, string> {
  const fields = {
    status: "success",
    shop_id: SHOP_ID,
    shop_order_id: "forged-order",
    shop_amount: "14.00",
    shop_currency: "978",
    shop_refund: "14.00",
    client_price: "14.00",
    ps_currency: "978",
    payway: "card_eur",
    payment_id: "900001",
    created: "2026-11-22 10:00:00",
    processed: "2026-11-22 10:01:00",
    ps_data: "{}",
    payer_account: "",
    description: "",
  }
  return { ...fields, sign: signCallback(fields, "not-the-shop-secret") }
}

const TRANSCRIPT: string[] = []
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)
const SUITE_STARTED = Date.now()
/** A line of the transcript the suite prints at its end, stamped with the seconds since the suite began. */
const note = (line: string) =>
  TRANSCRIPT.push(`[${seconds(SUITE_STARTED).padStart(6)} s] ${line}`)

/** Runs a command to its end (scripts/run-command.js), noted in the transcript; resolves with its output. */
const run = (
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env
): Promise<string> =>
  runCommand(command, args, {
    cwd,
    env,
    onExit: (code, took) =>
      note(
        `$ ${command} ${args.join(" ")}  (${cwd}, ${took.toFixed(1)} s, exit ${code})`
      ),
  }).then(({ output }) => output)

type Background = { child: ChildProcess; output: () => string }

function background(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv
): Background {
  const child = recordGroup(
    spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    })
  )
  let out = ""
  child.stdout!.on("data", (d) => (out += d))
  child.stderr!.on("data", (d) => (out += d))
  return { child, output: () => out }
}

async function stop(proc: Background | undefined) {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) {
    return
  }
  const exited = new Promise((resolve) => proc.child.once("exit", resolve))
  try {
    process.kill(-proc.child.pid!, "SIGTERM")
  } catch {}
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  try {
    process.kill(-proc.child.pid!, "SIGKILL")
  } catch {}
}

async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  log?: () => string
) {
  const started = Date.now()
  let last: unknown
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await probe()
      if (value) {
        return value
      }
    } catch (err) {
      last = err
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(
    `${what} within ${timeoutMs / 1000} s${last ? ` (last error: ${last})` : ""}${log ? `\n${log().slice(-3000)}` : ""}`
  )
}

async function http(
  method: string,
  url: string,
  { token, key, body }: { token?: string; key?: string; body?: unknown } = {}
) {
  const res = await fetch(url, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { "x-publishable-api-key": key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, json, text }
}

async function ok(
  method: string,
  url: string,
  options: Parameters<typeof http>[2] = {}
) {
  const res = await http(method, url, options)
  if (res.status >= 300) {
    throw new Error(
      `${method} ${url} answered ${res.status}: ${res.text.slice(0, 500)}`
    )
  }
  return res.json
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm"
const work = fs.mkdtempSync(path.join(os.tmpdir(), "piastrix-install-"))
let tarball = ""

/** The environment of the store's commands: nothing of this repository's test environment leaks in. */
function storeEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
  }
  // The store reads its own .env (loadEnv never overrides a variable that is already set).
  for (const name of Object.keys(env)) {
    if (
      /^(DATABASE_URL|DB_|PIASTRIX_|MEDUSA_BACKEND_URL|STORE_CORS|ADMIN_CORS|AUTH_CORS|JWT_SECRET|COOKIE_SECRET|PORT$|NODE_OPTIONS)/.test(
        name
      )
    ) {
      delete env[name]
    }
  }
  return env
}

const appOf = (medusaVersion: string) => path.join(work, `app-${medusaVersion}`)

/**
 * A new app with Medusa's starter at `medusaVersion`, the README's `medusa-config.ts` as written, and the
 * tarball installed, from the npm cache where it can.
 */
async function installStore(medusaVersion: string, vite: string) {
  const app = appOf(medusaVersion)
  fs.mkdirSync(path.join(app, "src"), { recursive: true })
  fs.writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify(starterPackage(medusaVersion, vite), null, 2)
  )
  fs.writeFileSync(
    path.join(app, "tsconfig.json"),
    JSON.stringify(STARTER_TSCONFIG, null, 2)
  )
  fs.writeFileSync(path.join(app, "medusa-config.ts"), docBlock("install"))
  await run(
    npm,
    ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball],
    app,
    storeEnv()
  )
  const installed = JSON.parse(
    fs.readFileSync(
      path.join(app, "node_modules", "@medusajs", "medusa", "package.json"),
      "utf8"
    )
  ).version
  if (installed !== medusaVersion) {
    throw new Error(
      `the store for Medusa ${medusaVersion} installed @medusajs/medusa ${installed}`
    )
  }
}

/** Each version's install, awaited (and its failure reported) by that version's tests. */
const installs = new Map<string, Promise<void>>()

// 1. Pack once (prepack builds); every version's store installs the same tarball. The installs run side
// by side: one mostly waits on the disk and the network while the other's store migrates and builds.
beforeAll(async () => {
  await run(npm, ["pack", "--pack-destination", work], ROOT, storeEnv())
  tarball = path.join(
    work,
    fs.readdirSync(work).find((f) => f.endsWith(".tgz"))!
  )
  for (const { medusa, vite } of MEDUSA_VERSIONS) {
    const install = installStore(medusa, vite)
    install.catch(() => {})
    installs.set(medusa, install)
  }
})

afterAll(() => {
  process.stderr.write(
    `install-from-tarball steps:\n  ${TRANSCRIPT.join("\n  ")}\n`
  )
  // The stores (about 1 GB each) are removed by a process of their own, which outlives the suite:
  // fs.rmSync held the suite up 70 to 190 s per store on the shared two cores.
  spawn("rm", ["-rf", work], { detached: true, stdio: "ignore" }).unref()
})

describe.each(MEDUSA_VERSIONS)(
  "installing the packed plugin into a fresh Medusa $medusa store",
  ({ medusa: medusaVersion }) => {
    const app = appOf(medusaVersion)
    const database = `piastrix_install_${process.pid}_${medusaVersion.replace(/\W/g, "_")}`
    let medusaUrl = ""
    let sandboxUrl = ""
    let sandbox: Background | undefined
    let medusa: Background | undefined
    let token = ""
    let started = 0

    beforeAll(async () => {
      const env = storeEnv()
      started = Date.now()
      note(`-- Medusa ${medusaVersion}: waits for its install`)
      await installs.get(medusaVersion)

      // 2. The README's environment variables, in the app's .env.
      const [medusaPort, sandboxPort] = [await freePort(), await freePort()]
      medusaUrl = `http://localhost:${medusaPort}`
      sandboxUrl = `http://localhost:${sandboxPort}`
      fs.writeFileSync(
        path.join(app, ".env"),
        [
          `DATABASE_URL=${serverUrl()}/${database}`,
          `STORE_CORS=http://localhost:8000`,
          `ADMIN_CORS=${medusaUrl}`,
          `AUTH_CORS=${medusaUrl}`,
          `PIASTRIX_SHOP_ID=${SHOP_ID}`,
          `PIASTRIX_SECRET_KEY=${SECRET}`,
          `PIASTRIX_ACCOUNT_KEY=${ACCOUNT_KEY}`,
          `PIASTRIX_API_URL=${sandboxUrl}`,
          `MEDUSA_BACKEND_URL=${medusaUrl}`,
          `PIASTRIX_SUCCESS_URL=http://localhost:8000/return?session_id={session_id}`,
          `PIASTRIX_FAILED_URL=http://localhost:8000/return?session_id={session_id}&failed=1`,
          "",
        ].join("\n")
      )

      // 3. The README's steps: migrate, build, start from .medusa/server.
      await onServer(`drop database if exists "${database}" with (force)`)
      await onServer(`create database "${database}"`)
      const medusaCli = path.join(app, "node_modules", ".bin", "medusa")
      await run(medusaCli, ["db:migrate"], app, env)
      await run(
        medusaCli,
        [
          "user",
          "-e",
          ADMIN_CREDENTIALS.email,
          "-p",
          ADMIN_CREDENTIALS.password,
        ],
        app,
        env
      )
      await run(medusaCli, ["build"], app, { ...env, NODE_ENV: "production" })
      const server = path.join(app, ".medusa", "server")
      fs.symlinkSync(
        path.join("..", "..", "node_modules"),
        path.join(server, "node_modules")
      )
      fs.copyFileSync(path.join(app, ".env"), path.join(server, ".env"))

      sandbox = background(
        path.join(app, "node_modules", ".bin", "piastrix-sandbox"),
        [
          "--port",
          String(sandboxPort),
          "--shop-id",
          SHOP_ID,
          "--secret",
          SECRET,
        ],
        app,
        env
      )
      await waitUntil(
        "the installed sandbox did not listen",
        async () => (await fetch(`${sandboxUrl}/__sandbox/state`)).ok,
        30_000,
        sandbox.output
      )

      const starting = Date.now()
      medusa = background(medusaCli, ["start"], server, {
        ...env,
        NODE_ENV: "production",
        PORT: String(medusaPort),
      })
      await waitUntil(
        "medusa start did not answer /health",
        async () => (await fetch(`${medusaUrl}/health`)).ok,
        120_000,
        medusa.output
      )
      note(
        `medusa start: /health answers on ${medusaUrl} after ${seconds(starting)} s`
      )

      const auth = await ok("POST", `${medusaUrl}/auth/user/emailpass`, {
        body: ADMIN_CREDENTIALS,
      })
      token = auth.token
    })

    afterAll(async () => {
      await stop(medusa)
      await stop(sandbox)
      await onServer(
        `drop database if exists "${database}" with (force)`
      ).catch(() => {})
      note(
        `-- Medusa ${medusaVersion}: ${seconds(started)} s from waiting for its install to its last test`
      )
    })

    it("installs only what a store runs: no tests, no repo config, declarations for the exports, a LICENSE", () => {
      const installed = path.join(
        app,
        "node_modules",
        "medusa-payment-piastrix"
      )
      const files: string[] = []
      const walk = (dir: string) =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .forEach((e) =>
            e.isDirectory()
              ? walk(path.join(dir, e.name))
              : files.push(path.relative(installed, path.join(dir, e.name)))
          )
      walk(installed)
      expect(files).toContain("LICENSE")
      expect(
        files.filter((f) =>
          /__tests__|\.spec\.|integration-tests|medusa-config/.test(f)
        )
      ).toEqual([])
      expect(files).toEqual(
        expect.arrayContaining([
          ".medusa/server/src/lib/piastrix/index.d.ts",
          ".medusa/server/src/index.d.ts",
        ])
      )
      // every export resolves in the store, with its declarations
      const manifest = JSON.parse(
        fs.readFileSync(path.join(installed, "package.json"), "utf8")
      )
      const subpaths = Object.keys(manifest.exports)
        .filter((key) => key !== "./*" && key !== "./package.json")
        .map((key) => key.replace("*", "piastrix"))
      expect(subpaths).toEqual(
        expect.arrayContaining([
          ".",
          "./lib/piastrix",
          "./providers/piastrix",
          "./modules/piastrix",
          "./admin",
          "./sandbox",
          "./workflows",
          "./storefront",
          "./storefront/react",
        ])
      )
      for (const subpath of subpaths) {
        const specifier = `medusa-payment-piastrix${subpath.slice(1)}`
        const resolved = require.resolve(specifier, { paths: [app] })
        if (subpath !== "./admin") {
          expect({
            specifier,
            declarations: fs.existsSync(resolved.replace(/\.js$/, ".d.ts")),
          }).toEqual({ specifier, declarations: true })
        }
      }
      // peers only for what the store runs (never @medusajs/test-utils), as ranges
      expect(manifest.peerDependencies).toEqual({
        "@medusajs/admin-sdk": "^2.18.0",
        "@medusajs/framework": "^2.18.0",
        "@medusajs/medusa": "^2.18.0",
        "@medusajs/ui": "^4.2.0",
        react: "^18.0.0 || ^19.0.0",
      })
      // React only for the storefront kit's components: a store without them installs no React for it.
      expect(manifest.peerDependenciesMeta).toEqual({
        react: { optional: true },
      })
    })

    it("type-checks a strict TypeScript store that imports the typed client, the options type and the storefront kit", async () => {
      const file = path.join(app, "src", "piastrix-typed.ts")
      fs.writeFileSync(
        file,
        [
          'import { PiastrixClient, PiastrixError } from "medusa-payment-piastrix/lib/piastrix"',
          'import { PROVIDER_IDENTIFIERS, type PiastrixPluginOptions } from "medusa-payment-piastrix"',
          'const options = { shopId: 1, secretKey: "k" } satisfies PiastrixPluginOptions',
          "export const client: PiastrixClient = new PiastrixClient(options)",
          "export const wallet: string = PROVIDER_IDENTIFIERS.wallet",
          "export const isError = (e: unknown): e is PiastrixError => e instanceof PiastrixError",
          'import { listDirections, type Quote, type StoreSdk } from "medusa-payment-piastrix/storefront"',
          'import { DirectionPicker, piastrixTexts } from "medusa-payment-piastrix/storefront/react"',
          "export const directions: (sdk: StoreSdk, cartId: string) => Promise<{ cart_id: string }> = listDirections",
          "export const price = (q: Quote): string => q.payer_price",
          "export const legend: string = piastrixTexts.ru.methodLegend",
          "export const picker = DirectionPicker",
          "",
        ].join("\n")
      )
      const tsc = path.join(app, "node_modules", ".bin", "tsc")
      try {
        await run(tsc, ["--noEmit", "-p", "."], app)
        // and the declarations are real: a wrong use is refused
        fs.appendFileSync(
          file,
          "export const wrong: number = client.shopBalance\n"
        )
        await expect(run(tsc, ["--noEmit", "-p", "."], app)).rejects.toThrow(
          /TS2322/
        )
      } finally {
        fs.rmSync(file, { force: true })
      }
    })

    it("migrates the plugin's tables and lists the four providers", async () => {
      const tables = await onServer(
        "select table_name from information_schema.tables where table_name like 'piastrix_%' order by 1",
        database
      )
      expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual(
        expect.arrayContaining(["piastrix_notification", "piastrix_payment"])
      )
      const { payment_providers } = await ok(
        "GET",
        `${medusaUrl}/admin/payments/payment-providers?limit=50`,
        { token }
      )
      expect(payment_providers.map((p: { id: string }) => p.id)).toEqual(
        expect.arrayContaining(PROVIDERS)
      )
    })

    it("answers a forged callback with 400 and records nothing", async () => {
      const res = await fetch(`${medusaUrl}/hooks/piastrix`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(forgedSuccess()),
      })
      expect(res.status).toBe(400)
      expect(
        await onServer(
          "select count(*)::int as n from piastrix_notification",
          database
        )
      ).toEqual([{ n: 0 }])
    })

    let displayId = ""

    it("takes a wallet payment through the installed sandbox and places the order", async () => {
      const { stores } = await ok("GET", `${medusaUrl}/admin/stores`, { token })
      const salesChannelId = stores[0].default_sales_channel_id
      await ok("POST", `${medusaUrl}/admin/stores/${stores[0].id}`, {
        token,
        body: {
          supported_currencies: [{ currency_code: "eur", is_default: true }],
        },
      })
      const { region } = await ok("POST", `${medusaUrl}/admin/regions`, {
        token,
        body: {
          name: "Europe",
          currency_code: "eur",
          countries: ["de"],
          payment_providers: [PROVIDERS[0]],
        },
      })
      const { product } = await ok("POST", `${medusaUrl}/admin/products`, {
        token,
        body: {
          title: "E-book",
          status: "published",
          sales_channels: [{ id: salesChannelId }],
          options: [{ title: "Format", values: ["Digital"] }],
          variants: [
            {
              title: "Digital",
              manage_inventory: false,
              options: { Format: "Digital" },
              prices: [{ currency_code: "eur", amount: 14 }],
            },
          ],
        },
      })
      const { api_keys } = await ok(
        "GET",
        `${medusaUrl}/admin/api-keys?type=publishable`,
        { token }
      )
      const key = api_keys[0].token

      const { cart } = await ok("POST", `${medusaUrl}/store/carts`, {
        key,
        body: {
          region_id: region.id,
          email: "payer@example.com",
          items: [{ variant_id: product.variants[0].id, quantity: 1 }],
        },
      })
      const { payment_collection } = await ok(
        "POST",
        `${medusaUrl}/store/payment-collections`,
        { key, body: { cart_id: cart.id } }
      )
      const { payment_collection: started } = await ok(
        "POST",
        `${medusaUrl}/store/payment-collections/${payment_collection.id}/payment-sessions`,
        { key, body: { provider_id: PROVIDERS[0] } }
      )
      const session = started.payment_sessions[0]
      expect(session.data.next_action).toEqual(
        expect.objectContaining({
          type: "redirect",
          url: expect.stringContaining(`:${new URL(sandboxUrl).port}/`),
        })
      )
      expect(JSON.stringify(session.data)).not.toContain(SECRET)

      const paid = await payOnPaymentPage(session.data)
      // the payer goes back to the storefront page the README's PIASTRIX_SUCCESS_URL names
      expect(paid.status).toBe(303)
      expect(paid.headers.get("location")).toBe(
        `http://localhost:8000/return?session_id=${session.id}`
      )

      // The sandbox's signed callback reaches /hooks/piastrix; the plugin's subscriber places the order.
      const order = await waitUntil(
        "no order for the paid cart",
        async () => {
          const { orders } = await ok(
            "GET",
            `${medusaUrl}/admin/orders?fields=id,display_id,total,payment_status`,
            { token }
          )
          return orders[0]?.payment_status === "captured" ? orders[0] : null
        },
        60_000,
        medusa!.output
      )
      expect(order.total).toBe(14)
      displayId = String(order.display_id)
    })

    describe("the admin in Chromium", () => {
      let browser: Browser

      beforeAll(async () => {
        browser = await launchChromium()
      })
      afterAll(async () => {
        await browser?.close()
      })

      it("loads, logs in, shows the order with the plugin's widget and the plugin's settings page, without console errors", async () => {
        expect(displayId).not.toBe("")
        const tab = await openAdmin(browser, medusaUrl, { behindTls: true })
        try {
          const view = await orderInAdmin(
            tab,
            medusaUrl,
            displayId,
            `installed-${medusaVersion}`
          )
          expect(view.pagePayment).toBe("Captured")
          // The widget's title names the kind (its payment row names it again).
          await tab.page
            .getByText("Piastrix wallet", { exact: true })
            .first()
            .waitFor()
          await tab.shot(`installed-${medusaVersion}-order-widget`)
          // the plugin's own pages, built into the store's admin
          await tab.page.goto(`${medusaUrl}/app/settings/piastrix`)
          await tab.page
            .getByRole("button", { name: "Test connection" })
            .click()
          await tab.page.getByText("Credentials accepted").waitFor()
          await tab.shot(`installed-${medusaVersion}-settings`)
          expect(unexpectedProblems(tab.problems)).toEqual([])
        } catch (err) {
          await tab.shot(`installed-${medusaVersion}-failed`, { review: false })
          fs.writeFileSync(
            path.join(
              ROOT,
              "test-results",
              "browser",
              `installed-${medusaVersion}-problems.txt`
            ),
            tab.problems.join("\n---\n")
          )
          throw new Error(
            `${(err as Error).message}\nbrowser problems:\n  ${tab.problems.map((p) => p.split("\n")[0]).join("\n  ")}`
          )
        } finally {
          await tab.close()
        }
      })
    })
  }
)
