// Boot: `medusa start` (production mode) until /health answers, this repository's store with the plugin
// against the same Medusa on the same database without it (harness.js, appWithoutPlugin), in alternating
// pairs whose order flips every round (with, without, without, with, ...) so drift on the machine falls on
// both alike. Measured before the store with the plugin starts for the other figures: nothing else runs.
const {
  ROOT,
  figure,
  log,
  quantile,
  startMedusa,
  appWithoutPlugin,
} = require("./harness")
const { stopGroup } = require("../dev-processes")
const { freePort } = require("../ports")

/** Milliseconds from spawning `medusa start` in `cwd` to its first /health answer; stopped again. */
async function startTime(label, env, cwd) {
  const { child, startMs } = await startMedusa(label, {
    env,
    cwd,
    port: await freePort(),
  })
  await stopGroup(child, 5000)
  return startMs
}

module.exports = {
  name: "boot",
  async beforeStore({ scale, env }) {
    log(
      `boot: ${scale.bootSamples} starts with the plugin and without, alternating`
    )
    const app = appWithoutPlugin()
    const withPlugin = []
    const withoutPlugin = []
    try {
      for (let i = 0; i < scale.bootSamples; i++) {
        const pair = [
          async () => withPlugin.push(await startTime("medusa", env, ROOT)),
          async () =>
            withoutPlugin.push(
              await startTime("medusa-without-plugin", env, app.dir)
            ),
        ]
        for (const start of i % 2 ? pair.reverse() : pair) {
          await start()
        }
      }
    } finally {
      app.remove()
    }
    const [w50, b50] = [quantile(withPlugin, 0.5), quantile(withoutPlugin, 0.5)]
    figure(
      "boot p50, medusa start with the plugin / without",
      w50 / b50,
      "ratio",
      {
        with_plugin_ms: w50,
        without_plugin_ms: b50,
        with_plugin_max_ms: Math.max(...withPlugin),
        without_plugin_max_ms: Math.max(...withoutPlugin),
        samples: scale.bootSamples,
      }
    )
  },
}
