import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http"
import { ControlError } from "./control-error"
import { PiastrixErrorCode } from "./envelope-error"
import { page, escapeHtml } from "./html"
import { pollOf, recordPoll, tooEarlyMessage } from "./polling"
import { errorEnvelope, htmlReply, jsonReply, type Reply } from "./reply"
import { countRequest } from "./request-counts"
import { Router } from "./router"
import type { Sandbox } from "./sandbox"

// Receipts may be 10 MB; a little more is read so an oversized one is answered, not cut off mid-upload.
const BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024
const CONTROL_PREFIX = "/__sandbox/"

type Body = { body: Buffer; tooLarge: boolean }

function readBody(req: IncomingMessage): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > BODY_LIMIT) {
        tooLarge = true
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => resolve({ body: Buffer.concat(chunks), tooLarge }))
    req.on("error", reject)
  })
}

function send(res: ServerResponse, reply: Reply): void {
  const body =
    typeof reply.body === "string"
      ? Buffer.from(reply.body, "utf8")
      : reply.body
  res.writeHead(reply.status, {
    ...reply.headers,
    "content-length": body.length,
  })
  res.end(body)
}

function failure(path: string, error: unknown): Reply {
  const control = path.startsWith(CONTROL_PREFIX)
  if (error instanceof ControlError) {
    return control
      ? jsonReply(error.status, { error: error.message })
      : htmlReply(
          error.status,
          page("Sandbox", `<p class="error">${escapeHtml(error.message)}</p>`)
        )
  }
  if (error instanceof SyntaxError || error instanceof URIError) {
    return jsonReply(400, { error: error.message })
  }
  console.error(
    `piastrix-sandbox: ${path} failed: ${(error as Error)?.stack ?? error}`
  )
  return jsonReply(500, { error: "internal sandbox error" })
}

// Latency passes in sandbox time: real time releases the reply, and so does a test advancing the clock.
const sleep = (sandbox: Sandbox, ms: number) =>
  new Promise<void>((resolve) => sandbox.clock.schedule(ms, resolve))

export function createSandboxServer(sandbox: Sandbox): Server {
  const router = new Router(sandbox)

  const handle = async (
    req: IncomingMessage,
    res: ServerResponse
  ): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://sandbox")
    const path =
      url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname
    const method = req.method ?? "GET"
    const { body, tooLarge } = await readBody(req)

    const control = path.startsWith(CONTROL_PREFIX)
    // Every request counts as it arrives, and a status poll before a fault can answer it: a client that
    // retries a failed call calls again.
    const counted = control ? null : countRequest(sandbox, path, body)
    const poll =
      control || method !== "POST" ? null : pollOf(sandbox, path, body)
    const violation = poll ? recordPoll(sandbox, poll) : null
    const plan = control ? null : sandbox.faults.forRequest(path)
    if (plan) {
      counted?.faultsHit(plan)
    }
    if (plan?.latencyMs) {
      await sleep(sandbox, plan.latencyMs)
    }
    if (plan?.action === "reset") {
      req.socket.destroy()
      return
    }
    if (plan?.action === "http_error") {
      send(res, {
        status: plan.status,
        headers: { "content-type": "text/html" },
        body: "<html><body>Server error</body></html>",
      })
      return
    }

    const match = router.match(method, path)
    let reply: Reply
    if (!match) {
      reply = jsonReply(404, { detail: "Not Found" })
    } else if ("methodNotAllowed" in match) {
      reply = jsonReply(405, { detail: "Method Not Allowed" })
    } else if (tooLarge && !path.startsWith("/api/v1/order/")) {
      reply = jsonReply(413, { detail: "Request body too large" })
    } else if (violation?.refused) {
      counted?.refused()
      reply = errorEnvelope(PiastrixErrorCode.OTHER, tooEarlyMessage(violation))
    } else {
      counted?.handled()
      try {
        reply = await match.handler({
          ctx: sandbox,
          method,
          path,
          params: match.params,
          query: url.searchParams,
          headers: req.headers,
          body,
          bodyTooLarge: tooLarge,
        })
      } catch (error) {
        reply = failure(path, error)
      }
    }
    if (plan?.holdMs) {
      // The request took effect; its caller waits (and may die waiting: then nobody reads the reply).
      await sleep(sandbox, plan.holdMs)
      if (req.socket.destroyed) {
        counted?.unanswered()
        return
      }
    }
    if (plan?.action === "drop_reply") {
      // The request took effect; the caller never learns it (outcome unknown).
      counted?.unanswered()
      req.socket.destroy()
      return
    }
    send(res, reply)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) {
        send(res, failure(req.url ?? "", error))
      }
    })
  })
  // A request sent on an idle connection as the server closes it fails with ECONNRESET (undici's fetch keeps a
  // connection the server's hint less 1 s, on a timer of about a second's resolution): a control call of a
  // loaded test run did, once, with Node's 5 s, which a loaded run's pauses reach. A test's connection idle
  // for 30 s is rare.
  server.keepAliveTimeout = 30_000
  return server
}
