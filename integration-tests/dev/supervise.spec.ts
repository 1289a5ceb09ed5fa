import { freePort } from "../helpers/medusa-process"

/**
 * The dev command's watchdog (scripts/supervise.js, used by `npm run dev` for Medusa), against a real child
 * process: a small HTTP server standing in for Medusa, which a test kills, freezes or keeps from starting.
 */
const { supervise } = require("../../scripts/supervise")
const { stopGroup } = require("../../scripts/dev-processes")

jest.setTimeout(60000)

/** A server answering /health on PORT; with FAIL_START it exits at once, as a Medusa that cannot boot. */
const SERVER = `
if (process.env.FAIL_START === "1") process.exit(3)
require("node:http").createServer((req, res) => res.end("OK")).listen(Number(process.env.PORT), "127.0.0.1")
`

type Supervision = { current(): { pid: number } | null; stop(): void }

async function watched(overrides: Record<string, unknown> = {}) {
  const port = await freePort()
  const lines: string[] = []
  const stops: number[] = []
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) }
  const supervision: Supervision = await supervise({
    name: "server",
    command: process.execPath,
    args: ["-e", SERVER],
    env,
    healthUrl: `http://127.0.0.1:${port}/health`,
    log: (line: string) => lines.push(line),
    isStopping: () => stops.length > 0,
    stopAll: async (code: number) => {
      stops.push(code)
    },
    everyMs: 100,
    misses: 3,
    maxRestarts: 2,
    windowMs: 60_000,
    startTimeoutMs: 5000,
    quiet: true,
    ...overrides,
  })
  return { supervision, lines, stops, env, port }
}

async function until(
  what: string,
  probe: () => boolean | Promise<boolean>,
  timeoutMs = 20000
) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await probe()) {
      return
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${what} within ${timeoutMs} ms`)
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/health`, {
    signal: AbortSignal.timeout(500),
  }).then(
    (r) => r.ok,
    () => false
  )

describe("the dev command's watchdog", () => {
  let current: Supervision | undefined

  afterEach(async () => {
    current?.stop()
    const child = current?.current()
    if (child) {
      await stopGroup(child, 1000)
    }
    current = undefined
  })

  it("restarts a server that exited, and says so", async () => {
    const { supervision, lines, port } = await watched()
    current = supervision
    const first = supervision.current()!.pid
    process.kill(-first, "SIGKILL")
    await until("no restart", () => lines.includes("server is back"))
    expect(lines).toEqual([
      "starting server",
      "server exited (null); restarting it",
      "starting server",
      "server is back",
    ])
    expect(supervision.current()!.pid).not.toBe(first)
    expect(await answers(port)).toBe(true)
  })

  it("restarts a server that is alive but stopped answering", async () => {
    const { supervision, lines, port } = await watched()
    current = supervision
    const first = supervision.current()!.pid
    process.kill(first, "SIGSTOP")
    await until("no restart", () => lines.includes("server is back"))
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^server stopped answering .*\/health; restarting it$/
        ),
      ])
    )
    expect(supervision.current()!.pid).not.toBe(first)
    expect(await answers(port)).toBe(true)
  })

  it("stops everything, saying why, once the server keeps dying", async () => {
    const { supervision, lines, stops, env } = await watched()
    current = supervision
    env.FAIL_START = "1" // from now on every start fails, as a Medusa that crashes at boot
    process.kill(-supervision.current()!.pid, "SIGKILL")
    await until("it never gave up", () => stops.length > 0)
    expect(stops).toEqual([1])
    expect(lines[lines.length - 1]).toMatch(
      /it was restarted 2 times in 1 minutes, so everything stops$/
    )
  })
})
