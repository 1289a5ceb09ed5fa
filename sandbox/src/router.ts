import { controlRoutes } from "./control"
import { billCreate, billStatus } from "./endpoints/bill"
import { h2hData } from "./endpoints/h2h"
import { invoiceCheck, invoiceCreate, invoiceTry } from "./endpoints/invoice"
import { receiptStatus, uploadReceipt } from "./endpoints/receipts"
import {
  checkStatus,
  shopBalance,
  shopInputConfig,
  shopOutputConfig,
} from "./endpoints/shop"
import {
  transferCreate,
  transferStatus,
  transferTry,
} from "./endpoints/transfer"
import {
  checkAccountEndpoint,
  withdrawCreate,
  withdrawShopPaymentStatus,
  withdrawStatus,
  withdrawTry,
} from "./endpoints/withdraw"
import { payform, threeDsPage, threeDsSubmit } from "./pages/card-form"
import {
  failAction,
  payAction,
  paymentPage,
  resultPage,
} from "./pages/payer-pages"
import { receiptPage } from "./pages/receipt-page"
import { jsonReply, type Reply } from "./reply"
import type { SandboxRequest } from "./request"
import type { Sandbox } from "./sandbox"

type Handler = (req: SandboxRequest) => Reply | Promise<Reply>
type Route = {
  method: string
  pattern: RegExp
  keys: string[]
  handler: Handler
}

export type Match =
  | { handler: Handler; params: Record<string, string> }
  | { methodNotAllowed: true }
  | null

/** Every endpoint of the reference under one address, plus payer pages and the control API. */
function serviceRoutes(): [string, string, Handler][] {
  return [
    [
      "GET",
      "/",
      () =>
        jsonReply(200, {
          service: "piastrix-sandbox",
          docs: "sandbox/README.md",
        }),
    ],
    ["POST", "/invoice/try", invoiceTry],
    ["POST", "/invoice/create", invoiceCreate],
    ["POST", "/invoice/check", invoiceCheck],
    ["POST", "/bill/create", billCreate],
    ["POST", "/bill/shop_order_status", billStatus],
    ["POST", "/withdraw/try", withdrawTry],
    ["POST", "/withdraw/create", withdrawCreate],
    ["POST", "/withdraw/status", withdrawStatus],
    ["POST", "/withdraw/shop_payment_status", withdrawShopPaymentStatus],
    ["POST", "/check_account", checkAccountEndpoint],
    ["POST", "/transfer/try", transferTry],
    ["POST", "/transfer/create", transferCreate],
    ["POST", "/transfer/shop_payment_status", transferStatus],
    // One example of the reference names the path without the `/transfer` prefix.
    ["POST", "/shop_payment_status", transferStatus],
    ["POST", "/shop_balance", shopBalance],
    ["POST", "/shop_input_config/shop", shopInputConfig],
    ["POST", "/shop_output_config/shop", shopOutputConfig],
    ["GET", "/check_status", checkStatus],
    ["POST", "/h2h_data", h2hData],
    ["POST", "/payform", payform],
    ["GET", "/3ds/:token", threeDsPage],
    ["POST", "/3ds/:token", threeDsSubmit],
    [
      "POST",
      "/api/v1/order/:id/receipt",
      (req) => uploadReceipt(req, req.bodyTooLarge),
    ],
    ["GET", "/api/v1/order/:id/receipt/status", receiptStatus],
    ["GET", "/pay/:token", paymentPage],
    ["POST", "/pay/:token", paymentPage],
    ["POST", "/pay/:token/pay", payAction],
    ["POST", "/pay/:token/fail", failAction],
    ["GET", "/pay/:token/result", resultPage],
    ["GET", "/receipt/:id", receiptPage],
  ]
}

export class Router {
  private exact = new Map<string, Handler>()
  private patterns: Route[] = []
  private paths = new Set<string>()

  constructor(sandbox: Sandbox) {
    const control = controlRoutes.map(
      ([method, path, handler]) =>
        [method, path, (req: SandboxRequest) => handler(req, sandbox)] as [
          string,
          string,
          Handler,
        ]
    )
    for (const [method, path, handler] of [...serviceRoutes(), ...control]) {
      this.add(method, path, handler)
    }
  }

  private add(method: string, path: string, handler: Handler): void {
    if (!path.includes(":")) {
      this.exact.set(`${method} ${path}`, handler)
      this.paths.add(path)
      return
    }
    const keys: string[] = []
    const source = path.replace(/:([a-z_]+)/g, (_m, key: string) => {
      keys.push(key)
      return "([^/]+)"
    })
    this.patterns.push({
      method,
      pattern: new RegExp(`^${source}$`),
      keys,
      handler,
    })
  }

  match(method: string, path: string): Match {
    const handler = this.exact.get(`${method} ${path}`)
    if (handler) {
      return { handler, params: {} }
    }
    let pathKnown = this.paths.has(path)
    for (const route of this.patterns) {
      const found = route.pattern.exec(path)
      if (!found) {
        continue
      }
      if (route.method !== method) {
        pathKnown = true
        continue
      }
      const params: Record<string, string> = {}
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(found[i + 1])
      })
      return { handler: route.handler, params }
    }
    return pathKnown ? { methodNotAllowed: true } : null
  }
}
