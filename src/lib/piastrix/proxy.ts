import http from "node:http"
import https from "node:https"
import { BlockList, isIP } from "node:net"
import type { Duplex } from "node:stream"
import tls from "node:tls"

/**
 * An egress proxy for the client's calls, as curl and axios read it from the environment: `HTTPS_PROXY` for
 * https addresses, `HTTP_PROXY` for http ones (lower case first, then upper; `ALL_PROXY` for either), except
 * the hosts `NO_PROXY` names. An http address goes to the proxy as an absolute-form request; an https one
 * through a `CONNECT` tunnel, so the proxy sees the host and never the signed body.
 */

/** The proxy variables, read once (when a client is made): reading `process.env` on every call costs. */
export interface ProxyEnvironment {
  http?: string
  https?: string
  all?: string
  noProxy?: string
}

const variable = (env: NodeJS.ProcessEnv, name: string) =>
  env[name.toLowerCase()] || env[name.toUpperCase()] || undefined

export function readProxyEnvironment(
  env: NodeJS.ProcessEnv = process.env
): ProxyEnvironment {
  return {
    http: variable(env, "http_proxy"),
    https: variable(env, "https_proxy"),
    all: variable(env, "all_proxy"),
    noProxy: variable(env, "no_proxy"),
  }
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 }
const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1"])

const bare = (host: string) =>
  host
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "")
    .toLowerCase()

/** One `NO_PROXY` entry against a target: `*`, an address range (`10.0.0.0/8`), or a host with its subdomains. */
function bypasses(entry: string, host: string, port: number): boolean {
  if (entry === "*") {
    return true
  }
  const range = /^(.+)\/(\d{1,3})$/.exec(entry)
  if (range) {
    const family = isIP(bare(range[1]))
    const hostFamily = isIP(host)
    if (!family || family !== hostFamily) {
      return false
    }
    const list = new BlockList()
    const type = family === 4 ? "ipv4" : "ipv6"
    try {
      list.addSubnet(bare(range[1]), Number(range[2]), type)
    } catch {
      return false
    }
    return list.check(host, type)
  }
  const withPort = /^(.*?):(\d+)$/.exec(entry)
  let name = entry
  if (withPort && !isIP(entry)) {
    if (Number(withPort[2]) !== port) {
      return false
    }
    name = withPort[1]
  }
  name = bare(name.replace(/^\*/, "").replace(/^\./, ""))
  if (!name) {
    return false
  }
  if (LOOPBACK.has(host) && LOOPBACK.has(name)) {
    return true
  }
  return host === name || host.endsWith(`.${name}`)
}

/** The proxy a request to `url` goes through, or undefined for a direct connection. */
export function proxyForUrl(url: URL, env: ProxyEnvironment): URL | undefined {
  const configured =
    (url.protocol === "https:" ? env.https : env.http) ?? env.all
  if (!configured) {
    return undefined
  }
  const host = bare(url.hostname)
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0
  const entries = (env.noProxy ?? "").toLowerCase().split(/[\s,]+/)
  if (entries.some((entry) => entry && bypasses(entry, host, port))) {
    return undefined
  }
  // "proxy:3128" without a scheme is a plain http proxy, as curl reads it (axios took the target's scheme,
  // which for an https address meant TLS to a proxy that rarely speaks it).
  return new URL(
    configured.includes("://") ? configured : `http://${configured}`
  )
}

/** `Proxy-Authorization` for a proxy URL with credentials. */
export function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username && !proxy.password) {
    return undefined
  }
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`
  return `Basic ${Buffer.from(credentials).toString("base64")}`
}

/** Connection details of a proxy, for `http.request` / `https.request`. */
export function proxyEndpoint(proxy: URL) {
  const secure = proxy.protocol === "https:"
  return {
    module: secure ? https : http,
    host: bare(proxy.hostname),
    port: Number(proxy.port) || (secure ? 443 : 80),
  }
}

/**
 * An https agent whose connections are tunnels through a proxy (`CONNECT host:port`), TLS to the target
 * inside. Its sockets are pooled and kept alive like any agent's; TLS settings (a private CA, a client
 * certificate) come from the agent options given to it.
 */
export class TunnelAgent extends https.Agent {
  constructor(
    private readonly proxy: URL,
    private readonly connectTimeoutMs: number,
    options: https.AgentOptions = {}
  ) {
    super({ keepAlive: true, ...options })
  }

  createConnection(
    options: https.RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void
  ): undefined {
    const done = callback ?? (() => {})
    const { module, host, port } = proxyEndpoint(this.proxy)
    const target = `${options.host}:${options.port}`
    const authorization = proxyAuthorization(this.proxy)
    const connect = module.request({
      host,
      port,
      method: "CONNECT",
      path: target,
      headers: {
        host: target,
        ...(authorization ? { "proxy-authorization": authorization } : {}),
      },
      agent: false,
    })
    let settled = false
    const fail = (error: Error) => {
      if (!settled) {
        settled = true
        done(error, undefined as never)
      }
    }
    connect.setTimeout(this.connectTimeoutMs, () =>
      connect.destroy(
        Object.assign(new Error("proxy CONNECT timed out"), {
          code: "ETIMEDOUT",
        })
      )
    )
    connect.once("error", fail)
    connect.once("connect", (response, socket) => {
      connect.setTimeout(0)
      if (response.statusCode !== 200) {
        socket.destroy()
        return fail(
          Object.assign(
            new Error(`proxy answered ${response.statusCode} to CONNECT`),
            { code: "EPROXY" }
          )
        )
      }
      settled = true
      // The name the certificate is checked against; none for an address (TLS forbids it as a name).
      const name = String(options.servername || options.host)
      done(
        null,
        tls.connect({
          ...(options as tls.ConnectionOptions),
          socket,
          servername: isIP(name) ? undefined : name,
        })
      )
    })
    connect.end()
    return undefined
  }
}
