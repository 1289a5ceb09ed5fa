// Callback to order: from a paid session's success callback to its order, against the system provider's
// cart completion p50 from the checkout run. Medusa's built-in /hooks/payment/piastrix* route is answered
// by the plugin's own handler (it no longer queues for Medusa's delayed processing), so it is measured
// too, as a check that both match.
const { WALLET, figure, log, quantile, waitFor, pool } = require("./harness")

module.exports = {
  name: "callback-to-order",
  needs: ["checkout"], // its baseline: the system provider's completion p50
  async run(bench) {
    const { scale, control, cartWithSession, completed, medusaUrl } = bench
    const s50 = bench.shared.systemCompletionP50Ms
    log("callback to order")
    await control("POST", "faults", { type: "out_of_order_callbacks" })
    async function callbackToOrder(route) {
      const { cart, session } = await cartWithSession(WALLET)
      await control("POST", `payments/${session.id}/pay`)
      const { notifications } = await control("GET", "callbacks")
      const held = notifications
        .filter((x) => x.shopOrderId === session.id)
        .pop()
      const body = new URLSearchParams(held.fields).toString()
      const t0 = performance.now()
      const res = await fetch(`${medusaUrl}${route}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      })
      if (!res.ok) {
        throw new Error(`${route} answered ${res.status}`)
      }
      await waitFor(
        `no order after a callback to ${route}`,
        () => completed(cart.id),
        60000
      )
      return performance.now() - t0
    }
    const ours = []
    const builtIn = []
    await pool(scale.latencySamples, 5, async () =>
      ours.push(await callbackToOrder("/hooks/piastrix"))
    )
    await pool(scale.latencySamples, 5, async () =>
      builtIn.push(
        await callbackToOrder("/hooks/payment/piastrix-wallet_piastrix")
      )
    )
    figure(
      "callback to order p50 / system provider completion p50",
      quantile(ours, 0.5) / s50,
      "ratio",
      {
        hooks_piastrix_ms: quantile(ours, 0.5),
        built_in_route_ms: quantile(builtIn, 0.5),
        system_completion_ms: s50,
        samples: scale.latencySamples,
      }
    )
    await control("DELETE", "faults") // the held callbacks of the sessions paid here stay held
  },
}
