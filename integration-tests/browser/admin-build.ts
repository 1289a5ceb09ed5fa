import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/**
 * The production build of Medusa's admin that the browser suite's Medusa serves at `/app`.
 *
 * With NODE_ENV other than "development", Medusa serves `<project root>/public/admin` and refuses to boot
 * when it has no index.html; `medusa build --admin-only` writes to `.medusa/admin`, so the build is copied
 * there. Building costs about 35 s and 2 GB on two cores, so it is kept until an input changes.
 */

const ROOT = path.resolve(__dirname, "..", "..")
const BUILT = path.join(ROOT, ".medusa", "admin")
const SERVED = path.join(ROOT, "public", "admin")
const FINGERPRINT_FILE = ".piastrix-admin-fingerprint"
const LOCK = path.join(ROOT, "public", ".admin-build.lock")
// A build that has not finished in this long died without releasing the lock.
const STALE_LOCK_MS = 10 * 60 * 1000

/**
 * What the build depends on: admin extensions in src/admin, the pure server files they import (the message
 * vocabulary, account masking, the statement's words, the API's types), the config's `admin` options (only the whole file can be
 * compared) and the dashboard and bundler versions.
 */
function inputFiles(): string[] {
  const files = [
    path.join(ROOT, "medusa-config.ts"),
    path.join(ROOT, "src", "lib", "plugin", "messages.ts"),
    path.join(ROOT, "src", "lib", "plugin", "mask.ts"),
    path.join(ROOT, "src", "lib", "payouts", "statement-words.ts"),
    path.join(ROOT, "src", "types", "admin-responses.ts"),
    path.join(ROOT, "node_modules", "@medusajs", "dashboard", "package.json"),
    path.join(
      ROOT,
      "node_modules",
      "@medusajs",
      "admin-bundler",
      "package.json"
    ),
  ]
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) {
      return
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        walk(full)
      } else {
        files.push(full)
      }
    }
  }
  walk(path.join(ROOT, "src", "admin"))
  return files.sort()
}

/** Content, not mtimes: a checkout or a copy changes mtimes without changing what gets built. */
export function adminFingerprint(): string {
  const hash = createHash("sha256")
  for (const file of inputFiles()) {
    hash.update(path.relative(ROOT, file)).update("\0")
    hash
      .update(fs.existsSync(file) ? fs.readFileSync(file) : "(missing)")
      .update("\0")
  }
  return hash.digest("hex")
}

function servedFingerprint(): string | null {
  const file = path.join(SERVED, FINGERPRINT_FILE)
  if (!fs.existsSync(path.join(SERVED, "index.html")) || !fs.existsSync(file)) {
    return null
  }
  return fs.readFileSync(file, "utf8").trim()
}

function runBuild(): Promise<void> {
  const cli = require.resolve("@medusajs/cli/cli.js", { paths: [ROOT] })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // "test" would make Vite bundle React's development build into the admin.
    NODE_ENV: "production",
    MEDUSA_DISABLE_TELEMETRY: "true",
    NODE_OPTIONS: "",
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build", "--admin-only"], {
      cwd: ROOT,
      env,
    })
    let output = ""
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000)
    }
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.on("error", reject)
    child.on("exit", (code, signal) => {
      const ok = code === 0 && fs.existsSync(path.join(BUILT, "index.html"))
      if (ok) {
        return resolve()
      }
      const tail = output
        // eslint-disable-next-line no-control-regex -- the build's colour codes (ESC [ ... m) are stripped
        .replace(/\u001b\[[0-9;]*m/g, "")
        .trim()
        .split("\n")
        .slice(-30)
        .join("\n")
      reject(
        new Error(
          `the admin build failed (\`npx medusa build --admin-only\`, exit ${code ?? signal}):\n${tail}`
        )
      )
    })
  })
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true })
  for (;;) {
    try {
      fs.mkdirSync(LOCK)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
        throw err
      }
      const held = fs.statSync(LOCK, { throwIfNoEntry: false })
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
        fs.rmSync(LOCK, { recursive: true, force: true })
      } else {
        await new Promise((r) => setTimeout(r, 1000))
      }
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true })
  }
}

/**
 * Makes `public/admin` hold an admin build of the current sources, building it when missing or stale.
 * Throws with the build's own output when the build fails: the admin checks are never skipped.
 */
export async function ensureAdminBuild(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)
) {
  const wanted = adminFingerprint()
  if (servedFingerprint() === wanted) {
    return { built: false }
  }
  // Another run (a parallel `npm test`) may be building the same thing: wait for it, then look again.
  return withLock(async () => {
    if (servedFingerprint() === wanted) {
      return { built: false }
    }
    const reason = fs.existsSync(path.join(SERVED, "index.html"))
      ? "older than its sources"
      : "missing"
    log(
      `[admin] public/admin is ${reason}: building the admin dashboard (npx medusa build --admin-only, about 35 s)`
    )
    const started = Date.now()
    await runBuild()
    const staging = `${SERVED}.tmp-${process.pid}`
    fs.rmSync(staging, { recursive: true, force: true })
    fs.cpSync(BUILT, staging, { recursive: true })
    fs.writeFileSync(path.join(staging, FINGERPRINT_FILE), `${wanted}\n`)
    fs.rmSync(SERVED, { recursive: true, force: true })
    fs.renameSync(staging, SERVED)
    log(
      `[admin] built in ${Math.round((Date.now() - started) / 1000)} s; Medusa serves it from public/admin at /app`
    )
    return { built: true }
  })
}
