// Callbacks accepted on the production layout (docs/production.md): a server and a worker on Redis (Medusa's
// Redis event bus, workflow engine, locking and cache), both `medusa start` on the bench's database, beside
// the idle store of the other figures. Callbacks go to the server, which records and answers them; the worker
// processes them. Measured on the server, against its own `GET /health` (10 connections): distinct sessions
// unknown to the store (autocannon, as the callbacks figure), and the signed callbacks of real paid sessions,
// posted 10 at a time, with how fast the worker made those orders.
const autocannon = require("autocannon")
const { startRedis } = require("../redis")
const { freePort } = require("../ports")
const { stopGroup } = require("../dev-processes")
const {
  figure,
  log,
  successCallback,
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
          port,
        }).then((m) => started.push(m.child) && m)
      const [server] = await Promise.all([
        layout("server", serverPort),
        layout("worker", workerPort),
      ])
      const load = async (options) =>
        autocannon({ connections: 10, duration: scale.loadSeconds, ...options })
      const health = await load({ url: `${server.base}/health` })
      let n = 0
      const distinct = await load({
        url: `${server.base}/hooks/piastrix`,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: successCallback(
                `bench-worker-foreign-${process.pid}-${n++}`,
                "100.00",
                710000000 + n
              ),
            }),
          },
        ],
      })
      const t0 = performance.now()
      const accepted = await postCallbacks(
        server.base,
        paid.map((p) => p.body)
      )
      await ordersPlaced(
        db,
        paid.map((p) => p.cart)
      )
      const ordersPerS = paid.length / ((performance.now() - t0) / 1000)
      figure(
        "callbacks accepted on a server with a worker, distinct sessions, / health",
        distinct.requests.average / health.requests.average,
        "ratio",
        {
          callbacks_per_s: distinct.requests.average,
          p99_ms: distinct.latency.p99,
          health_per_s: health.requests.average,
          non_2xx: distinct.non2xx,
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
