// Memory: the store's resident size after the checkout run against the same Medusa on the same database
// without the plugin (harness.js, appWithoutPlugin) after as many checkouts with the system provider.
// The baseline is measured before the store with the plugin starts, so the two never run side by side.
const {
  figure,
  log,
  groupRssMb,
  systemCheckouts,
  startMedusa,
  appWithoutPlugin,
} = require("./harness")
const { stopGroup } = require("../dev-processes")
const { freePort } = require("../ports")

/** Resident MB of the store without the plugin after `checkouts` system-provider checkouts; stopped again. */
async function bareStoreRssMb(env, storefront, checkouts) {
  const app = appWithoutPlugin()
  let bare
  try {
    bare = await startMedusa("medusa-without-plugin", {
      env,
      cwd: app.dir,
      port: await freePort(),
    })
    // The same amount of work as the plugin's store did: its warm-up one at a time (the first cart makes the
    // bench customer, which concurrent carts would race to create), then 4 at a time, since only memory is
    // measured here.
    await systemCheckouts(bare.base, storefront, 5)
    await systemCheckouts(bare.base, storefront, checkouts, 4)
    return groupRssMb(bare.child.pid)
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
    bench.shared.bareRssMb = await bareStoreRssMb(
      bench.env,
      bench.storefront,
      checkouts
    )
  },
  async run(bench) {
    const bareRss = bench.shared.bareRssMb
    const rss = groupRssMb(bench.medusa.pid)
    figure(
      "memory after the checkout run, with the plugin / without",
      rss / bareRss,
      "ratio",
      {
        with_plugin_mb: rss,
        without_plugin_mb: bareRss,
        checkouts: bench.scale.carts * 2,
      }
    )
  },
}
