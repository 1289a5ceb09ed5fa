import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  Modules,
  PaymentActions,
} from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { AxiosInstance } from "axios"
import { reconcilePiastrix } from "../../src/jobs/reconcile-piastrix"
import { signCallback } from "../../src/lib/piastrix/sign"
import { PIASTRIX_MODULE } from "../../src/modules/piastrix"
import type PiastrixModuleService from "../../src/modules/piastrix/service"
import type { NotificationRow } from "../../src/modules/piastrix/types"
import type { RunningSandbox } from "../../sandbox/src"
import { TEST_SECRET, TEST_SHOP_ID } from "./runner"

/**
 * Medusa's own payment processing of a paid session, as its webhook route runs it: authorize, capture, then
 * complete the cart. On a cart that cannot complete, its compensation refunds the captured payment (a
 * wallet's money goes back to the payer; other kinds refuse the refund) and replaces the session with one
 * carrying the payment. The plugin's callback processing never runs it on such a cart (it stops at the
 * failed completion); tests reach what it leaves with this.
 */
export async function processPaymentAsMedusaWould(
  container: MedusaContainer,
  sessionId: string
): Promise<void> {
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions({ id: sessionId }, { select: ["id", "amount"] })
  await processPaymentWorkflow(container).run({
    input: {
      action: PaymentActions.SUCCESSFUL,
      data: { session_id: sessionId, amount: session.amount },
    },
    throwOnError: false,
  })
}

/** Calls the sandbox's control API (`/__sandbox/...`); throws with its message on an error. */
export async function sandboxControl<T = any>(
  sandbox: RunningSandbox,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown
): Promise<T> {
  const res = await fetch(
    `${sandbox.url}/__sandbox/${path.replace(/^\//, "")}`,
    {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }
  )
  const json = (await res.json()) as T & { error?: string }
  if (!res.ok) {
    throw new Error(
      `sandbox ${method} ${path}: ${res.status} ${json.error ?? ""}`
    )
  }
  return json
}

/** Holds the sandbox's next notifications, so a test can deliver them itself. */
export async function holdCallbacks(sandbox: RunningSandbox): Promise<void> {
  await sandboxControl(sandbox, "POST", "faults", {
    type: "out_of_order_callbacks",
  })
}

/**
 * The payment `sessionId` (a rouble one) paid at the sandbox in dollars (or as `paid` says: another amount),
 * its callback held (lost to the store), then read by the reconcile job once its minute passed (the database's
 * clock decides): never captured, the register marks it `paid_without_order`, and the inbox lists it for a
 * person. Returns the job's run.
 */
export async function paidNotAsAskedFoundByStatus(
  container: MedusaContainer,
  sandbox: RunningSandbox,
  sessionId: string,
  paid: { amount?: string; currency?: number } = { currency: 840 }
) {
  await holdCallbacks(sandbox)
  await sandboxControl(sandbox, "POST", `payments/${sessionId}/pay`, paid)
  await container
    .resolve(ContainerRegistrationKeys.PG_CONNECTION)
    .raw(
      `update piastrix_payment set next_check_at = now() where shop_order_id = ?`,
      [sessionId]
    )
  return reconcilePiastrix(container)
}

/** The transfers the sandbox received that send a session's money back to the payer (refunds go out as transfers). */
export async function refundTransfers(
  sandbox: RunningSandbox,
  sessionId: string
): Promise<any[]> {
  const { payouts } = await sandboxControl(sandbox, "GET", "state")
  return (payouts as any[]).filter((p) =>
    String(p.shopPaymentId ?? p.shop_payment_id).startsWith(sessionId)
  )
}

/** The fields of the notifications the sandbox made for a session (newest last). */
export async function sandboxNotifications(
  sandbox: RunningSandbox,
  shopOrderId: string
): Promise<
  Array<{ event: string; delivered: boolean; fields: Record<string, string> }>
> {
  const { notifications } = await sandboxControl(sandbox, "GET", "callbacks")
  return notifications.filter(
    (n: { shopOrderId: string }) => n.shopOrderId === shopOrderId
  )
}

/** A notification as the service would send it, signed with the test shop's secret. */
export function signedNotification(
  fields: Record<string, string>,
  secret = TEST_SECRET
): Record<string, string> {
  const { sign: _ignored, ...rest } = fields
  return { ...rest, sign: signCallback(rest, secret) }
}

/**
 * The service's payment ids for hand-made notifications: counted, so every run makes the same ones, and
 * unlike the sandbox's own (100000001 on).
 */
let lastPaymentId = 900000

/** A success notification for `shopOrderId`, with the fields the service sends. */
export function successNotification(
  shopOrderId: string,
  amount: string,
  overrides: Record<string, string> = {}
) {
  return signedNotification({
    status: "success",
    shop_id: String(TEST_SHOP_ID),
    shop_order_id: shopOrderId,
    shop_amount: amount,
    shop_currency: "643",
    shop_refund: amount,
    client_price: amount,
    ps_currency: "643",
    payway: "card_rub",
    payment_id: String(++lastPaymentId),
    created: "2026-11-22 10:00:00",
    processed: "2026-11-22 10:01:00",
    ps_data: "{}",
    payer_account: "",
    description: "",
    ...overrides,
  })
}

/** Posts a notification to the plugin's callback route, as the service does; never throws. */
export async function postCallback(
  api: AxiosInstance,
  body: Record<string, string> | string,
  contentType = "application/x-www-form-urlencoded"
): Promise<{ status: number; body: any }> {
  const payload =
    typeof body === "string" ? body : new URLSearchParams(body).toString()
  try {
    const res = await api.post("/hooks/piastrix", payload, {
      headers: { "content-type": contentType },
      transformRequest: [(data) => data],
    })
    return { status: res.status, body: res.data }
  } catch (err: any) {
    if (!err.response) {
      throw err
    }
    return { status: err.response.status, body: err.response.data }
  }
}

export function inbox(container: MedusaContainer): PiastrixModuleService {
  return container.resolve<PiastrixModuleService>(PIASTRIX_MODULE)
}

export async function inboxRows(
  container: MedusaContainer,
  filters: Record<string, unknown> = {}
) {
  return (await inbox(container).listPiastrixNotifications(
    filters
  )) as unknown as NotificationRow[]
}

/** A payment session with its status and data, or null when Medusa deleted it. */
export async function paymentSession(container: MedusaContainer, id: string) {
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions({ id })
  return (session as any) ?? null
}

/** Polls `probe` until it returns a truthy value (background processing), or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 15000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) {
      return value
    }
    if (Date.now() > deadline) {
      throw new Error(`waited ${timeoutMs} ms in vain`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Waits until the inbox row of `shopOrderId` reaches `state` (processing runs after the `OK`). */
export async function settledRow(
  container: MedusaContainer,
  shopOrderId: string,
  state: string
) {
  const [row] = await waitFor(async () => {
    const rows = await inboxRows(container, { shop_order_id: shopOrderId })
    return rows.length === 1 && rows[0].state === state ? rows : null
  })
  return row
}
