// Boot: `medusa start` (production mode) until /health answers, a store with the plugin installed as the
// package ships it (its built JavaScript, harness.js appWithBuiltPlugin) against the same Medusa on the same
// database without it (appWithoutPlugin), in alternating rounds whose order flips every round (with,
// without, from source, then the reverse) so drift on the machine falls on all alike. This repository's
// own store, which loads the plugin from `src/` as TypeScript compiled while it loads, is started in the
// same rounds and printed beside the figure (`from_source`): that compile is this repository's cost, not a
// store's. Measured before the store for the other figures starts: nothing else runs.
const {
  ROOT,
  figure,
  log,
  quantile,
  startMedusa,
  appWithoutPlugin,
  appWithBuiltPlugin,
  buildPlugin,
  groupCpuMs,
} = require("./harness")
const { stopGroup } = require("../dev-processes")
const { freePort } = require("../ports")

/**
 * Milliseconds from spawning `medusa start` in `cwd` to its first /health answer, and the CPU milliseconds
 * its processes used until then; stopped again. Fails when the plugin's callback route is missing from a store
 * with the plugin, or present without it.
 */
async function startTime(label, env, cwd, withPlugin) {
  const { child, base, startMs } = await startMedusa(label, {
    env,
    cwd,
    port: await freePort(),
  })
  const cpuMs = groupCpuMs(child.pid)
  try {
    // A store that lost the plugin would start faster: its callback route must be there.
    const hook = await fetch(`${base}/hooks/piastrix`, { method: "POST" })
    if ((hook.status === 404) === withPlugin) {
      throw new Error(`${label}: POST /hooks/piastrix answered ${hook.status}`)
    }
  } finally {
    await stopGroup(child, 5000)
  }
  return { startMs, cpuMs }
}

module.exports = {
  name: "boot",
  async beforeStore({ scale, env }) {
    log("boot: building the plugin (.medusa/server, as npm run build)")
    await buildPlugin()
    log(
      `boot: ${scale.bootSamples} starts with the built plugin, without it and from source, alternating`
    )
    const apps = [appWithBuiltPlugin(), appWithoutPlugin()]
    const times = { built: [], without: [], source: [] }
    const cpu = { built: [], without: [], source: [] }
    const kinds = [
      ["built", "medusa-with-built-plugin", apps[0].dir],
      ["without", "medusa-without-plugin", apps[1].dir],
      ["source", "medusa", ROOT],
    ]
    try {
      for (let i = 0; i < scale.bootSamples; i++) {
        const round = i % 2 ? [...kinds].reverse() : kinds
        for (const [kind, label, dir] of round) {
          const { startMs, cpuMs } = await startTime(
            label,
            env,
            dir,
            kind !== "without"
          )
          times[kind].push(startMs)
          cpu[kind].push(cpuMs)
        }
      }
    } finally {
      apps.forEach((app) => app.remove())
    }
    const p50 = (kind) => quantile(times[kind], 0.5)
    const cpu50 = (kind) => quantile(cpu[kind], 0.5)
    figure(
      "boot p50, medusa start with the built plugin / without",
      p50("built") / p50("without"),
      "ratio",
      {
        with_plugin_ms: p50("built"),
        without_plugin_ms: p50("without"),
        with_plugin_max_ms: Math.max(...times.built),
        without_plugin_max_ms: Math.max(...times.without),
        from_source_ms: p50("source"),
        from_source_ratio: p50("source") / p50("without"),
        ...(cpu.built[0] !== undefined && {
          with_plugin_cpu_ms: cpu50("built"),
          without_plugin_cpu_ms: cpu50("without"),
          from_source_cpu_ms: cpu50("source"),
        }),
        samples: scale.bootSamples,
      }
    )
  },
}
