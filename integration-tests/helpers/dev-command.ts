import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { recordGroup } from "./medusa-process"

/**
 * `npm run dev` (scripts/dev.js) as a person starts it, for the suites that follow the quickstart
 * (dev-command.spec.ts, walkthrough.browser.spec.ts): its own process group, on the ports and database
 * the suite gives, with the store's database in the test run's Postgres (DATABASE_URL) and everything
 * else the command's own (no service, Redis or backend address of the test run leaks in).
 */

const ROOT = path.resolve(__dirname, "..", "..")

export type DevCommand = {
  process: ChildProcess
  /** What the command printed so far, stdout and stderr together. */
  readonly output: string
  /**
   * Polls `read` once a second until it gives a value; a read that throws counts as none. Fails naming
   * `what` and the command's last lines at the timeout, and at once when the command has exited and
   * `read` still gives nothing (a wait for the exit itself reads it, so it ends there).
   */
  eventually<T>(
    what: string,
    read: () => Promise<T | undefined>,
    timeoutMs: number
  ): Promise<T>
  /** Ctrl-C as a person would, if it still runs; then nothing of the command's group stays. */
  stop(): Promise<void>
}

/** Starts `scripts/dev.js` with `args`, its environment the test run's with `env` over it. */
export function startDevCommand(
  args: string[],
  env: Record<string, string>
): DevCommand {
  const child = recordGroup(
    spawn(process.execPath, ["scripts/dev.js", ...args], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        PIASTRIX_API_URL: "",
        PIASTRIX_H2H_URL: "",
        REDIS_URL: "",
        MEDUSA_BACKEND_URL: "",
        MEDUSA_ADMIN_EMAIL: "admin@example.com",
        MEDUSA_ADMIN_PASSWORD: "supersecret",
        ...env,
      },
    })
  )
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  // Closed: exited, and all it printed read (its output can arrive after the exit event).
  let closed = false
  child.once("close", () => (closed = true))
  const running = () => child.exitCode === null && child.signalCode === null
  const said = () => `\n--- npm run dev said:\n${output.slice(-3000)}`

  return {
    process: child,
    get output() {
      return output
    },
    async eventually(what, read, timeoutMs) {
      const until = Date.now() + timeoutMs
      let failure: unknown
      for (;;) {
        const value = await read().catch((error) => {
          failure = error
          return undefined
        })
        if (value !== undefined) {
          return value
        }
        if (closed) {
          throw new Error(
            `npm run dev exited (${child.exitCode ?? child.signalCode}) while waiting for ${what}${said()}`
          )
        }
        if (Date.now() > until) {
          const last = failure === undefined ? "" : ` (last: ${failure})`
          throw new Error(`timed out waiting for ${what}${last}${said()}`)
        }
        await new Promise((r) => setTimeout(r, 1000))
      }
    },
    async stop() {
      if (running()) {
        const exited = new Promise((resolve) => child.once("exit", resolve))
        process.kill(-child.pid!, "SIGINT")
        await Promise.race([exited, new Promise((r) => setTimeout(r, 60000))])
        try {
          process.kill(-child.pid!, "SIGKILL")
        } catch {
          // already gone
        }
      }
      // The admin's dependency cache of this run's store (scripts/dev.js, ADMIN_CACHE_DIR), tens of MB.
      if (env.MEDUSA_DB_NAME) {
        fs.rmSync(path.join(ROOT, ".tmp", `admin-vite-${env.MEDUSA_DB_NAME}`), {
          recursive: true,
          force: true,
        })
      }
    },
  }
}
