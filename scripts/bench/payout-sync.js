// Payout sync: the job's pass (syncAllDuePayouts, batches of 100) over N payouts in flight, run in this
// process with the store stopped, against the same status calls made bare, one after another, with nothing recorded. Stops the
// store: it runs last.
const {
  SHOP_ID,
  SECRET,
  figure,
  log,
  pool,
  round,
  requireSource,
} = require("./harness")
const { stopGroup } = require("../dev-processes")

module.exports = {
  name: "payout-sync",
  async run(bench) {
    const { scale, db, control, sandboxUrl, databaseUrl } = bench
    log(`payout sync over ${scale.payouts} payouts in flight`)
    await stopGroup(bench.medusa, 5000) // the sync runs here, in this process; Medusa's own jobs must not join in
    const client = bench.client()
    const { syncAllDuePayouts } = requireSource(
      "modules",
      "piastrix",
      "repositories",
      "runs"
    )
    const { piastrixOptionsSchema } = requireSource("lib", "plugin", "options")
    const knex = require("knex")({
      client: "pg",
      connection: databaseUrl,
      pool: { min: 1, max: 4 },
    })
    // Every statement the sync sends, by its first words (BEGIN and COMMIT count: each is a round trip).
    const queries = new Map()
    knex.on("query", ({ sql }) => {
      const kind = sql.trim().split(/\s+/).slice(0, 3).join(" ").toLowerCase()
      queries.set(kind, (queries.get(kind) ?? 0) + 1)
    })
    const { rows: vendors } = await db.query(
      "select id from piastrix_recipient where name = 'Piastrix Press'"
    )
    const prefix = `pxpo_bench_${process.pid}_`
    // The transfers exist at the service (made through the client), and each payout row waits for its status.
    const made = []
    await pool(scale.payouts, 20, async (i) => {
      const shopPaymentId = `${prefix}${i}`
      const transfer = await client.transferCreate({
        amount: "10.00",
        amount_type: "writeoff_amount",
        payee_account: "201494711279",
        payee_currency: 643,
        shop_currency: 643,
        shop_payment_id: shopPaymentId,
      })
      made[i] = { shopPaymentId, serviceId: String(transfer.id) }
    })
    await db.query(
      `insert into piastrix_payout (id, recipient_id, currency, amount, rail, account, shop_payment_id, status, service_id,
                                    sent_at, next_poll_at, raw_amount)
       select ids.id, $1, 643, 10, 'transfer', '201494711279', ids.id, 'processing', ids.service_id,
              now() - interval '5 minutes', now() - interval '1 minute', '{"value": "10", "precision": 20}'::jsonb
         from unnest($2::text[], $3::text[]) as ids(id, service_id)`,
      [
        vendors[0].id,
        made.map((m) => m.shopPaymentId),
        made.map((m) => m.serviceId),
      ]
    )
    await control("DELETE", "violations")
    const options = piastrixOptionsSchema.parse({
      shopId: SHOP_ID,
      secretKey: SECRET,
      apiUrl: sandboxUrl,
    })
    const quiet = { info() {}, warn() {} }
    const ctx = {
      db: knex,
      client,
      options,
      effectiveOptions: async () => options,
      logger: quiet,
    }
    const before = (await control("GET", "polls")).counts
    let t0 = performance.now()
    // The job's pass: batches of 100 until none is due, each batch's writes beside the next one's reads.
    const synced = await syncAllDuePayouts(ctx, { batchSize: 100 })
    const syncMs = performance.now() - t0
    const after = (await control("GET", "polls")).counts
    const serviceCalls = Object.entries(after).reduce(
      (sum, [k, n]) => sum + n - (before[k] ?? 0),
      0
    )
    const { violations } = await control("GET", "violations")
    const { rows: settled } = await db.query(
      "select status, count(*)::int as n from piastrix_payout where id like $1 group by status",
      [`${prefix}%`]
    )
    const { rows: postings } = await db.query(
      "select count(distinct transaction_id)::int as n from piastrix_ledger_entry where payout_id like $1 and kind = 'payout_succeeded'",
      [`${prefix}%`]
    )
    // Baseline: the same status calls, one after another, with nothing recorded.
    t0 = performance.now()
    for (const m of made) {
      await client.transferShopPaymentStatus({
        shop_payment_id: m.shopPaymentId,
      })
    }
    const bareMs = performance.now() - t0
    await knex.destroy()
    figure(
      `payout sync over ${scale.payouts} payouts in flight, / the same status calls bare`,
      syncMs / bareMs,
      "ratio",
      {
        sync_s: syncMs / 1000,
        bare_s: bareMs / 1000,
        payouts_synced: synced,
        queries_per_payout:
          [...queries.values()].reduce((a, b) => a + b, 0) / synced,
        queries_by_kind: [...queries]
          .map(([kind, n]) => `${kind}: ${round(n / synced)}`)
          .join("; "),
        service_calls: serviceCalls,
        polls_too_early: violations.length,
        succeeded: settled.find((r) => r.status === "succeeded")?.n ?? 0,
        succeeded_postings: postings[0].n,
      }
    )
  },
}
