// Preloaded into each store the memory figure compares (`node --expose-gc -r memory-probe.js`, harness.js's
// startMedusa with `memoryProbe`), the same in both: a local HTTP server on BENCH_MEMORY_PROBE_PORT whose
// `GET /` runs two full collections and answers process.memoryUsage(), so the figure compares what each
// process holds, not when V8 last collected. `GET /snapshot?file=<path>` writes a heap snapshot there first
// (for finding where memory goes by hand; the figure never asks it).
const http = require("node:http")
const v8 = require("node:v8")

const port = Number(process.env.BENCH_MEMORY_PROBE_PORT)

/** Two full collections, a turn of the event loop apart: the second takes what the first's finalizers let go. */
async function collect() {
  global.gc()
  await new Promise((resolve) => setImmediate(resolve))
  global.gc()
}

if (port && typeof global.gc === "function") {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, "http://probe")
      await collect()
      if (url.pathname === "/snapshot") {
        v8.writeHeapSnapshot(url.searchParams.get("file"))
      }
      const { rss, heapTotal, heapUsed, external, arrayBuffers } =
        process.memoryUsage()
      const code = v8.getHeapCodeStatistics()
      res.setHeader("content-type", "application/json")
      res.end(
        JSON.stringify({
          rss,
          heapTotal,
          heapUsed,
          external,
          arrayBuffers,
          code: code.code_and_metadata_size,
          bytecode: code.bytecode_and_metadata_size,
          scriptSource: code.external_script_source_size,
        })
      )
    } catch (error) {
      res.statusCode = 500
      res.end(String(error?.stack ?? error))
    }
  })
  server.listen(port, "127.0.0.1")
  server.unref() // never what keeps the store running
}
