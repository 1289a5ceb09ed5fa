import { spawn } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import { freePort } from "../helpers/medusa-process"

const { reserved, portIsFree } = require("../../scripts/ports")

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

it("keeps a port another process drew from every other process until that process ends", async () => {
  // The release suite draws its store's port, then installs and builds for minutes before listening, while
  // the other jest draws ports for its own stores: a probe alone let one of them take it.
  const script = `require(${JSON.stringify(
    path.resolve(__dirname, "../../scripts/ports.js")
  )}).freePort().then((p) => { console.log(p); setInterval(() => {}, 1000) })`
  const child = spawn(process.execPath, ["-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  })
  try {
    const drawn = Number(
      await new Promise<string>((resolve) =>
        child.stdout.once("data", (d) => resolve(String(d)))
      )
    )
    // Nothing listens on it yet, yet no other process may be handed it or the three after it.
    expect(await portIsFree(drawn)).toBe(true)
    for (let p = drawn; p < drawn + 4; p++) {
      expect(reserved(p)).toBe(true)
    }
    const ours = await Promise.all(Array.from({ length: 50 }, () => freePort()))
    expect(ours.filter((p) => Math.abs(p - drawn) < 4)).toEqual([])
  } finally {
    const ended = new Promise((resolve) => child.once("exit", resolve))
    child.kill()
    await ended
  }
})
