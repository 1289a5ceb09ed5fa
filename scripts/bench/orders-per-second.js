// Orders per second: paid sessions' callbacks posted 10 at a time until every cart is an order, against
// storefront completions with the system provider, 10 at a time; with how fast those callbacks were
// answered (distinct paid sessions, processed in the same process). Leaves one paid session (now an order)
// for the client figure's status calls.
const {
  SYSTEM,
  figure,
  log,
  json,
  pool,
  paidCartsWithCallbacks,
  postCallbacks,
  ordersPlaced,
} = require("./harness")

module.exports = {
  name: "orders-per-second",
  async run(bench) {
    const { scale, db, control, cartWithSession, medusaUrl } = bench
    log("orders per second")
    const paid = await paidCartsWithCallbacks(bench, scale.callbackOrders)
    let t0 = performance.now()
    // How fast the store took these callbacks (each a real paid session that becomes an order), apart
    // from how fast it made them orders.
    const accepted = await postCallbacks(
      medusaUrl,
      paid.map((p) => p.body)
    )
    await ordersPlaced(
      db,
      paid.map((p) => p.cart),
      paid.map((p) => p.session)
    )
    const callbackRate = paid.length / ((performance.now() - t0) / 1000)
    const systemCarts = []
    for (let i = 0; i < scale.callbackOrders; i++) {
      systemCarts.push((await cartWithSession(SYSTEM)).cart)
    }
    t0 = performance.now()
    await pool(systemCarts.length, 10, async (i) =>
      json("POST", `${medusaUrl}/store/carts/${systemCarts[i].id}/complete`, {
        key: bench.storefront.key,
      })
    )
    const systemRate = systemCarts.length / ((performance.now() - t0) / 1000)
    figure(
      "orders per second, from callbacks / system provider completion",
      callbackRate / systemRate,
      "ratio",
      {
        from_callbacks_per_s: callbackRate,
        system_per_s: systemRate,
        orders: scale.callbackOrders,
        callbacks_accepted_per_s: accepted.perS,
        callback_answer_p99_ms: accepted.p99Ms,
      }
    )
    await control("DELETE", "faults")
    bench.shared.paidSessionId = paid[0].session.id
  },
}
