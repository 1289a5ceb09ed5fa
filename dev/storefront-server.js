// The demo storefront's tiny static server: the files of dev/storefront plus a generated config.js
// (Medusa's address, the publishable key). `npm run dev` and the browser tests both start it, so the
// page the tests drive is the page a person sees.
const fs = require("node:fs")
const path = require("node:path")
const http = require("node:http")

const ROOT = path.join(__dirname, "storefront")

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
}

/**
 * Starts the server. `config` is an object or a function returning one (read on every request, so a
 * test can start the page before the store is seeded). It is public: never put a secret in it.
 * Resolves to `{ url, port, close() }`.
 */
async function startStorefrontServer({
  port = 8000,
  host = "127.0.0.1",
  config = {},
  publicHost = "localhost",
} = {}) {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end()
      return
    }
    let pathname
    try {
      pathname = decodeURIComponent(new URL(req.url, "http://x").pathname)
    } catch {
      res.writeHead(400).end()
      return
    }
    if (pathname === "/config.js") {
      const value = typeof config === "function" ? config() : config
      res.writeHead(200, {
        "content-type": TYPES[".js"],
        "cache-control": "no-store",
      })
      res.end(`window.DEMO_CONFIG = ${JSON.stringify(value)}\n`)
      return
    }
    if (pathname === "/" || pathname === "") {
      pathname = "/index.html"
    }
    const file = path.join(ROOT, path.normalize(pathname))
    if (!file.startsWith(ROOT + path.sep)) {
      res.writeHead(404).end()
      return
    }
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { "content-type": "text/plain" }).end("Not found")
        return
      }
      res.writeHead(200, {
        "content-type": TYPES[path.extname(file)] || "application/octet-stream",
        // Edits show on reload while developing.
        "cache-control": "no-cache",
      })
      res.end(req.method === "HEAD" ? undefined : body)
    })
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const actual = server.address().port
  return {
    url: `http://${publicHost}:${actual}`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

module.exports = { startStorefrontServer }
