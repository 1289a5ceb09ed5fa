#!/usr/bin/env node
// Request rate of the sandbox for signed status calls (/invoice/check): starts the sandbox in its
// own process, creates one payment, pre-signs one status body and runs autocannon on 127.0.0.1.
// Usage: node scripts/sandbox-load.js [--duration 10] [--connections 50]
const { spawn } = require("node:child_process")
const { createHash } = require("node:crypto")
const { join } = require("node:path")
const { parseArgs } = require("node:util")
const autocannon = require("autocannon")

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
  },
})
const SHOP_ID = 1
const SECRET = "load-secret"

// The signature rule, written out here so the figure does not depend on the code under test.
function sign(fields, keys) {
  const joined = [...keys]
    .sort()
    .map((k) => String(fields[k]))
    .join(":")
  return createHash("sha256")
    .update(joined + SECRET, "utf8")
    .digest("hex")
}

function startSandbox() {
  const bin = join(__dirname, "..", "bin", "piastrix-sandbox.js")
  const child = spawn(
    process.execPath,
    [bin, "--port", "0", "--shop-id", String(SHOP_ID), "--secret", SECRET],
    {
      stdio: ["ignore", "pipe", "inherit"],
    }
  )
  return new Promise((resolve, reject) => {
    let out = ""
    child.stdout.on("data", (chunk) => {
      out += chunk
      const found = /listening on (http:\/\/\S+)/.exec(out)
      if (found) resolve({ child, url: found[1] })
    })
    child.on("exit", (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
}

async function post(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  return res.json()
}

async function main() {
  const { child, url } = await startSandbox()
  try {
    const invoice = {
      shop_id: SHOP_ID,
      amount: "100.00",
      currency: 643,
      payway: "card_rub",
      shop_order_id: "load-1",
      email: "load@example.com",
    }
    invoice.sign = sign(invoice, [
      "shop_id",
      "amount",
      "currency",
      "payway",
      "shop_order_id",
    ])
    const created = await post(`${url}/invoice/create`, invoice)
    if (!created.result) throw new Error(`create failed: ${created.message}`)
    const check = {
      now: "2026-01-01 00:00:00",
      shop_id: SHOP_ID,
      shop_order_id: "load-1",
    }
    check.sign = sign(check, ["now", "shop_id", "shop_order_id"])
    const probe = await post(`${url}/invoice/check`, check)
    if (!probe.result) throw new Error(`status failed: ${probe.message}`)

    const result = await autocannon({
      url: `${url}/invoice/check`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(check),
      connections: Number(values.connections),
      duration: Number(values.duration),
    })
    const ok = result["2xx"]
    process.stdout.write(
      `sandbox /invoice/check (signed): ${Math.round(result.requests.average)} requests/s average, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${ok} ok, ${result.non2xx} non-2xx, ` +
        `${result.errors} errors, ${values.connections} connections, ${values.duration} s\n`
    )
  } finally {
    child.kill("SIGTERM")
  }
}

main().catch((error) => {
  process.stderr.write(`sandbox-load: ${error.message}\n`)
  process.exit(1)
})
