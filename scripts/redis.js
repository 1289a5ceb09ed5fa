// Redis for the store laid out as in production (`npm run dev -- --scale`) and for the suites that run
// several Medusa instances (integration-tests/scale). Order of preference:
//   1. REDIS_URL: used as given, nothing is started.
//   2. Debian's `redis-server` (REDIS_SERVER_PATH to use another binary), started here on its own port,
//      without persistence, and stopped by `stop()`. Installed with apt-get when we are root; otherwise
//      the exact package to install is named.
const fs = require("node:fs")
const net = require("node:net")
const os = require("node:os")
const path = require("node:path")
const { spawn, execFileSync } = require("node:child_process")
const { freePort } = require("./ports")
const { recordGroup } = require("./process-groups")

const REDIS_SERVER = process.env.REDIS_SERVER_PATH || "/usr/bin/redis-server"

function log(message) {
  process.stderr.write(`[redis] ${message}\n`)
}

function hasScaleSuites(
  dir = path.resolve(__dirname, "..", "integration-tests", "scale")
) {
  return (
    fs.existsSync(dir) &&
    fs.readdirSync(dir).some((name) => /\.spec\.[jt]s$/.test(name))
  )
}

/** The path of `redis-server`, installing Debian's package when we can. */
function ensureRedisServer({ required = true } = {}) {
  if (fs.existsSync(REDIS_SERVER)) {
    process.env.REDIS_SERVER_PATH = REDIS_SERVER
    return REDIS_SERVER
  }
  if (!required && !hasScaleSuites()) {
    return null
  }
  const isRoot = process.getuid && process.getuid() === 0
  if (!isRoot) {
    throw new Error(
      "Redis is needed: run `sudo apt-get install -y redis-server` (or set REDIS_URL or REDIS_SERVER_PATH)"
    )
  }
  log("installing Debian's redis-server with apt-get (once per machine)")
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore", env })
  execFileSync(
    "apt-get",
    ["install", "-y", "-qq", "--no-install-recommends", "redis-server"],
    { stdio: "ignore", env }
  )
  process.env.REDIS_SERVER_PATH = REDIS_SERVER
  return REDIS_SERVER
}

/** Sends PING; resolves true on +PONG. */
function ping(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host })
    let answer = ""
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once("error", () => done(false))
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.on("data", (chunk) => {
      answer += chunk
      if (answer.includes("\r\n")) {
        done(answer.startsWith("+PONG"))
      }
    })
  })
}

/**
 * Starts a private redis-server on `port` (a free one when not given), keeping nothing on disk.
 * Returns its URL and `stop()`.
 */
async function startRedis({ port } = {}) {
  const binary = ensureRedisServer()
  const chosen = port || (await freePort())
  if (await ping(chosen)) {
    throw new Error(
      `port ${chosen} already answers as a Redis server; stop it, or set REDIS_URL to use it`
    )
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "piastrix-redis-"))
  const child = recordGroup(
    spawn(
      binary,
      [
        "--port",
        String(chosen),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        dir,
        "--daemonize",
        "no",
      ],
      { stdio: ["ignore", "pipe", "pipe"], detached: true }
    )
  )
  let output = ""
  child.stdout.on("data", (d) => (output += d))
  child.stderr.on("data", (d) => (output += d))
  const started = Date.now()
  while (!(await ping(chosen))) {
    if (child.exitCode !== null || Date.now() - started > 15000) {
      child.kill("SIGKILL")
      throw new Error(
        `redis-server did not start on port ${chosen}:\n${output.slice(-2000)}`
      )
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve))
        child.kill("SIGTERM")
        const timer = new Promise((resolve) =>
          setTimeout(resolve, 5000, "timeout")
        )
        if ((await Promise.race([exited, timer])) === "timeout") {
          child.kill("SIGKILL")
          await exited
        }
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** REDIS_URL when given, else a private redis-server (see startRedis). */
async function ensureRedis({ port } = {}) {
  if (process.env.REDIS_URL) {
    return { url: process.env.REDIS_URL, stop: async () => {} }
  }
  return startRedis({ port })
}

module.exports = { ensureRedis, ensureRedisServer, startRedis, ping }
