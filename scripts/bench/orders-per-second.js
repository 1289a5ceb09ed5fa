// Orders per second: paid sessions' callbacks posted 10 at a time until every cart is an order, against
// storefront completions with the system provider, 10 at a time. Leaves one paid session (now an order)
// for the client figure's status calls.
const {
  WALLET,
  SYSTEM,
  figure,
  log,
  waitFor,
  json,
  pool,
} = require("./harness")

module.exports = {
  name: "orders-per-second",
  async run(bench) {
    const { scale, db, control, cartWithSession, medusaUrl } = bench
    log("orders per second")
    await control("POST", "faults", { type: "out_of_order_callbacks" }) // held, to be posted all at once
    const paid = []
    for (let i = 0; i < scale.callbackOrders; i++) {
      const { cart, session } = await cartWithSession(WALLET)
      await control("POST", `payments/${session.id}/pay`)
      paid.push({ cart, session })
    }
    const { notifications: all } = await control("GET", "callbacks")
    const bodies = paid.map(({ session }) =>
      new URLSearchParams(
        all.filter((x) => x.shopOrderId === session.id).pop().fields
      ).toString()
    )
    let t0 = performance.now()
    await pool(bodies.length, 10, async (i) => {
      await fetch(`${medusaUrl}/hooks/piastrix`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: bodies[i],
      })
    })
    await waitFor(
      "not every paid cart became an order",
      async () => {
        const { rows } = await db.query(
          "select count(*)::int as n from cart where id = any($1) and completed_at is not null",
          [paid.map((p) => p.cart.id)]
        )
        return rows[0].n === paid.length
      },
      300000
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
      }
    )
    await control("DELETE", "faults")
    bench.shared.paidSessionId = paid[0].session.id
  },
}
