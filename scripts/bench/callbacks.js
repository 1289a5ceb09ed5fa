// Callbacks accepted: POST /hooks/piastrix answered per second under load (10 connections), on distinct
// sessions (unknown to the store, each recorded) and on duplicates of one, against GET /health's rate.
// The distinct rows' processing may still run when the load ends: the duplicates wait until every distinct
// row is processed, and the figure says how long that took after the load ended (processed_after_s).
const {
  figure,
  log,
  successCallback,
  waitFor,
  healthAndDistinctCallbacks,
} = require("./harness")

module.exports = {
  name: "callbacks",
  async run({ scale, db, medusaUrl }) {
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
  },
}
