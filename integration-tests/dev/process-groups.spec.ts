import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

/**
 * Ctrl-C on `npm test` (scripts/test.js) stops what the suites started in process groups of their own
 * (scripts/process-groups.js). It once left many-instances' Medusa processes and their Redis running, one
 * of them taking most of a core for an hour, and every figure after it was measured on a busy machine.
 */
const ROOT = path.resolve(__dirname, "../..")

/** Whether `pid` runs (a killed process its parent has not reaped yet, a zombie, does not). */
const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z"
  } catch {
    return false
  }
}

it("stops a server a suite started in its own process group when the run is interrupted", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "piastrix-groups-test-"))
  const pidFile = path.join(dir, "server.pid")
  const run = spawn(
    process.execPath,
    [
      "scripts/test.js",
      "--testMatch",
      "<rootDir>/integration-tests/dev/fixtures/leaves-a-server.fixture.js",
    ],
    {
      cwd: ROOT,
      env: { ...process.env, FIXTURE_PID_FILE: pidFile },
      stdio: ["ignore", "pipe", "pipe"],
    }
  )
  let output = ""
  run.stdout.on("data", (d) => (output += d))
  run.stderr.on("data", (d) => (output += d))
  const exited = new Promise((resolve) => run.once("exit", resolve))
  let server = 0
  try {
    const started = Date.now()
    while (!fs.existsSync(pidFile) || !fs.readFileSync(pidFile, "utf8")) {
      if (Date.now() - started > 60_000) {
        throw new Error(`the fixture's server never started:\n${output}`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    server = Number(fs.readFileSync(pidFile, "utf8"))
    expect(alive(server)).toBe(true)

    run.kill("SIGINT")
    await exited

    expect(alive(server)).toBe(false)
  } finally {
    run.kill("SIGKILL")
    if (server && alive(server)) {
      process.kill(server, "SIGKILL")
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
