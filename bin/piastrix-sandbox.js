#!/usr/bin/env node
// Starts the sandbox (sandbox/README.md). In this repository the TypeScript source runs through ts-node
// (transpile only), so a stale build never hides an edit; the published package has no sources and runs
// the CLI `npm run build` compiled into `.medusa/sandbox`.
const { existsSync } = require("node:fs")
const { join } = require("node:path")

const root = join(__dirname, "..")
const source = join(root, "sandbox", "src", "cli.ts")
const compiled = join(root, ".medusa", "sandbox", "sandbox", "src", "cli.js")

function canTranspile() {
  try {
    require.resolve("ts-node")
    return true
  } catch {
    return false
  }
}

let cli
if (existsSync(source) && canTranspile()) {
  require("ts-node").register({
    transpileOnly: true,
    swc: true,
    project: join(root, "sandbox", "tsconfig.json"),
  })
  cli = require(source)
} else if (existsSync(compiled)) {
  cli = require(compiled)
} else {
  process.stderr.write(
    "piastrix-sandbox: no compiled sandbox found; run `npm run build` or install ts-node\n"
  )
  process.exit(1)
}

cli.main().catch((error) => {
  process.stderr.write(`piastrix-sandbox: ${error.message}\n`)
  process.exit(1)
})
