// Client: a signed status call through PiastrixClient against a raw post of the same signed body to the
// sandbox, one after the other, p50 of each.
const { createHash } = require("node:crypto")
const { WALLET, SHOP_ID, SECRET, figure, log, quantile } = require("./harness")

const WARM_UP = 200

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
    const viaClient = async () => {
      await client.billStatus({ shop_order_id: orderId })
    }
    const viaFetch = async () => {
      const res = await fetch(`${sandboxUrl}/bill/shop_order_status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: raw,
      })
      const body = await res.json()
      if (!body.result) {
        throw new Error(`raw status call refused: ${body.message}`)
      }
    }
    // Warmed up first: the first calls of each path compile its code and open its connection, which
    // with a few hundred samples moved the p50 by half (1.9 with 50 calls cold, against 1.16 with 300).
    for (let i = 0; i < WARM_UP; i++) {
      await viaClient()
      await viaFetch()
    }
    const times = { client: [], raw: [] }
    const timed = async (name, call) => {
      const s = performance.now()
      await call()
      times[name].push(performance.now() - s)
    }
    // Alternating which goes first, so neither always follows the other's work (a collection, a timer).
    for (let i = 0; i < scale.clientCalls; i++) {
      if (i % 2 === 0) {
        await timed("client", viaClient)
        await timed("raw", viaFetch)
      } else {
        await timed("raw", viaFetch)
        await timed("client", viaClient)
      }
    }
    figure(
      "signed status call p50, client / raw HTTP post",
      quantile(times.client, 0.5) / quantile(times.raw, 0.5),
      "ratio",
      {
        client_ms: quantile(times.client, 0.5),
        raw_ms: quantile(times.raw, 0.5),
        calls: scale.clientCalls,
      }
    )
  },
}
