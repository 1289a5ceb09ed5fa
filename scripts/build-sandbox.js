#!/usr/bin/env node
// The sandbox's part of `npm run build`: compiles sandbox/ into .medusa/sandbox (sandbox/README.md,
// "How it ships"), from scratch so a deleted source file leaves no stale module in the package.
const path = require("node:path")
const { rmSync } = require("node:fs")
const { spawnSync } = require("node:child_process")

const root = path.resolve(__dirname, "..")
rmSync(path.join(root, ".medusa", "sandbox"), { recursive: true, force: true })
const tsc = require.resolve("typescript/bin/tsc")
const result = spawnSync(
  process.execPath,
  [tsc, "-p", path.join(root, "sandbox", "tsconfig.json")],
  { stdio: "inherit" }
)
process.exit(result.status ?? 1)
