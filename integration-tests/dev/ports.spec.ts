import fs from "node:fs"
import net from "node:net"
import { freePort } from "../helpers/medusa-process"

/**
 * The ports the scripts and suites give their servers (scripts/ports.js). A server often listens long
 * after its port was chosen (the dev command's worker, after migrations and two servers); a port from the
 * kernel's ephemeral range could be taken by any outgoing connection meanwhile, and the server would fail
 * with EADDRINUSE.
 */
const ephemeralStart = Number(
  fs
    .readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
    .trim()
    .split(/\s+/)[0]
)

it("never hands out a port outgoing connections may use, and leaves room for the dev command's block of four", async () => {
  const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()))
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20000)
    expect(port + 3).toBeLessThan(ephemeralStart)
  }
  // Drawn at random, so two suites asking at once rarely get the same one.
  expect(new Set(ports).size).toBeGreaterThan(45)
  // And a server can listen on it, on every address as Medusa does.
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(ports[0], resolve))
  await new Promise((resolve) => server.close(resolve))
})
