/**
 * A client of the payment service written only from the reference (reference/service-api.md and
 * the signature rule of docs/service-facts.md#signature), with plain node:crypto and fetch. It imports nothing of this
 * repository on purpose: it proves that a program written from the reference alone can sign
 * requests and get the documented answers from the sandbox.
 */
import { createHash } from "node:crypto"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"

/** Signed parameters per endpoint (the reference's Authentication table; `email` left out). */
export const SIGNED: Record<string, string[]> = {
  "/invoice/try": ["shop_id", "amount", "currency", "payway", "shop_order_id"],
  "/invoice/create": [
    "shop_id",
    "amount",
    "currency",
    "payway",
    "shop_order_id",
  ],
  "/invoice/check": ["now", "shop_id", "shop_order_id"],
  "/bill/create": [
    "payer_currency",
    "shop_amount",
    "shop_currency",
    "shop_id",
    "shop_order_id",
  ],
  "/bill/shop_order_status": ["now", "shop_id", "shop_order_id"],
  "/withdraw/try": [
    "shop_currency",
    "amount_type",
    "payway",
    "amount",
    "shop_id",
  ],
  "/check_account": ["account", "payway", "amount", "shop_id"],
  "/withdraw/create": [
    "account",
    "amount",
    "amount_type",
    "payway",
    "shop_currency",
    "shop_id",
    "shop_payment_id",
  ],
  "/withdraw/status": ["now", "shop_id", "withdraw_id"],
  "/withdraw/shop_payment_status": ["now", "shop_id", "shop_payment_id"],
  "/transfer/try": [
    "amount",
    "amount_type",
    "payee_currency",
    "shop_currency",
    "shop_id",
  ],
  "/transfer/create": [
    "amount",
    "amount_type",
    "payee_account",
    "payee_currency",
    "shop_currency",
    "shop_id",
    "shop_payment_id",
  ],
  "/transfer/shop_payment_status": ["now", "shop_id", "shop_payment_id"],
  "/shop_balance": ["now", "shop_id"],
  "/shop_input_config/shop": ["now", "shop_id"],
  "/shop_output_config/shop": ["now", "shop_id"],
}

/** sha256 hex of the values of `keys` (sorted by key) joined with ":", followed by the secret. */
export function sign(
  fields: Record<string, string | number>,
  keys: string[],
  secret: string
): string {
  const joined = [...keys]
    .sort()
    .map((key) => String(fields[key]))
    .join(":")
  return createHash("sha256")
    .update(joined + secret, "utf8")
    .digest("hex")
}

/** A notification's sign: every field except `sign` whose value is not empty. */
export function callbackSign(
  fields: Record<string, string>,
  secret: string
): string {
  const keys = Object.keys(fields).filter(
    (k) => k !== "sign" && fields[k] !== ""
  )
  return sign(fields, keys, secret)
}

export function now(): string {
  return new Date().toISOString().replace("T", " ").slice(0, 19)
}

export type Envelope<T = any> = {
  data: T
  error_code: number
  message: string
  result: boolean
}

export class ReferenceClient {
  constructor(
    readonly baseUrl: string,
    readonly shopId: number,
    readonly secret: string
  ) {}

  /** Signs `body` for `path` (adding shop_id) and POSTs it as JSON. */
  async call<T = any>(
    path: string,
    body: Record<string, string | number | object>
  ): Promise<Envelope<T>> {
    const fields: Record<string, any> = { shop_id: this.shopId, ...body }
    const endpoint =
      path === "/shop_payment_status" ? "/transfer/shop_payment_status" : path
    fields.sign = sign(fields, SIGNED[endpoint], this.secret)
    return this.postJson(path, JSON.stringify(fields))
  }

  /** POSTs a raw JSON text, for bodies JSON.stringify cannot write (`10.00` as a number). */
  async postJson<T = any>(path: string, text: string): Promise<Envelope<T>> {
    const res = await fetch(this.baseUrl + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: text,
    })
    return (await res.json()) as Envelope<T>
  }

  async control<T = any>(
    method: string,
    path: string,
    body?: unknown
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.baseUrl}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T }
  }
}

export type ReceivedCallback = {
  path: string
  contentType: string
  body: string
  fields: Record<string, string>
}

/** A shop's callback endpoint: records notifications and answers what `reply` says. */
export async function startCallbackReceiver(
  reply: (
    n: ReceivedCallback,
    index: number
  ) => { status: number; body: string } = () => ({ status: 200, body: "OK" })
): Promise<{
  url: string
  received: ReceivedCallback[]
  close(): Promise<void>
  waitFor(count: number): Promise<void>
}> {
  const received: ReceivedCallback[] = []
  const waiters: (() => void)[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      const n: ReceivedCallback = {
        path: req.url ?? "/",
        contentType: String(req.headers["content-type"] ?? ""),
        body,
        fields: Object.fromEntries(new URLSearchParams(body)),
      }
      received.push(n)
      const answer = reply(n, received.length - 1)
      res.writeHead(answer.status, { "content-type": "text/plain" })
      res.end(answer.body)
      waiters.splice(0).forEach((w) => w())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 5000
    while (received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} callbacks, got ${received.length}`)
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 100).unref()
      })
    }
  }
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return { url, received, close, waitFor }
}
