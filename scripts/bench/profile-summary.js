#!/usr/bin/env node
// Where a store's CPU went, from a V8 CPU profile (`BENCH_CPU_PROF=<dir> npm run bench -- --only <figure>`):
//   node scripts/bench/profile-summary.js <file.cpuprofile> [--around <function>] [--from s --to s] [--top 15]
// --around keeps the samples from the first to the last one with that function on the stack (the load a
// figure put on the store, not its boot); --from and --to keep those between two times, in seconds from the
// profile's start (--seconds prints, per second, the time under the callback route and under GET /health, to
// find a figure's phases). Prints the time by owner (the plugin's source, Medusa, the
// database drivers, other packages, Node itself, the garbage collector, idle), the time under the plugin's
// callback route and its processing, and the functions with the most time of their own.
const fs = require("node:fs")
const path = require("node:path")
const { parseArgs } = require("node:util")

const ROOT = path.resolve(__dirname, "..", "..")
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    around: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    seconds: { type: "boolean", default: false },
    top: { type: "string" },
  },
})
if (positionals.length !== 1) {
  process.stderr.write(
    "usage: profile-summary.js <file.cpuprofile> [--around <function>] [--top N]\n"
  )
  process.exit(2)
}
const profile = JSON.parse(fs.readFileSync(positionals[0], "utf8"))
const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) {
  for (const child of n.children ?? []) {
    parent.set(child, n.id)
  }
}
/** The function names on a node's stack, the node's own first. */
const stackOf = (id) => {
  const names = []
  for (let at = id; at !== undefined; at = parent.get(at)) {
    names.push(nodes.get(at).callFrame.functionName)
  }
  return names
}

const ms = (us) => Math.round(us / 1000)

// Each sample's time is the delta to the next one.
let clock = 0
const samples = profile.samples.map((id, i) => {
  clock += profile.timeDeltas[i]
  return { id, at: clock, us: profile.timeDeltas[i + 1] ?? 0 }
})
let window = samples
if (args.from !== undefined || args.to !== undefined) {
  const from = Number(args.from ?? 0) * 1e6
  const to = args.to === undefined ? Infinity : Number(args.to) * 1e6
  window = window.filter((s) => s.at >= from && s.at < to)
}
if (args.seconds) {
  // Medusa's GET /health handler is an anonymous function of its start command.
  const isHealth = (f) => /commands\/start\.js$/.test(f.url) && !f.functionName
  const perSecond = new Map()
  for (const s of window) {
    const second = Math.floor(s.at / 1e6)
    const row = perSecond.get(second) ?? { route: 0, health: 0, busy: 0 }
    const frames = []
    for (let at = s.id; at !== undefined; at = parent.get(at)) {
      frames.push(nodes.get(at).callFrame)
    }
    if (frames.some((f) => f.functionName === "receivePiastrixCallback")) {
      row.route += s.us
    }
    if (frames.some(isHealth)) {
      row.health += s.us
    }
    if (frames[0].functionName !== "(idle)") {
      row.busy += s.us
    }
    perSecond.set(second, row)
  }
  for (const [second, row] of perSecond) {
    process.stdout.write(
      `${second} s: busy ${ms(row.busy)} ms, callback route ${ms(row.route)} ms, /health ${ms(row.health)} ms\n`
    )
  }
  process.exit(0)
}
if (args.around) {
  const hits = samples.filter((s) => stackOf(s.id).includes(args.around))
  if (!hits.length) {
    process.stderr.write(`no sample has ${args.around} on its stack\n`)
    process.exit(1)
  }
  window = samples.filter(
    (s) => s.at >= hits[0].at && s.at <= hits[hits.length - 1].at
  )
}

function ownerOf(callFrame) {
  const { url, functionName } = callFrame
  if (functionName === "(garbage collector)") return "garbage collector"
  if (functionName === "(idle)") return "idle"
  if (functionName === "(program)") return "V8 (program)"
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (match) {
    const pkg = match[1]
    if (pkg.startsWith("@medusajs/")) return "Medusa (@medusajs/*)"
    if (/^(@mikro-orm\/.*|knex|pg|pg-protocol|pg-pool)$/.test(pkg)) {
      return "database drivers and ORM (MikroORM, knex, pg)"
    }
    if (/^(express|body-parser|router|raw-body|morgan|cors)$/.test(pkg)) {
      return "Express and body parsing"
    }
    return "other packages"
  }
  // From source (src/) or built (.medusa/server/src/, the bench's store unless BENCH_FROM_SOURCE=1).
  const file = url.replace(/^file:\/\//, "")
  if (
    file.startsWith(`${ROOT}/src/`) ||
    file.startsWith(`${ROOT}/.medusa/server/src/`)
  ) {
    return "the plugin (src/)"
  }
  return "Node itself (http, streams, crypto, ...)"
}

const total = window.reduce((sum, s) => sum + s.us, 0)
const pct = (us) => `${((100 * us) / total).toFixed(1)} %`
const byOwner = new Map()
const byFunction = new Map()
const under = new Map()
const WATCHED = [
  "receivePiastrixCallback",
  "verifyCallback",
  "recordNotification",
  "runNotificationProcessing",
]
for (const s of window) {
  const node = nodes.get(s.id)
  const owner = ownerOf(node.callFrame)
  byOwner.set(owner, (byOwner.get(owner) ?? 0) + s.us)
  const { functionName, url, lineNumber } = node.callFrame
  const key = `${functionName || "(anonymous)"} ${url
    .replace(/^.*node_modules\//, "")
    .replace(`file://${ROOT}/`, "")
    .replace(`${ROOT}/`, "")}:${lineNumber + 1}`
  byFunction.set(key, (byFunction.get(key) ?? 0) + s.us)
  const stack = new Set(stackOf(s.id))
  for (const name of WATCHED) {
    if (stack.has(name)) {
      under.set(name, (under.get(name) ?? 0) + s.us)
    }
  }
}
const idle = byOwner.get("idle") ?? 0
process.stdout.write(
  `${path.basename(positionals[0])}: ${ms(total)} ms sampled${args.around ? ` around ${args.around}` : ""}, ${ms(total - idle)} ms busy\n\nby owner (own time):\n`
)
for (const [owner, us] of [...byOwner].sort((a, b) => b[1] - a[1])) {
  process.stdout.write(`  ${pct(us).padStart(7)}  ${ms(us)} ms  ${owner}\n`)
}
process.stdout.write(
  "\nunder the plugin's callback path (time with it on the stack):\n"
)
for (const name of WATCHED) {
  const us = under.get(name) ?? 0
  process.stdout.write(`  ${pct(us).padStart(7)}  ${ms(us)} ms  ${name}\n`)
}
process.stdout.write(`\nmost own time:\n`)
for (const [key, us] of [...byFunction]
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(args.top ?? 15))) {
  process.stdout.write(`  ${pct(us).padStart(7)}  ${ms(us)} ms  ${key}\n`)
}
