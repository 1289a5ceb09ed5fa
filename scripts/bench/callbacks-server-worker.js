// Callbacks accepted on the production layout (docs/production.md): a server and a worker on Redis (Medusa's
// Redis event bus, workflow engine, locking and cache), both `medusa start` on the bench's database, beside
// the idle store of the other figures. Callbacks go to the server, which records and answers them; the worker
// processes them. Measured on the server, against its own `GET /health` (10 connections): distinct sessions
// unknown to the store (autocannon, as the callbacks figure), and the signed callbacks of real paid sessions,
// posted 10 at a time, with how fast the worker made those orders.
const { startRedis } = require("../redis")
const { freePort } = require("../ports")
const { stopGroup } = require("../dev-processes")
const {
  figure,
  log,
  healthAndDistinctCallbacks,
  startMedusa,
  paidCartsWithCallbacks,
  postCallbacks,
  ordersPlaced,
} = require("./harness")

module.exports = {
  name: "callbacks-server-worker",
  async run(bench) {
    const { scale, env, db, control } = bench
    log("callbacks accepted on a server with a worker (Redis)")
    const paid = await paidCartsWithCallbacks(bench, scale.callbackOrders)
    const redis = await startRedis()
    const started = []
    try {
      const [serverPort, workerPort] = [await freePort(), await freePort()]
      const layout = (mode, port) =>
        startMedusa(`medusa-${mode}`, {
          env: { ...env, REDIS_URL: redis.url, MEDUSA_WORKER_MODE: mode },
          cwd: bench.storeDir, // the same plugin, built or from source, as the store of the other figures
          port,
        }).then((m) => started.push(m.child) && m)
      const [server] = await Promise.all([
        layout("server", serverPort),
        layout("worker", workerPort),
      ])
      const { ratio, extra } = await healthAndDistinctCallbacks(
        server.base,
        `bench-worker-foreign-${process.pid}-`,
        710000000,
        scale.loadSeconds
      )
      const t0 = performance.now()
      const accepted = await postCallbacks(
        server.base,
        paid.map((p) => p.body)
      )
      await ordersPlaced(
        db,
        paid.map((p) => p.cart),
        paid.map((p) => p.session)
      )
      const ordersPerS = paid.length / ((performance.now() - t0) / 1000)
      figure(
        "callbacks accepted on a server with a worker, distinct sessions, / health",
        ratio,
        "ratio",
        {
          ...extra,
          paid_callbacks_per_s: accepted.perS,
          paid_answer_p99_ms: accepted.p99Ms,
          paid_orders_per_s: ordersPerS,
          paid: paid.length,
        }
      )
    } finally {
      await control("DELETE", "faults")
      for (const child of started) {
        await stopGroup(child, 5000)
      }
      await redis.stop()
    }
  },
}
