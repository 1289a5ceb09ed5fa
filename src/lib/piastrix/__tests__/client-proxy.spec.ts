import http from "node:http"
import https from "node:https"
import net from "node:net"
import nock from "nock"
import { PiastrixOutcomeUnknownError } from "../errors"
import { proxyForUrl, readProxyEnvironment } from "../proxy"
import { useSandbox } from "./client-test-utils"
import { TEST_TLS_CERT, TEST_TLS_KEY } from "./test-tls"

/**
 * A store behind an egress proxy: the client reads HTTP_PROXY / HTTPS_PROXY / NO_PROXY, as axios did before
 * it. A plain Node proxy started here (absolute-form requests and CONNECT tunnels) stands between the client
 * and the sandbox, and records what it was asked.
 */

const { sandbox, client } = useSandbox()

type Seen = { method: string; target: string; authorization?: string }

/** Closes a server and every connection it has (kept-alive ones, tunnels, the silent server's). */
const closeAll = (server: net.Server) =>
  new Promise<void>((resolve) => {
    for (const socket of (server as Tracked).sockets ?? []) {
      socket.destroy()
    }
    server.close(() => resolve())
  })

type Tracked = net.Server & { sockets?: Set<net.Socket> }

const listen = async (server: Tracked) => {
  const sockets = new Set<net.Socket>()
  server.sockets = sockets
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return (server.address() as net.AddressInfo).port
}

/** A forward proxy: absolute-form requests are forwarded, CONNECT opens a tunnel. */
function forwardProxy() {
  const seen: Seen[] = []
  const server = http.createServer((req, res) => {
    seen.push({
      method: req.method!,
      target: req.url!,
      authorization: req.headers["proxy-authorization"],
    })
    const headers = { ...req.headers }
    delete headers["proxy-authorization"]
    const upstream = http.request(
      req.url!,
      { method: req.method, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers)
        answer.pipe(res)
      }
    )
    upstream.on("error", () => res.destroy())
    req.pipe(upstream)
  })
  server.on("connect", (req, socket: net.Socket, head) => {
    seen.push({
      method: "CONNECT",
      target: req.url!,
      authorization: req.headers["proxy-authorization"],
    })
    const [host, port] = req.url!.split(":")
    const upstream = net.connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n")
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    upstream.on("error", () => socket.destroy())
    socket.on("error", () => upstream.destroy())
    socket.on("close", () => upstream.destroy())
  })
  return { server, seen }
}

/** The sandbox behind TLS (for "localhost"), as the real service is behind https. */
function tlsFront(target: () => string) {
  return https.createServer(
    { key: TEST_TLS_KEY, cert: TEST_TLS_CERT },
    (req, res) => {
      const upstream = http.request(
        `${target()}${req.url}`,
        { method: req.method, headers: req.headers, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers)
          answer.pipe(res)
        }
      )
      upstream.on("error", () => res.destroy())
      req.pipe(upstream)
    }
  )
}

const proxy = forwardProxy()
const front = tlsFront(() => sandbox().url)
/** Accepts connections and never answers. */
const silent = net.createServer(() => {})
let proxyUrl = ""
let httpsUrl = ""
let silentUrl = ""

const VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"]
const saved: Record<string, string | undefined> = {}

beforeAll(async () => {
  // nock patches http when imported (client-test-utils): this file wants Node's own, CONNECT included.
  nock.restore()
  proxyUrl = `http://127.0.0.1:${await listen(proxy.server)}`
  httpsUrl = `https://localhost:${await listen(front)}`
  silentUrl = `http://127.0.0.1:${await listen(silent)}`
})
afterAll(async () => {
  await Promise.all([proxy.server, front, silent].map(closeAll))
})
beforeEach(() => {
  proxy.seen.length = 0
  for (const name of VARIABLES) {
    for (const key of [name, name.toLowerCase()]) {
      saved[key] = process.env[key]
      delete process.env[key]
    }
  }
})
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) {
      delete process.env[key]
    } else {
      process.env[key] = value
    }
  }
})

/** A client of the sandbox over TLS, trusting the test certificate. */
const tlsClient = (timeoutMs?: number) =>
  client({
    apiUrl: httpsUrl,
    timeoutMs,
    transport: {
      agents: { https: new https.Agent({ ca: TEST_TLS_CERT }) },
      sleep: async () => {},
    },
  })

describe("a store behind an egress proxy", () => {
  it("sends an http call through HTTP_PROXY, with its credentials, and reads the sandbox's answer", async () => {
    const { port } = new URL(proxyUrl)
    process.env.HTTP_PROXY = `http://shop:p%40ss@127.0.0.1:${port}`
    const balance = await client().shopBalance()
    expect(balance.balances.length).toBeGreaterThan(0)
    expect(proxy.seen).toEqual([
      {
        method: "POST",
        target: `${sandbox().url}/shop_balance`,
        authorization: `Basic ${Buffer.from("shop:p@ss").toString("base64")}`,
      },
    ])
  })

  it("tunnels an https call through HTTPS_PROXY: the proxy sees the host, never the request", async () => {
    process.env.HTTPS_PROXY = proxyUrl
    const piastrix = tlsClient()
    await piastrix.shopBalance()
    await piastrix.shopBalance()
    // One tunnel, kept alive for the second call.
    expect(proxy.seen).toEqual([
      {
        method: "CONNECT",
        target: `localhost:${new URL(httpsUrl).port}`,
        authorization: undefined,
      },
    ])
  })

  it("goes direct to a host NO_PROXY names, and to an https address when only HTTP_PROXY is set", async () => {
    process.env.HTTP_PROXY = proxyUrl
    process.env.NO_PROXY = "example.com, localhost"
    await client().shopBalance()
    delete process.env.NO_PROXY
    await tlsClient().shopBalance()
    expect(proxy.seen).toEqual([])
  })

  it("follows the transport's proxy option over the environment, and `proxy: false` over both", async () => {
    process.env.HTTP_PROXY = silentUrl
    const sandboxClient = (proxyOption: string | false) =>
      client({
        timeoutMs: 2_000,
        transport: { proxy: proxyOption, sleep: async () => {} },
      })
    await sandboxClient(proxyUrl).shopBalance()
    expect(proxy.seen.map((s) => s.target)).toEqual([
      `${sandbox().url}/shop_balance`,
    ])
    await sandboxClient(false).shopBalance()
    expect(proxy.seen).toHaveLength(1)
  })

  it("gives up on a proxy that never answers within the call's timeout: a create's outcome is unknown", async () => {
    process.env.HTTPS_PROXY = silentUrl
    const started = Date.now()
    const error = await tlsClient(300)
      .billCreate({
        shop_amount: "10",
        shop_currency: 643,
        shop_order_id: "proxy-hang-1",
      })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PiastrixOutcomeUnknownError)
    expect(error.cause.kind).toBe("timeout")
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})

describe("which calls go through the proxy", () => {
  const env = (vars: Record<string, string>) => readProxyEnvironment(vars)
  const P = "http://proxy.internal:3128"
  it.each<[string, Record<string, string>, string | undefined]>([
    ["http://api.example/x", { HTTP_PROXY: P }, P],
    ["http://api.example/x", { http_proxy: P, HTTP_PROXY: "http://o:1" }, P],
    ["https://api.example/x", { HTTP_PROXY: P }, undefined],
    ["https://api.example/x", { HTTPS_PROXY: P }, P],
    ["https://api.example/x", { ALL_PROXY: P }, P],
    ["https://api.example/x", { HTTPS_PROXY: "proxy.internal:3128" }, P],
  ])("%s with %j: %s", (url, vars, expected) => {
    expect(proxyForUrl(new URL(url), env(vars))?.href.replace(/\/$/, "")).toBe(
      expected
    )
  })

  // [host of an http address, NO_PROXY, whether it goes direct]
  it.each<[string, string, boolean]>([
    ["example.com", "example.com", true],
    ["api.example.com", "example.com", true],
    ["badexample.com", "example.com", false],
    ["api.example.com", ".example.com", true],
    ["api.example.com", "*.example.com", true],
    ["api.example.com", "other.org, *", true],
    ["example.com:8080", "example.com:8080", true],
    ["example.com", "example.com:8080", false],
    ["10.1.2.3", "10.0.0.0/8", true],
    ["11.1.2.3", "10.0.0.0/8", false],
    ["[::1]:9000", "::1", true],
    ["127.0.0.1:9000", "localhost", true],
  ])("http://%s with NO_PROXY=%s goes direct: %s", (host, noProxy, direct) => {
    const route = proxyForUrl(
      new URL(`http://${host}/`),
      env({ HTTP_PROXY: P, NO_PROXY: noProxy })
    )
    expect(route === undefined).toBe(direct)
  })
})
