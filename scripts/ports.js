// A free TCP port on this machine, for servers the scripts and the suites start (Redis, Medusa instances,
// the sandbox).
//
// Never one the kernel hands out to outgoing connections (its ephemeral range, 32768-60999 on Linux): a port
// chosen now is often listened on much later (the dev command's worker starts after migrations, seeding and
// two servers), and meanwhile any connection to Postgres or Redis could take it as its local port. A worker
// then failed with EADDRINUSE in CI. So the port is drawn at random below that range and probed.
const fs = require("node:fs")
const net = require("node:net")

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
    if (await portIsFree(port)) {
      return port
    }
  }
  throw new Error(
    `no free TCP port between ${LOWEST} and ${highest} after 100 tries`
  )
}

module.exports = { freePort, portIsFree }
