// Callback to order: from a paid session's success callback to its order, against the system provider's
// cart completion p50 from the checkout run. Like that baseline, one at a time: the paid carts and their
// held callbacks are made first, then each callback is posted, its order timed, and its processing awaited
// before the next, so nothing else runs on the store meanwhile. Medusa's built-in /hooks/payment/piastrix*
// route is answered by the plugin's own handler (it no longer queues for Medusa's delayed processing), so it
// is measured too, as a check that both match.
const {
  figure,
  log,
  quantile,
  waitFor,
  paidCartsWithCallbacks,
  statementTally,
  logStatementDifference,
} = require("./harness")

/** Paid callbacks posted (and processed) before the samples: the processing's code paths compiled. */
const WARM_UP = 2

module.exports = {
  name: "callback-to-order",
  needs: ["checkout"], // its baseline: the system provider's completion p50
  async run(bench) {
    const { scale, control, completed, medusaUrl } = bench
    const s50 = bench.shared.systemCompletionP50Ms
    const samples = scale.latencySamples
    log("callback to order")
    // Every paid cart and its held callback, made before anything is timed.
    const paid = await paidCartsWithCallbacks(
      bench,
      WARM_UP + 2 * samples + (bench.statements ? samples : 0)
    )
    // `settled`: wait until the inbox row is processed instead (the processing goes on after the order is
    // placed: the capture, the row's outcome), for --statements to count all of it.
    // `tally`: count the database's statements meanwhile into it (--statements).
    async function callbackToOrder(
      route,
      { settled = false, tally = null } = {}
    ) {
      const { cart, session, body } = paid.shift()
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
      // Processed: the order placed and its payment captured (the row's processing goes on after the cart's
      // completed_at). Asked every `everyMs`; with --statements this one query of the bench's own shows among
      // the statements counted.
      const processed = (everyMs) =>
        waitFor(
          "the paid callback's inbox row was not processed",
          async () =>
            (
              await bench.db.query(
                "select 1 from piastrix_notification where shop_order_id = $1 and state = 'processed'",
                [session.id]
              )
            ).rows.length === 1,
          60000,
          everyMs
        )
      if (settled) {
        await processed(50)
        return performance.now() - t0
      }
      // Asked every 10 ms: the order is timed to about that (the baseline is a completion's own answer).
      await waitFor(
        `no order after a callback to ${route}`,
        () => completed(cart.id),
        60000,
        10
      )
      const ms = performance.now() - t0
      // Untimed: the next callback is posted once this one's processing is over, as the checkout run makes
      // the next cart once a completion has answered.
      await processed(10)
      return ms
    }
    for (let i = 0; i < WARM_UP; i++) {
      await callbackToOrder("/hooks/piastrix", { settled: true })
    }
    const ours = []
    const builtIn = []
    for (let i = 0; i < samples; i++) {
      ours.push(await callbackToOrder("/hooks/piastrix"))
      builtIn.push(
        await callbackToOrder("/hooks/payment/piastrix-wallet_piastrix")
      )
    }
    // --statements: what the database ran for the whole processing of one paid callback (from its post to
    // its row settled), against one storefront completion with the system provider.
    if (bench.statements && bench.shared.systemCompletionStatements) {
      const tally = statementTally()
      for (let i = 0; i < samples; i++) {
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
        samples,
      }
    )
    await control("DELETE", "faults") // the held callbacks of the sessions paid here stay held
  },
}
