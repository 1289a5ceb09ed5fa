import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import type { SeededStore } from "../../dev/seed"

/**
 * Medusa as a real process (`medusa start` on the repo's medusa-config.ts, admin off), on its own
 * database of the test PostgreSQL: for suites that kill it (SIGKILL) and start it again, or run
 * several. The in-process test runner cannot be killed.
 *
 * Not `medusa develop` for a suite: it restarts its server whenever a file changes anywhere in the
 * repo outside node_modules, dotfiles, dist, static, private and src/admin (its chokidar watcher). The
 * suites that run next to it write test-results/ (screenshots, the process jest's own log) and
 * public/admin, and each write would drop the requests in flight (a `read ECONNRESET` in CI).
 */

const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js")

/** A free TCP port (scripts/ports.js, shared with the scripts that start servers). */
export const freePort: () => Promise<number> =
  require("../../scripts/ports").freePort

/** Records a detached child for `npm test` to kill if the run is stopped first (scripts/process-groups.js). */
export const recordGroup: <T extends ChildProcess>(child: T) => T =
  require("../../scripts/process-groups").recordGroup

/**
 * Runs a command to its end with its output kept (scripts/run-command.js, shared with the scripts): resolves
 * with the output and the seconds it took; rejects with the output's last lines unless it exits with 0.
 */
export const runCommand: (
  command: string,
  args: string[],
  options: {
    cwd: string
    env?: NodeJS.ProcessEnv
    label?: string
    tail?: number
    onExit?: (code: number | null, seconds: number) => void
  }
) => Promise<{ output: string; seconds: number }> =
  require("../../scripts/run-command").runCommand

/** The test Postgres server's address (DB_* as scripts/postgres.js sets them), without a database. */
export function serverUrl(): string {
  const {
    DB_HOST = "localhost",
    DB_PORT = "5432",
    DB_USERNAME = "postgres",
    DB_PASSWORD = "",
  } = process.env
  return `postgres://${encodeURIComponent(DB_USERNAME)}:${encodeURIComponent(DB_PASSWORD)}@${DB_HOST}:${DB_PORT}`
}

export type MedusaStore = {
  url: string
  /** Its connections' `application_name` in Postgres. */
  name: string
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
  return runCommand(process.execPath, [MEDUSA_CLI, ...args], {
    cwd: ROOT,
    env,
    label: `medusa ${args.join(" ")}`,
    tail: 3000,
  }).then(() => undefined)
}

/** A database of its own on the test PostgreSQL, migrated and seeded with the demo store. */
export type StoreDatabase = {
  databaseUrl: string
  seed: SeededStore
  /** A query on the store's database. */
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>
  /** Closes the connection and drops the database. */
  drop(): Promise<void>
}

export async function createStoreDatabase(options: {
  env: Record<string, string>
}): Promise<StoreDatabase> {
  const name = `piastrix_proc_${process.pid}_${Date.now().toString(36)}`
  const admin = new Client({ connectionString: `${serverUrl()}/postgres` })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()

  const databaseUrl = `${serverUrl()}/${name}`
  const seedOut = path.join(os.tmpdir(), `${name}-seed.json`)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
  }
  await run(["db:migrate"], env)
  await run(["exec", "./dev/seed-dev.ts"], {
    ...env,
    PIASTRIX_DEV_SEED_OUT: seedOut,
  })
  const seed = JSON.parse(fs.readFileSync(seedOut, "utf8")) as SeededStore
  fs.rmSync(seedOut, { force: true })

  const db = new Client({ connectionString: databaseUrl })
  await db.connect()
  return {
    databaseUrl,
    seed,
    async sql(text, params = []) {
      const { rows } = await db.query(text, params as unknown[])
      return rows
    },
    async drop() {
      await db.end().catch(() => {})
      const admin = new Client({ connectionString: `${serverUrl()}/postgres` })
      await admin.connect()
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}

/** One Medusa process on a store's database. */
export type MedusaInstance = {
  url: string
  /** Its connections' `application_name` in Postgres: a test tells which process a backend serves. */
  name: string
  /** Starts (or starts again) the process and waits for /health. */
  start(): Promise<void>
  /** Kills the whole process group at once, as a crash would. */
  kill(): Promise<void>
  /** The process's output so far, for a failing test to show. */
  output(): string
}

/**
 * A Medusa process: `medusa start` in production mode, in the given worker mode (`server`, `worker` or
 * `shared`), admin off.
 */
export async function medusaInstance(options: {
  databaseUrl: string
  env: Record<string, string>
  workerMode?: "shared" | "server" | "worker"
  port?: number
}): Promise<MedusaInstance> {
  const port = options.port ?? (await freePort())
  const url = `http://localhost:${port}`
  const name = `medusa-${options.workerMode ?? "shared"}-${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MEDUSA_BACKEND_URL: url,
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    NODE_ENV: "production",
    MEDUSA_WORKER_MODE: options.workerMode ?? "shared",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "true",
    PORT: String(port),
    LOG_LEVEL: options.env.LOG_LEVEL || process.env.LOG_LEVEL || "info",
    // node-postgres reads both: each backend names its process, and a backend whose process was killed
    // ends within a second even while it waits on a lock (Postgres checks the client is still there).
    PGAPPNAME: name,
    PGOPTIONS: "-c client_connection_check_interval=1000",
  }
  let child: ChildProcess | null = null
  let log = ""
  const instance: MedusaInstance = {
    url,
    name,
    async start() {
      child = recordGroup(
        spawn(process.execPath, [MEDUSA_CLI, "start"], {
          cwd: ROOT,
          env,
          detached: true,
          stdio: ["ignore", "pipe", "pipe"],
        })
      )
      child.stdout!.on("data", (d) => (log += d))
      child.stderr!.on("data", (d) => (log += d))
      const started = Date.now()
      while (Date.now() - started < 180_000) {
        if (child.exitCode !== null) {
          throw new Error(
            `medusa start exited (${child.exitCode}):\n${log.slice(-3000)}`
          )
        }
        try {
          const res = await fetch(`${url}/health`, {
            signal: AbortSignal.timeout(2000),
          })
          if (res.ok) {
            return
          }
        } catch {}
        await new Promise((r) => setTimeout(r, 300))
      }
      throw new Error(
        `Medusa did not answer /health within 180 s:\n${log.slice(-3000)}`
      )
    },
    async kill() {
      const current = child
      if (
        !current ||
        current.exitCode !== null ||
        current.signalCode !== null
      ) {
        return
      }
      const exited = new Promise((resolve) => current.once("exit", resolve))
      try {
        process.kill(-current.pid!, "SIGKILL")
      } catch {}
      await exited
      // The whole process group is gone; wait until the port is free.
      for (let i = 0; i < 50; i++) {
        const ok = await fetch(`${url}/health`, {
          signal: AbortSignal.timeout(500),
        }).then(
          () => true,
          () => false
        )
        if (!ok) {
          break
        }
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    output: () => log,
  }
  return instance
}

export async function startMedusaStore(options: {
  env: Record<string, string>
}): Promise<MedusaStore> {
  const database = await createStoreDatabase(options)
  const instance = await medusaInstance({
    databaseUrl: database.databaseUrl,
    env: options.env,
  })
  return {
    url: instance.url,
    name: instance.name,
    databaseUrl: database.databaseUrl,
    seed: database.seed,
    start: instance.start,
    kill: instance.kill,
    async close() {
      await instance.kill()
      await database.drop()
    },
    output: instance.output,
    sql: database.sql,
  }
}
