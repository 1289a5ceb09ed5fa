// A free TCP port on this machine, for servers the scripts and the suites start (Redis, Medusa instances,
// the sandbox).
//
// Never one the kernel hands out to outgoing connections (its ephemeral range, 32768-60999 on Linux): a port
// chosen now is often listened on much later (the dev command's worker starts after migrations, seeding and
// two servers), and meanwhile any connection to Postgres or Redis could take it as its local port. A worker
// then failed with EADDRINUSE in CI. So the port is drawn at random below that range and probed.
//
// A probe alone does not keep a port: the release suite chooses its store's port, then installs and builds
// for minutes before it listens, while the suites in the other jest draw ports of their own. One of them took
// it (EADDRINUSE in a full run). So every port handed out is also reserved, across processes, by a file named
// after it in RESERVATIONS holding the pid that drew it; a reservation whose process has ended is free again.
const fs = require("node:fs")
const net = require("node:net")
const os = require("node:os")
const path = require("node:path")

const RESERVATIONS = path.join(os.tmpdir(), "piastrix-ports")

/** The first port outgoing connections may use (Linux's file, else the IANA range macOS uses). */
function ephemeralStart() {
  try {
    const [low] = fs
      .readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number)
    if (Number.isInteger(low)) {
      return low
    }
  } catch {}
  return 49152
}

/** Whether nothing listens on `port` now (on 127.0.0.1, which a server on every address would hold too). */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

/** Any port the kernel picks: only where no range below the ephemeral one is left. */
function anyPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Whether a live process has reserved `port`, this one included: a jest process runs many suites one after
 * another, and a port one of them was given is never handed out again while the process lives.
 */
function reserved(port) {
  let pid
  try {
    pid = Number(fs.readFileSync(path.join(RESERVATIONS, String(port)), "utf8"))
  } catch {
    return false
  }
  if (!Number.isInteger(pid)) {
    return false
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return e.code === "EPERM"
  }
}

/**
 * Reserves the block at `port` for this process, unless a live process holds any of it. Creating each file
 * with "wx" makes two processes racing for one port see each other; a stale file (its process ended) is
 * replaced, and read back so that of two processes replacing it at once only the last writer keeps it.
 */
function reserve(port) {
  fs.mkdirSync(RESERVATIONS, { recursive: true })
  const mine = []
  const release = () => {
    mine.forEach((file) => fs.rmSync(file, { force: true }))
    return false
  }
  for (let p = port; p < port + BLOCK; p++) {
    const file = path.join(RESERVATIONS, String(p))
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" })
    } catch (e) {
      if (e.code !== "EEXIST" || reserved(p)) {
        return release()
      }
      fs.writeFileSync(file, String(process.pid))
      if (fs.readFileSync(file, "utf8") !== String(process.pid)) {
        return release()
      }
    }
    mine.push(file)
  }
  return true
}

// Below 20000 sit the ports people run things on (Postgres, Redis, Medusa's 9000, the demo's 8000).
const LOWEST = 20000
// Room for a block: the dev command's scale layout listens on a port and the three after it.
const BLOCK = 4

async function freePort() {
  const highest = ephemeralStart() - BLOCK
  if (highest <= LOWEST) {
    return anyPort()
  }
  for (let tries = 0; tries < 100; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST))
    if (!reserved(port) && (await portIsFree(port)) && reserve(port)) {
      return port
    }
  }
  throw new Error(
    `no free TCP port between ${LOWEST} and ${highest} after 100 tries`
  )
}

module.exports = { freePort, portIsFree, reserved }
