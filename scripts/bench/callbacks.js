// Callbacks accepted: POST /hooks/piastrix answered per second under load (10 connections), on distinct
// sessions (unknown to the store, each recorded), on duplicates of one, and on distinct sessions among
// which real paid ones are spread (each becomes an order, processed in the same process), against GET
// /health's rate. The distinct rows' processing may still run when the load ends: the figure says how long
// after the load every row was processed (processed_after_s) and, for the paid ones, every order placed.
const {
  figure,
  log,
  successCallback,
  waitFor,
  healthAndDistinctCallbacks,
  paidCartsWithCallbacks,
  distinctCallbacksWithPaid,
  ordersPlaced,
} = require("./harness")

module.exports = {
  name: "callbacks",
  async run(bench) {
    const { scale, db, medusaUrl, control } = bench
    log("callbacks accepted under load")
    const { health, distinct, load, ratio, extra } =
      await healthAndDistinctCallbacks(
        medusaUrl,
        `bench-foreign-${process.pid}-`,
        700000000,
        scale.loadSeconds
      )
    const recorded = (
      await db.query(
        "select count(*)::int as n from piastrix_notification where shop_order_id like 'bench-foreign-%'"
      )
    ).rows[0].n
    const loadEnded = performance.now()
    await waitFor(
      "the distinct callbacks were not all processed",
      async () =>
        (
          await db.query(
            "select count(*)::int as n from piastrix_notification where shop_order_id like 'bench-foreign-%' and state = 'received'"
          )
        ).rows[0].n === 0,
      600000,
      200
    )
    const drainedS = (performance.now() - loadEnded) / 1000
    figure("callbacks accepted, distinct sessions, / health", ratio, "ratio", {
      ...extra,
      recorded_rows: recorded,
      answered_ok: distinct["2xx"],
      processed_after_s: drainedS,
    })
    const one = successCallback(
      `bench-duplicate-${process.pid}`,
      "100.00",
      699999999
    )
    const duplicates = await load({
      url: `${medusaUrl}/hooks/piastrix`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: one,
    })
    const duplicateRows = (
      await db.query(
        "select count(*)::int as n from piastrix_notification where shop_order_id = $1",
        [`bench-duplicate-${process.pid}`]
      )
    ).rows[0].n
    figure(
      "callbacks accepted, duplicates of one, / health",
      duplicates.requests.average / health.requests.average,
      "ratio",
      {
        callbacks_per_s: duplicates.requests.average,
        p99_ms: duplicates.latency.p99,
        non_2xx: duplicates.non2xx,
        recorded_rows: duplicateRows,
      }
    )

    // Real paid sessions among the distinct ones: one in every `every` requests, as many requests in all as
    // the unknown sessions' run answered (about loadSeconds of load).
    const paid = await paidCartsWithCallbacks(bench, scale.callbackOrders)
    const every = Math.max(
      1,
      Math.round(
        (extra.callbacks_per_s * scale.loadSeconds) / scale.callbackOrders
      )
    )
    const mixed = await distinctCallbacksWithPaid(medusaUrl, {
      prefix: `bench-mixed-foreign-${process.pid}-`,
      firstPaymentId: 720000000,
      paidBodies: paid.map((p) => p.body),
      every,
    })
    const mixedEnded = performance.now()
    await ordersPlaced(
      db,
      paid.map((p) => p.cart),
      paid.map((p) => p.session)
    )
    const ordersAfterS = (performance.now() - mixedEnded) / 1000
    await control("DELETE", "faults")
    figure(
      "callbacks accepted, distinct sessions with paid ones among them, / health",
      mixed.requests.average / health.requests.average,
      "ratio",
      {
        callbacks_per_s: mixed.requests.average,
        p99_ms: mixed.latency.p99,
        non_2xx: mixed.non2xx,
        errors: mixed.errors,
        callbacks: mixed.requests.total,
        paid_sessions: paid.length,
        one_paid_in: every,
        orders_placed_after_s: ordersAfterS,
      }
    )
  },
}
