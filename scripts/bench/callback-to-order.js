// Callback to order: from a paid session's success callback to its order, against the system provider's
// cart completion p50 from the checkout run. Medusa's built-in /hooks/payment/piastrix* route is answered
// by the plugin's own handler (it no longer queues for Medusa's delayed processing), so it is measured
// too, as a check that both match.
const {
  WALLET,
  figure,
  log,
  quantile,
  waitFor,
  pool,
  statementTally,
  logStatementDifference,
} = require("./harness")

module.exports = {
  name: "callback-to-order",
  needs: ["checkout"], // its baseline: the system provider's completion p50
  async run(bench) {
    const { scale, control, cartWithSession, completed, medusaUrl } = bench
    const s50 = bench.shared.systemCompletionP50Ms
    log("callback to order")
    await control("POST", "faults", { type: "out_of_order_callbacks" })
    // `settled`: wait until the inbox row is processed instead (the processing goes on after the order is
    // placed: the capture, the row's outcome), for --statements to count all of it.
    // `tally`: count the database's statements meanwhile into it (--statements).
    async function callbackToOrder(
      route,
      { settled = false, tally = null } = {}
    ) {
      const { cart, session } = await cartWithSession(WALLET)
      await control("POST", `payments/${session.id}/pay`)
      const { notifications } = await control("GET", "callbacks")
      const held = notifications
        .filter((x) => x.shopOrderId === session.id)
        .pop()
      const body = new URLSearchParams(held.fields).toString()
      const timed = () => postAndWait(route, body, cart, session, settled)
      return tally ? bench.statements.around(tally, timed) : timed()
    }
    async function postAndWait(route, body, cart, session, settled) {
      const t0 = performance.now()
      const res = await fetch(`${medusaUrl}${route}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      })
      if (!res.ok) {
        throw new Error(`${route} answered ${res.status}`)
      }
      if (settled) {
        // Processed: the order placed and its payment captured. Asked every 50 ms; this one query of the
        // bench's own shows among the statements counted.
        await waitFor(
          "the paid callback's inbox row was not processed",
          async () =>
            (
              await bench.db.query(
                "select 1 from piastrix_notification where shop_order_id = $1 and state = 'processed'",
                [session.id]
              )
            ).rows.length === 1,
          60000,
          50
        )
        return performance.now() - t0
      }
      // Asked every 10 ms: the order is timed to about that (the baseline is a completion's own answer).
      await waitFor(
        `no order after a callback to ${route}`,
        () => completed(cart.id),
        60000,
        10
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
    // --statements: what the database ran for the whole processing of one paid callback (from its post to
    // its row settled; one at a time), against one storefront completion with the system provider.
    if (bench.statements && bench.shared.systemCompletionStatements) {
      const tally = statementTally()
      for (let i = 0; i < scale.latencySamples; i++) {
        await callbackToOrder("/hooks/piastrix", { settled: true, tally })
      }
      logStatementDifference(
        "callback to order, a paid callback's post and processing against a system provider's completion",
        tally,
        bench.shared.systemCompletionStatements,
        60
      )
    }
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
