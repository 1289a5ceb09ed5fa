// A small round-robin HTTP balancer in front of several Medusa servers, for `npm run dev -- --scale` and
// the scale suites: what a load balancer does in production, and no more. Each request goes to the next
// server; a server that refuses the connection (stopped, restarting) is skipped for that request, which
// is safe because the request never reached it. A request that reached a server is never sent twice.
// WebSocket upgrades (the admin's dev server) are piped the same way.
const http = require("node:http")
const net = require("node:net")

/**
 * Starts the balancer on `port` (0: a free one) in front of `targets` (base URLs).
 * Returns { url, port, close(), counts } where counts[i] is how many requests target i answered.
 */
async function startBalancer({ port = 0, host = "127.0.0.1", targets }) {
  if (!targets.length) {
    throw new Error("the balancer needs at least one target")
  }
  const upstreams = targets.map((target) => new URL(target))
  const counts = upstreams.map(() => 0)
  let next = 0
  const order = () => {
    const first = next
    next = (next + 1) % upstreams.length
    return upstreams.map((_, i) => (first + i) % upstreams.length)
  }

  const forward = (req, res, body, candidates) => {
    const index = candidates[0]
    const upstream = upstreams[index]
    const proxied = http.request(
      {
        // A connection of its own per request: a kept-alive one may be closed by the server just as a
        // request is written to it (ECONNRESET), and that request could not be told apart from one the
        // server received, so it could not be sent again.
        agent: false,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          "x-forwarded-for": req.socket.remoteAddress,
          "x-forwarded-host": req.headers.host,
        },
      },
      (answer) => {
        counts[index]++
        res.writeHead(
          answer.statusCode,
          answer.statusMessage,
          answer.rawHeaders
        )
        answer.pipe(res)
      }
    )
    proxied.on("error", (error) => {
      if (error.code === "ECONNREFUSED" && candidates.length > 1) {
        forward(req, res, body, candidates.slice(1))
        return
      }
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" })
      }
      res.end(`balancer: ${upstream.host} ${error.code || error.message}`)
    })
    proxied.end(body)
  }

  const server = http.createServer((req, res) => {
    const chunks = []
    req.on("data", (chunk) => chunks.push(chunk))
    req.on("end", () => forward(req, res, Buffer.concat(chunks), order()))
  })

  server.on("upgrade", (req, socket, head) => {
    const upstream = upstreams[order()[0]]
    const target = net.connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`)
      target.write(
        [
          `${req.method} ${req.url} HTTP/${req.httpVersion}`,
          ...headers,
          "",
          "",
        ].join("\r\n")
      )
      target.write(head)
      socket.pipe(target).pipe(socket)
    })
    const drop = () => {
      socket.destroy()
      target.destroy()
    }
    target.on("error", drop)
    socket.on("error", drop)
  })

  // Longer than a client's idle keep-alive (Node's agent drops idle sockets after 5 s), so the client
  // closes an idle connection first and never writes a request to one the balancer is closing.
  server.keepAliveTimeout = 65_000
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, resolve)
  })
  const actual = server.address().port
  return {
    url: `http://localhost:${actual}`,
    port: actual,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}

module.exports = { startBalancer }
