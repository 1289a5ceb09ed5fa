import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import { createServer } from "node:net"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import type { SeededStore } from "../../dev/seed"

/**
 * Medusa as a real process (`medusa develop` on the repo's medusa-config.ts, admin off), on its own
 * database of the test PostgreSQL: for suites that kill it (SIGKILL) and start it again, or run
 * several. The in-process test runner cannot be killed.
 */

const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js")

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port
      server.close(() => resolve(port))
    })
  })
}

function serverUrl(): string {
  const { DB_HOST = "localhost", DB_PORT = "5432", DB_USERNAME = "postgres", DB_PASSWORD = "" } = process.env
  return `postgres://${encodeURIComponent(DB_USERNAME)}:${encodeURIComponent(DB_PASSWORD)}@${DB_HOST}:${DB_PORT}`
}

export type MedusaStore = {
  url: string
  databaseUrl: string
  seed: SeededStore
  /** Starts (or starts again) the Medusa process and waits for /health. */
  start(): Promise<void>
  /** Kills the whole process group at once, as a crash would. */
  kill(): Promise<void>
  /** Stops everything and drops the database. */
  close(): Promise<void>
  /** The process's output so far, for a failing test to show. */
  output(): string
  /** A query on the store's database. */
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MEDUSA_CLI, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (out += d))
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`medusa ${args.join(" ")} failed (${code}):\n${out.slice(-3000)}`))
    )
  })
}

export async function startMedusaStore(options: { env: Record<string, string> }): Promise<MedusaStore> {
  const name = `piastrix_proc_${process.pid}_${Date.now().toString(36)}`
  const admin = new Client({ connectionString: `${serverUrl()}/postgres` })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()

  const databaseUrl = `${serverUrl()}/${name}`
  const port = await freePort()
  const url = `http://localhost:${port}`
  const seedOut = path.join(os.tmpdir(), `${name}-seed.json`)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "true",
    PORT: String(port),
    MEDUSA_BACKEND_URL: url,
    LOG_LEVEL: options.env.LOG_LEVEL || process.env.LOG_LEVEL || "info",
  }
  await run(["db:migrate"], env)
  await run(["exec", "./dev/seed-dev.ts"], { ...env, PIASTRIX_DEV_SEED_OUT: seedOut })
  const seed = JSON.parse(fs.readFileSync(seedOut, "utf8")) as SeededStore
  fs.rmSync(seedOut, { force: true })

  let child: ChildProcess | null = null
  let log = ""
  const db = new Client({ connectionString: databaseUrl })
  await db.connect()

  const store: MedusaStore = {
    url,
    databaseUrl,
    seed,
    async start() {
      child = spawn(process.execPath, [MEDUSA_CLI, "develop"], {
        cwd: ROOT,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      })
      child.stdout!.on("data", (d) => (log += d))
      child.stderr!.on("data", (d) => (log += d))
      const started = Date.now()
      while (Date.now() - started < 120_000) {
        if (child.exitCode !== null) {
          throw new Error(`medusa develop exited (${child.exitCode}):\n${log.slice(-3000)}`)
        }
        try {
          const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })
          if (res.ok) {
            return
          }
        } catch {}
        await new Promise((r) => setTimeout(r, 300))
      }
      throw new Error(`Medusa did not answer /health within 120 s:\n${log.slice(-3000)}`)
    },
    async kill() {
      const current = child
      if (!current || current.exitCode !== null || current.signalCode !== null) {
        return
      }
      const exited = new Promise((resolve) => current.once("exit", resolve))
      try {
        process.kill(-current.pid!, "SIGKILL")
      } catch {}
      await exited
      // `medusa develop` forks the server into the same group; wait until its port is free.
      for (let i = 0; i < 50; i++) {
        const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(500) }).then(
          () => true,
          () => false
        )
        if (!ok) {
          break
        }
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    async close() {
      await store.kill()
      await db.end().catch(() => {})
      const admin = new Client({ connectionString: `${serverUrl()}/postgres` })
      await admin.connect()
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
    output: () => log,
    async sql(text, params = []) {
      const { rows } = await db.query(text, params as unknown[])
      return rows
    },
  }
  return store
}
