import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { now, ReferenceClient } from "../helpers/reference-client"

describe("piastrix-sandbox command", () => {
  const dir = mkdtempSync(join(tmpdir(), "piastrix-sandbox-cli-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("starts from a config file, takes the shop id and secret from flags, prints its address and answers", async () => {
    const configPath = join(dir, "shop.json")
    writeFileSync(
      configPath,
      JSON.stringify({
        shopId: 7,
        secret: "from-file",
        balances: { "840": { available: "12.34" } },
      })
    )
    const bin = join(__dirname, "..", "..", "..", "bin", "piastrix-sandbox.js")
    const child = spawn(
      process.execPath,
      [
        bin,
        "--port",
        "0",
        "--shop-id",
        "42",
        "--secret",
        "cli-secret",
        "--config",
        configPath,
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NODE_OPTIONS: "" },
      }
    )
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ""
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString()
          const found = /listening on (http:\/\/\S+)/.exec(out)
          if (found) {
            resolve(found[1])
          }
        })
        child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()))
        child.on("exit", (code) =>
          reject(new Error(`exited with ${code}: ${out}`))
        )
      })
      const res = await new ReferenceClient(url, 42, "cli-secret").call(
        "/shop_balance",
        { now: now() }
      )
      expect(res).toMatchObject({
        result: true,
        data: { shop_id: 42, balances: [{ currency: 840, available: 12.34 }] },
      })
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGTERM")
      await exited
    }
  }, 20_000)

  it("explains a config file it cannot read and exits non-zero", async () => {
    const bin = join(__dirname, "..", "..", "..", "bin", "piastrix-sandbox.js")
    const child = spawn(
      process.execPath,
      [bin, "--port", "0", "--config", join(dir, "missing.json")],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NODE_OPTIONS: "" },
      }
    )
    let err = ""
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()))
    const code = await new Promise<number | null>((resolve) =>
      child.once("exit", resolve)
    )
    expect(code).toBe(1)
    expect(err).toContain("missing.json")
  }, 20_000)
})
