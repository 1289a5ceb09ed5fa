// Client: a signed status call through PiastrixClient against a raw post of the same signed body to the
// sandbox, one after the other, p50 of each.
const { createHash } = require("node:crypto")
const { WALLET, SHOP_ID, SECRET, figure, log, quantile } = require("./harness")

/** A session paid at the sandbox whose callback is held (no order is made): what the status calls ask about. */
async function paidSession({ control, cartWithSession }) {
  await control("POST", "faults", { type: "out_of_order_callbacks" })
  const { session } = await cartWithSession(WALLET)
  await control("POST", `payments/${session.id}/pay`)
  await control("DELETE", "faults")
  return session.id
}

module.exports = {
  name: "client",
  async run(bench) {
    const { scale, sandboxUrl } = bench
    log("client overhead")
    const client = bench.client()
    // The session paid by "orders per second" when it ran, as before this figure had a file of its own.
    const orderId = bench.shared.paidSessionId ?? (await paidSession(bench))
    const check = {
      now: "2026-01-01 00:00:00",
      shop_id: SHOP_ID,
      shop_order_id: orderId,
    }
    check.sign = createHash("sha256")
      .update(`${check.now}:${SHOP_ID}:${orderId}${SECRET}`, "utf8")
      .digest("hex")
    const raw = JSON.stringify(check)
    const viaClient = []
    const viaFetch = []
    for (let i = 0; i < scale.clientCalls; i++) {
      let s = performance.now()
      await client.billStatus({ shop_order_id: orderId })
      viaClient.push(performance.now() - s)
      s = performance.now()
      const res = await fetch(`${sandboxUrl}/bill/shop_order_status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: raw,
      })
      const body = await res.json()
      if (!body.result) {
        throw new Error(`raw status call refused: ${body.message}`)
      }
      viaFetch.push(performance.now() - s)
    }
    figure(
      "signed status call p50, client / raw HTTP post",
      quantile(viaClient, 0.5) / quantile(viaFetch, 0.5),
      "ratio",
      {
        client_ms: quantile(viaClient, 0.5),
        raw_ms: quantile(viaFetch, 0.5),
        calls: scale.clientCalls,
      }
    )
  },
}
