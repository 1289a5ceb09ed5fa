import http from "node:http"
import https from "node:https"
import zlib from "node:zlib"
import {
  proxyAuthorization,
  proxyEndpoint,
  proxyForUrl,
  ProxyEnvironment,
  readProxyEnvironment,
  TunnelAgent,
} from "./proxy"

/**
 * One request on the wire, for the transport (http.ts), which decides what its outcome means: Node's `http`
 * and `https` on keep-alive agents, directly or through an egress proxy (proxy.ts), redirects followed where
 * the caller allows them, the answer read whole whatever its status, all within one deadline.
 */

/** Redirects followed by a request that follows them (not the signed POSTs, nor the card form). */
const MAX_REDIRECTS = 5

export interface RawResponse {
  status: number
  headers: Record<string, string | undefined>
  text: string
}

export interface ExchangeRequest {
  method: "GET" | "POST"
  url: string
  /** A text body, or a form with files (sent as multipart/form-data). */
  data?: string | FormData
  headers?: Record<string, string>
  timeoutMs: number
  /** 0 to see a redirect instead of following it. */
  maxRedirects?: number
}

export interface ExchangeOptions {
  /** A proxy URL for every request, `false` for none; the environment's (HTTP(S)_PROXY, NO_PROXY) by default. */
  proxy?: string | false
  /** Agents of direct connections; Node's global agents by default. */
  agents?: { http?: http.Agent; https?: https.Agent }
  /** How long a proxy may take to open a tunnel. */
  connectTimeoutMs: number
}

/** The deadline of a call passed: its request is destroyed with this. */
export class TimedOut extends Error {}

/** The body as bytes, with its Content-Type when it has one of its own (a form's boundary). */
async function encodeBody(
  data: ExchangeRequest["data"]
): Promise<{ bytes?: Buffer; contentType?: string }> {
  if (data === undefined) {
    return {}
  }
  if (typeof data === "string") {
    return { bytes: Buffer.from(data) }
  }
  // The platform's own multipart encoding, boundary included.
  const encoded = new Response(data)
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? undefined,
  }
}

const DECODERS: Record<string, (bytes: Buffer) => Promise<Buffer>> = {
  gzip: (bytes) =>
    new Promise((resolve, reject) =>
      zlib.gunzip(
        bytes,
        { finishFlush: zlib.constants.Z_SYNC_FLUSH },
        (e, r) => (e ? reject(e) : resolve(r))
      )
    ),
  deflate: (bytes) =>
    new Promise((resolve, reject) =>
      zlib.inflate(bytes, (e, r) => (e ? reject(e) : resolve(r)))
    ),
  br: (bytes) =>
    new Promise((resolve, reject) =>
      zlib.brotliDecompress(bytes, (e, r) => (e ? reject(e) : resolve(r)))
    ),
}

function readResponse(res: http.IncomingMessage, bytes: Buffer): RawResponse {
  const headers: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(res.headers)) {
    headers[key] = value == null ? undefined : String(value)
  }
  return { status: res.statusCode ?? 0, headers, text: bytes.toString("utf8") }
}

/** A 301, 302 or 303 turns a POST into a GET without its body, as browsers and axios do; 307 and 308 keep both. */
const keepsMethod = (status: number) => status === 307 || status === 308

/** Sends requests as ExchangeRequest describes them; one per transport, holding its proxy routes and tunnels. */
export class HttpExchange {
  private readonly agents: { http?: http.Agent; https?: https.Agent }
  private readonly proxy: string | false | ProxyEnvironment
  private readonly connectTimeoutMs: number
  /** The proxy of each origin ("https://core.piastrix.com"), null for none: decided once per origin. */
  private readonly routes = new Map<string, URL | null>()
  private readonly tunnels = new Map<string, TunnelAgent>()

  constructor(options: ExchangeOptions) {
    this.agents = options.agents ?? {}
    this.proxy = options.proxy ?? readProxyEnvironment()
    this.connectTimeoutMs = options.connectTimeoutMs
  }

  /** The request and the redirects it may follow, all within one deadline. */
  async request(request: ExchangeRequest): Promise<RawResponse> {
    const deadline = Date.now() + request.timeoutMs
    const { bytes, contentType } = await encodeBody(request.data)
    const headers: http.OutgoingHttpHeaders = {
      "user-agent": "medusa-payment-piastrix",
      "accept-encoding": "gzip, deflate, br",
    }
    for (const [key, value] of Object.entries(request.headers ?? {})) {
      headers[key.toLowerCase()] = value
    }
    if (contentType) {
      headers["content-type"] = contentType
    }
    if (bytes) {
      headers["content-length"] = bytes.length
    }
    let url = new URL(request.url)
    let method: string = request.method
    let body = bytes
    const maxRedirects = request.maxRedirects ?? MAX_REDIRECTS
    for (let redirects = 0; ; redirects++) {
      const response = await this.once(
        url,
        method,
        headers,
        body,
        Math.max(0, deadline - Date.now())
      )
      const location = response.headers.location
      if (
        response.status < 300 ||
        response.status >= 400 ||
        !location ||
        redirects >= maxRedirects
      ) {
        return response
      }
      url = new URL(location, url)
      if (!keepsMethod(response.status) && method !== "GET") {
        method = "GET"
        body = undefined
        delete headers["content-type"]
        delete headers["content-length"]
      }
    }
  }

  /**
   * One HTTP exchange. Rejects with Node's error, or with TimedOut when the whole exchange (connecting,
   * sending, the answer's last byte) takes longer than `timeoutMs`: a service that hangs mid-answer is
   * given up on too.
   */
  private once(
    url: URL,
    method: string,
    headers: http.OutgoingHttpHeaders,
    body: Buffer | undefined,
    timeoutMs: number
  ): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      let settled = false
      let timedOut = false
      const finish = (error: unknown, response?: RawResponse) => {
        if (settled) {
          return
        }
        settled = true
        clearTimeout(timer)
        if (response && !error) {
          resolve(response)
        } else {
          reject(timedOut ? new TimedOut() : error)
        }
      }
      let req: http.ClientRequest
      try {
        req = this.open(url, method, headers)
      } catch (error) {
        // A request Node refuses to make (an unsupported protocol, a bad header): never sent.
        reject(error)
        return
      }
      const timer = setTimeout(() => {
        timedOut = true
        req.destroy(new TimedOut())
      }, timeoutMs)
      req.once("error", finish)
      req.once("response", (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.once("error", finish)
        res.once("close", () => {
          if (!res.complete) {
            finish(
              Object.assign(new Error("connection closed mid-answer"), {
                code: "ECONNRESET",
              })
            )
          }
        })
        res.once("end", () => {
          const raw = Buffer.concat(chunks)
          const encoding = String(res.headers["content-encoding"] ?? "")
            .trim()
            .toLowerCase()
          const decode = DECODERS[encoding]
          const decoded = decode ? decode(raw) : Promise.resolve(raw)
          decoded.then(
            (bytes) => finish(undefined, readResponse(res, bytes)),
            finish
          )
        })
      })
      req.end(body)
    })
  }

  /** The request for `url`: direct, through a proxy as an absolute-form request (http), or tunnelled (https). */
  private open(
    url: URL,
    method: string,
    headers: http.OutgoingHttpHeaders
  ): http.ClientRequest {
    const proxy = this.proxyFor(url)
    const secure = url.protocol === "https:"
    if (!proxy) {
      return secure
        ? https.request(url, { method, headers, agent: this.agents.https })
        : http.request(url, { method, headers, agent: this.agents.http })
    }
    if (secure) {
      return https.request(url, { method, headers, agent: this.tunnel(proxy) })
    }
    const { module, host, port } = proxyEndpoint(proxy)
    const authorization = proxyAuthorization(proxy)
    return module.request({
      host,
      port,
      method,
      path: url.href,
      headers: {
        ...headers,
        host: url.host,
        ...(authorization ? { "proxy-authorization": authorization } : {}),
      },
    })
  }

  private proxyFor(url: URL): URL | undefined {
    if (this.proxy === false) {
      return undefined
    }
    const origin = `${url.protocol}//${url.host}`
    let route = this.routes.get(origin)
    if (route === undefined) {
      route =
        (typeof this.proxy === "string"
          ? new URL(this.proxy)
          : proxyForUrl(url, this.proxy)) ?? null
      this.routes.set(origin, route)
    }
    return route ?? undefined
  }

  private tunnel(proxy: URL): TunnelAgent {
    let agent = this.tunnels.get(proxy.href)
    if (!agent) {
      agent = new TunnelAgent(
        proxy,
        this.connectTimeoutMs,
        this.agents.https?.options
      )
      this.tunnels.set(proxy.href, agent)
    }
    return agent
  }
}
