// Memory: what the store's process (the built plugin, as a store installs it, unless BENCH_FROM_SOURCE=1)
// holds after the checkout run against the same Medusa on the same database without the plugin (harness.js,
// appWithoutPlugin) after as many checkouts with the system provider. Both are
// started the same way (`--expose-gc`, memory-probe.js preloaded) and measured the same way: resident size
// after two full collections, the median of SAMPLES, with the V8 heap in use beside it, so the figure is what
// each holds, not when V8 last collected. The baseline is measured before the store with the plugin starts,
// so the two never run side by side. BENCH_HEAP_SNAPSHOT=<dir>: each also writes a heap snapshot there.
const path = require("node:path")
const {
  figure,
  log,
  systemCheckouts,
  startMedusa,
  appWithoutPlugin,
} = require("./harness")
const { stopGroup } = require("../dev-processes")
const { freePort } = require("../ports")

const SAMPLES = 5
const MB = 1024 * 1024

/**
 * The median of SAMPLES readings of a store's memory probe (each after two full collections), in MB; with
 * BENCH_HEAP_SNAPSHOT, a heap snapshot of the store named `label` written after them.
 */
async function measured(memory, label) {
  const readings = []
  for (let i = 0; i < SAMPLES; i++) {
    readings.push(await memory())
  }
  const median = (key) => {
    const sorted = readings.map((r) => r[key] / MB).sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]
  }
  log(
    `memory, ${label} (MB, median of ${SAMPLES} after full collections): ` +
      ["rss", "heapUsed", "external", "code", "bytecode", "scriptSource"]
        .map((key) => `${key} ${Math.round(median(key) * 10) / 10}`)
        .join(", ")
  )
  const dir = process.env.BENCH_HEAP_SNAPSHOT
  if (dir) {
    const file = path.resolve(dir, `${label}-${Date.now()}.heapsnapshot`)
    await memory(`snapshot?file=${encodeURIComponent(file)}`)
    log(`memory: heap snapshot of ${label} in ${file}`)
  }
  return {
    rss: median("rss"),
    heapUsed: median("heapUsed"),
    external: median("external"),
    rssSpread:
      Math.max(...readings.map((r) => r.rss / MB)) -
      Math.min(...readings.map((r) => r.rss / MB)),
  }
}

/** The memory of the store without the plugin after `checkouts` system-provider checkouts; stopped again. */
async function bareStoreMemory(env, storefront, checkouts) {
  const app = appWithoutPlugin()
  let bare
  try {
    bare = await startMedusa("medusa-without-plugin", {
      env,
      cwd: app.dir,
      port: await freePort(),
      memoryProbe: true,
    })
    // The same requests, in the same order, as the store with the plugin serves before it is measured: its
    // warm-up (five checkouts), then the checkout run's, one at a time, all with the system provider here.
    await systemCheckouts(bare.base, storefront, 5)
    await systemCheckouts(bare.base, storefront, checkouts)
    return await measured(bare.memory, "without-plugin")
  } finally {
    if (bare) {
      await stopGroup(bare.child, 5000)
    }
    app.remove()
  }
}

module.exports = {
  name: "memory",
  needs: ["checkout"], // measured after the checkout run, whose checkouts the baseline repeats
  async beforeStore(bench) {
    const checkouts = bench.scale.carts * 2
    log(`memory baseline: Medusa without the plugin, ${checkouts} checkouts`)
    const t0 = performance.now()
    bench.shared.bareMemory = await bareStoreMemory(
      bench.env,
      bench.storefront,
      checkouts
    )
    log(
      `memory baseline measured in ${Math.round((performance.now() - t0) / 1000)} s`
    )
  },
  async run(bench) {
    const bare = bench.shared.bareMemory
    const store = await measured(bench.memory, "with-plugin")
    figure(
      "memory after the checkout run, with the plugin / without (RSS after a full collection)",
      store.rss / bare.rss,
      "ratio",
      {
        with_plugin_mb: store.rss,
        without_plugin_mb: bare.rss,
        heap_used_mb: store.heapUsed,
        without_heap_used_mb: bare.heapUsed,
        external_mb: store.external,
        without_external_mb: bare.external,
        samples_rss_spread_mb: Math.max(store.rssSpread, bare.rssSpread),
        checkouts: bench.scale.carts * 2,
      }
    )
  },
}
