// Checkout: cart completion with a paid piastrix-wallet payment against Medusa's system provider, one cart
// of each in turn. Leaves the system provider's completion p50, the baseline of "callback to order".
const {
  WALLET,
  SYSTEM,
  figure,
  log,
  quantile,
  json,
  statementTally,
  logStatementDifference,
} = require("./harness")

module.exports = {
  name: "checkout",
  async run(bench) {
    const { scale, control, cartWithSession, medusaUrl } = bench
    log(`checkout: ${scale.carts} carts per provider`)
    await control("POST", "faults", { type: "out_of_order_callbacks" }) // the storefront completes, not the callback
    const completeTimes = { [WALLET]: [], [SYSTEM]: [] }
    // With --statements, what the database ran for each completion (timed the same, the counts read after).
    const tallies = { [WALLET]: statementTally(), [SYSTEM]: statementTally() }
    for (let i = 0; i < scale.carts; i++) {
      for (const provider of [SYSTEM, WALLET]) {
        const { cart, session } = await cartWithSession(provider)
        if (provider === WALLET) {
          await control("POST", `payments/${session.id}/pay`)
        }
        const complete = async () => {
          const t0 = performance.now()
          const answer = await json(
            "POST",
            `${medusaUrl}/store/carts/${cart.id}/complete`,
            { key: bench.storefront.key }
          )
          completeTimes[provider].push(performance.now() - t0)
          return answer
        }
        const done = bench.statements
          ? await bench.statements.around(tallies[provider], complete)
          : await complete()
        if (done.type !== "order") {
          throw new Error(
            `checkout with ${provider} did not place an order: ${JSON.stringify(done).slice(0, 300)}`
          )
        }
      }
    }
    const [w50, s50] = [
      quantile(completeTimes[WALLET], 0.5),
      quantile(completeTimes[SYSTEM], 0.5),
    ]
    const statements = bench.statements
      ? logStatementDifference(
          "checkout, piastrix-wallet completion against the system provider's",
          tallies[WALLET],
          tallies[SYSTEM]
        )
      : null
    figure(
      "checkout completion p50, piastrix-wallet / system provider",
      w50 / s50,
      "ratio",
      {
        wallet_ms: w50,
        system_ms: s50,
        wallet_p95_ms: quantile(completeTimes[WALLET], 0.95),
        system_p95_ms: quantile(completeTimes[SYSTEM], 0.95),
        carts: scale.carts,
        ...(statements && {
          wallet_statements: statements.calls,
          system_statements: statements.baselineCalls,
        }),
      }
    )
    await control("DELETE", "faults") // the held callbacks stay held: their orders exist already
    bench.shared.systemCompletionP50Ms = s50
    bench.shared.systemCompletionStatements = tallies[SYSTEM] // --statements: callback to order's baseline
  },
}
