#!/usr/bin/env node
// Where two heap snapshots differ (the memory figure's BENCH_HEAP_SNAPSHOT: the store with the plugin and the
// one without, docs/benchmarks.md#memory-where-it-went): self size by kind of node (code, strings, objects,
// ...), by constructor or name within a kind, and the code by where it was loaded from (each function's
// script: the plugin's src, a package of node_modules, Node itself), the first snapshot's minus the second's.
//   node --max-old-space-size=8192 scripts/bench/heap-summary.js <with.heapsnapshot> <without.heapsnapshot> [--top 30]
const fs = require("node:fs")
const path = require("node:path")
const { parseArgs } = require("node:util")

const ROOT = path.resolve(__dirname, "..", "..")

/** Where a script came from: the plugin's own source, a package (by name), Node's own, or other. */
function originOf(file) {
  if (!file) {
    return "(no script)"
  }
  const modules = file.lastIndexOf("node_modules/")
  if (modules >= 0) {
    const rest = file.slice(modules + "node_modules/".length).split("/")
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (file.startsWith("node:") || !file.includes("/")) {
    return "(node)"
  }
  const inRepo = file.includes("/src/")
    ? file.slice(file.indexOf("/src/") + 1)
    : file
  return inRepo.startsWith("src/")
    ? `plugin ${inRepo.split("/").slice(0, 3).join("/")}`
    : path.relative(ROOT, file)
}

function summarize(file) {
  const snap = JSON.parse(fs.readFileSync(file, "utf8"))
  const meta = snap.snapshot.meta
  const NF = meta.node_fields.length
  const EF = meta.edge_fields.length
  const types = meta.node_types[0]
  const edgeTypes = meta.edge_types[0]
  const [typeAt, nameAt, sizeAt, edgeCountAt] = [
    "type",
    "name",
    "self_size",
    "edge_count",
  ].map((f) => meta.node_fields.indexOf(f))
  const [edgeTypeAt, edgeNameAt, toAt] = [
    "type",
    "name_or_index",
    "to_node",
  ].map((f) => meta.edge_fields.indexOf(f))
  const { nodes, edges, strings } = snap
  const count = nodes.length / NF
  const firstEdge = new Uint32Array(count + 1)
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e
    e += nodes[i * NF + edgeCountAt] * EF
    firstEdge[i + 1] = e
  }
  const typeOf = (i) => types[nodes[i * NF + typeAt]]
  const nameOf = (i) => strings[nodes[i * NF + nameAt]]
  const sizeOf = (i) => nodes[i * NF + sizeAt]
  /** The node an edge named `name` of node `i` leads to, or -1. */
  const edgeTo = (i, name) => {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) {
      const t = edgeTypes[edges[e + edgeTypeAt]]
      if (
        t !== "element" &&
        t !== "hidden" &&
        strings[edges[e + edgeNameAt]] === name
      ) {
        return edges[e + toAt] / NF
      }
    }
    return -1
  }

  const byKind = new Map()
  const byName = new Map()
  const add = (map, key, size) => {
    const seen = map.get(key) ?? { count: 0, size: 0 }
    seen.count++
    seen.size += size
    map.set(key, seen)
  }
  for (let i = 0; i < count; i++) {
    const kind = typeOf(i)
    add(byKind, kind, sizeOf(i))
    const name = kind.includes("string")
      ? "(string)"
      : kind === "closure"
        ? "(closure)"
        : nameOf(i).slice(0, 60)
    add(byName, `${kind} ${name}`, sizeOf(i))
  }

  // Code by origin: each function's SharedFunctionInfo (a "code" node with a script) with its scope info,
  // bytecode and the bytecode's tables, and each script with its source, by the script's file (its name).
  const byOrigin = new Map()
  const scripts = new Set()
  // Each node is counted once, for the first function found holding it (an outer scope's info is shared).
  const counted = new Uint8Array(count)
  /** Self size of `i` and of the "code" nodes its internal edges lead to (the bytecode's too), not yet counted. */
  const withParts = (i) => {
    if (counted[i]) {
      return 0
    }
    counted[i] = 1
    let size = sizeOf(i)
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) {
      const to = edges[e + toAt] / NF
      const name = strings[edges[e + edgeNameAt]]
      if (
        edgeTypes[edges[e + edgeTypeAt]] === "internal" &&
        typeOf(to) === "code" &&
        name !== "script_or_debug_info" &&
        name !== "script"
      ) {
        if (name === "function_data") {
          size += withParts(to)
        } else if (!counted[to]) {
          counted[to] = 1
          size += sizeOf(to)
        }
      }
    }
    return size
  }
  for (let i = 0; i < count; i++) {
    if (typeOf(i) !== "code" || edgeTo(i, "name_or_scope_info") < 0) {
      continue
    }
    const script = edgeTo(i, "script_or_debug_info")
    if (script >= 0) {
      scripts.add(script)
    }
    add(byOrigin, originOf(script >= 0 ? nameOf(script) : ""), withParts(i))
  }
  for (const script of scripts) {
    const source = edgeTo(script, "source")
    add(
      byOrigin,
      `${originOf(nameOf(script))} (source)`,
      sizeOf(script) + (source >= 0 ? sizeOf(source) : 0)
    )
  }
  return {
    byKind,
    byName,
    byOrigin,
    total: [...byKind.values()].reduce((s, v) => s + v.size, 0),
  }
}

function difference(a, b, top, title) {
  const keys = new Set([...a.keys(), ...b.keys()])
  const rows = [...keys]
    .map((k) => {
      const x = a.get(k) ?? { count: 0, size: 0 }
      const y = b.get(k) ?? { count: 0, size: 0 }
      return { k, d: x.size - y.size, dc: x.count - y.count, x, y }
    })
    .sort((p, q) => Math.abs(q.d) - Math.abs(p.d) || q.x.size - p.x.size)
    .slice(0, top)
  const sum = (m) => [...m.values()].reduce((n, v) => n + v.size, 0) / 2 ** 20
  process.stdout.write(
    `\n${title}, in all ${sum(a).toFixed(1)} MB against ${sum(b).toFixed(1)} MB (MB: first, second, difference; count difference)\n`
  )
  for (const { k, d, dc, x, y } of rows) {
    process.stdout.write(
      `  ${(x.size / 2 ** 20).toFixed(2).padStart(8)} ${(y.size / 2 ** 20).toFixed(2).padStart(8)} ${(d / 2 ** 20).toFixed(2).padStart(8)} ${String(dc).padStart(8)}  ${k}\n`
    )
  }
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "30" } },
})
const [first, second] = positionals.map(summarize)
const top = Number(values.top)
process.stdout.write(
  `heap: ${(first.total / 2 ** 20).toFixed(1)} MB against ${(second.total / 2 ** 20).toFixed(1)} MB\n`
)
difference(first.byKind, second.byKind, top, "by kind of node")
difference(
  first.byOrigin,
  second.byOrigin,
  top,
  "code and script sources by where loaded from"
)
difference(first.byName, second.byName, top, "by kind and constructor or name")
