#!/usr/bin/env node
// The Next.js example storefront (examples/nextjs-storefront) with this repository's plugin in it, as a
// store installs it: the built package, packed and installed from the tarball. Used by its browser suite
// (integration-tests/browser/nextjs-example.browser.spec.ts) and by hand:
//   node scripts/example-storefront.js setup   # build the plugin if src/ changed, install the example
//   node scripts/example-storefront.js build   # setup, then `next build`
// The example has its own package.json and lockfile (Next.js 16 and React 19; the repository's root has
// React 18 for Medusa's admin). Its install reads the npm cache first, then the registry.
const { createHash } = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const { spawn } = require("node:child_process")
const { recordGroup } = require("./process-groups")
const { runCommand } = require("./run-command")

const ROOT = path.resolve(__dirname, "..")
const EXAMPLE = path.join(ROOT, "examples", "nextjs-storefront")
const PACKED = path.join(EXAMPLE, ".plugin")
const npm = process.platform === "win32" ? "npm.cmd" : "npm"
const INSTALL_FLAGS = ["--prefer-offline", "--no-audit", "--no-fund"]

/** Runs a command to its end (scripts/run-command.js); its output only when it fails. Resolves with its seconds. */
const run = (command, args, cwd, env = process.env) =>
  runCommand(command, args, { cwd, env }).then(({ seconds }) => seconds)

/** The newest modification time under `dir` (0 when it does not exist). */
function newest(dir) {
  if (!fs.existsSync(dir)) {
    return 0
  }
  let latest = 0
  for (const entry of fs.readdirSync(dir, {
    withFileTypes: true,
    recursive: true,
  })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath ?? entry.path, entry.name)
      latest = Math.max(latest, fs.statSync(file).mtimeMs)
    }
  }
  return latest
}

/**
 * `npm run build` when the kit was never built or its sources changed since (about 15 s on an idle
 * machine). A full `npm test` usually finds it built by the release suite's `npm pack`.
 */
async function ensurePluginBuild(log = () => {}) {
  const built = path.join(
    ROOT,
    ".medusa",
    "server",
    "src",
    "storefront",
    "react",
    "index.js"
  )
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
  const sources = ["storefront", "lib/plugin"].map((dir) =>
    newest(path.join(ROOT, "src", dir))
  )
  if (builtAt && Math.max(...sources) <= builtAt) {
    return
  }
  log(`npm run build: ${await run(npm, ["run", "build"], ROOT)} s`)
}

/**
 * Packs the built plugin (without `prepack`: ensurePluginBuild built it) and installs the tarball into the
 * example, without saving it (the example's package.json names the store's own dependencies only) and
 * without the plugin's Medusa peers (a storefront needs none of them). Skipped when that very tarball is
 * installed already.
 */
async function installPlugin(log = () => {}) {
  fs.rmSync(PACKED, { recursive: true, force: true })
  fs.mkdirSync(PACKED, { recursive: true })
  await run(
    npm,
    ["pack", "--ignore-scripts", "--pack-destination", PACKED],
    ROOT
  )
  const tarball = path.join(
    PACKED,
    fs.readdirSync(PACKED).find((f) => f.endsWith(".tgz"))
  )
  const sha = createHash("sha256")
    .update(fs.readFileSync(tarball))
    .digest("hex")
  const marker = path.join(EXAMPLE, "node_modules", ".piastrix-plugin.sha256")
  // (An `npm install` in the example since removes the package, which it does not list, and keeps the marker.)
  const installed = path.join(
    EXAMPLE,
    "node_modules",
    "medusa-payment-piastrix",
    "package.json"
  )
  if (
    fs.existsSync(installed) &&
    fs.existsSync(marker) &&
    fs.readFileSync(marker, "utf8") === sha
  ) {
    return
  }
  const seconds = await run(
    npm,
    ["install", "--no-save", "--legacy-peer-deps", ...INSTALL_FLAGS, tarball],
    EXAMPLE
  )
  fs.writeFileSync(marker, sha)
  log(`npm install <the packed plugin>: ${seconds} s`)
}

/** The example's own dependencies (`npm ci`, when it has none yet) next to the plugin's build, then the plugin. */
async function setup(log = () => {}) {
  const deps = fs.existsSync(path.join(EXAMPLE, "node_modules", "next"))
    ? Promise.resolve()
    : run(npm, ["ci", ...INSTALL_FLAGS], EXAMPLE).then((s) =>
        log(`npm ci: ${s} s`)
      )
  await Promise.all([ensurePluginBuild(log), deps])
  await installPlugin(log)
}

const nextBin = () =>
  path.join(EXAMPLE, "node_modules", "next", "dist", "bin", "next")

/** What a build is made of: the example's files and lockfile and the plugin installed in it. */
function sourceHash() {
  const hash = createHash("sha256")
  const files = ["package-lock.json", "next.config.mjs", "tsconfig.json"]
  for (const entry of fs.readdirSync(path.join(EXAMPLE, "src"), {
    withFileTypes: true,
    recursive: true,
  })) {
    if (entry.isFile()) {
      const dir = entry.parentPath ?? entry.path
      files.push(path.relative(EXAMPLE, path.join(dir, entry.name)))
    }
  }
  files.push(path.join("node_modules", ".piastrix-plugin.sha256"))
  for (const file of files.sort()) {
    hash.update(file).update(fs.readFileSync(path.join(EXAMPLE, file)))
  }
  return hash.digest("hex")
}

/** `next build` (production), with Next's telemetry off; skipped when nothing it is made of changed. */
async function build(log = () => {}) {
  const marker = path.join(EXAMPLE, ".next", "piastrix-sources.sha256")
  const sources = sourceHash()
  if (fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === sources) {
    log("next build: the build in .next is current")
    return
  }
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  }
  log(
    `next build: ${await run(process.execPath, [nextBin(), "build"], EXAMPLE, env)} s`
  )
  // After the build: `next build` may complete tsconfig.json.
  fs.writeFileSync(marker, sourceHash())
}

/**
 * `next start` on `port` against the store at `medusaUrl` with `publishableKey` (read at run time, so one
 * build serves any store). Resolves once the server answers; `close()` stops it and its children.
 */
async function start({ port, medusaUrl, publishableKey }) {
  const child = recordGroup(
    spawn(
      process.execPath,
      [nextBin(), "start", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: EXAMPLE,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          MEDUSA_BACKEND_URL: medusaUrl,
          MEDUSA_PUBLISHABLE_KEY: publishableKey,
        },
      }
    )
  )
  let output = ""
  child.stdout.on("data", (d) => (output += d))
  child.stderr.on("data", (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) {
      return
    }
    const exited = new Promise((resolve) => child.once("exit", resolve))
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  }
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`next start exited (${child.exitCode}):\n${output}`)
    }
    const answered = await fetch(`${url}/checkout`)
      .then((res) => res.status < 500)
      .catch(() => false)
    if (answered) {
      return { url, close, output: () => output }
    }
    if (Date.now() - started > 60_000) {
      await close()
      throw new Error(`next start did not answer within 60 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

module.exports = { EXAMPLE, setup, build, start }

if (require.main === module) {
  const command = process.argv[2]
  const log = (line) => process.stdout.write(`${line}\n`)
  const steps = {
    setup: () => setup(log),
    build: async () => {
      await setup(log)
      await build(log)
    },
  }
  if (!steps[command]) {
    process.stderr.write(
      "usage: node scripts/example-storefront.js setup|build\n"
    )
    process.exit(2)
  }
  steps[command]().catch((err) => {
    process.stderr.write(`${err.message}\n`)
    process.exit(1)
  })
}
