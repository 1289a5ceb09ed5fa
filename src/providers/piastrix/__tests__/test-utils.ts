import type { Logger } from "@medusajs/framework/types"
import { startSandbox, type RunningSandbox } from "../../../../sandbox/src"
import { MemoryPollStore } from "../../../lib/piastrix"
import type { PiastrixOptionsInput } from "../../../lib/plugin"
import type { StoredSettings } from "../../../modules/piastrix/repositories/settings"
import type { VerifiedVerdict } from "../../../modules/piastrix/repositories/inbox"
import type { PiastrixBase } from "../core/piastrix-base"
import type { ProviderStore } from "../core/store"

/** Shared by the provider's specs: a real sandbox on an ephemeral port and services pointed at it. */

export const SHOP_ID = 1
export const SECRET = "provider-spec-secret-7d41e"

/** The sandbox's own invoice codes (sandbox/src/statuses.ts); the service documents only 4. */
export const SANDBOX_INVOICE_STATUSES = {
  "1": "pending",
  "2": "pending",
  "3": "rejected",
  "4": "paid",
  "5": "expired",
} as const

/** The sandbox on an ephemeral port: each run has its own, so the process's polling guards never meet. */
export async function startTestSandbox(): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    shopId: SHOP_ID,
    secret: SECRET,
    config: { timing: { requisitesDelayMs: 0 } },
  })
}

export type LogLine = { level: string; message: string }

export function recordingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = []
  const log = (level: string) => (message: unknown) => {
    lines.push({ level, message: String(message) })
  }
  return {
    lines,
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    debug: log("debug"),
    log: log("log"),
    activity: log("activity"),
    progress: log("progress"),
    success: log("success"),
    failure: log("failure"),
    panic: log("panic"),
    shouldLog: () => true,
    setLogLevel: () => undefined,
    unsetLogLevel: () => undefined,
  } as unknown as Logger & { lines: LogLine[] }
}

type ServiceClass<T extends PiastrixBase> = new (
  cradle: Record<string, unknown>,
  options: PiastrixOptionsInput
) => T

export function baseOptions(
  url: string,
  overrides: Partial<PiastrixOptionsInput> = {}
): PiastrixOptionsInput {
  return {
    shopId: SHOP_ID,
    secretKey: SECRET,
    apiUrl: url,
    h2hUrl: url,
    statuses: { invoice: { ...SANDBOX_INVOICE_STATUSES } },
    ...overrides,
  }
}

/**
 * A service of `Service` on the sandbox. Its data lives in `store` (unit tests: `memoryStore()`, the
 * default), or, given a `cradle` with Medusa's connection, in Postgres through the plugin's own SQL
 * (integration-tests/providers/*.spec.ts).
 */
export function makeService<T extends PiastrixBase>(
  Service: ServiceClass<T>,
  running: RunningSandbox,
  overrides: Partial<PiastrixOptionsInput> = {},
  backing: { store: ProviderStore } | { cradle: Record<string, unknown> } = {
    store: memoryStore(),
  }
): { service: T; logger: ReturnType<typeof recordingLogger> } {
  const logger = recordingLogger()
  const options = baseOptions(running.url, overrides)
  if ("cradle" in backing) {
    return {
      service: new Service({ ...backing.cradle, logger }, options),
      logger,
    }
  }
  // The service as Medusa builds it, with its data port in place of the SQL one.
  const Backed = class extends (Service as ServiceClass<any>) {
    protected store(): ProviderStore {
      return backing.store
    }
  }
  return { service: new Backed({ logger }, options) as unknown as T, logger }
}

/** A verified notification of one order, as the inbox gives it. */
export type HeldVerdict = VerifiedVerdict & { shop_order_id: string }

/** A payment in the in-memory register. */
export type HeldPayment = {
  shop_order_id: string
  kind: string
  amount: string
  currency: number
  payment_id: string | null
  payer_account: string | null
}

/**
 * The provider's data port in memory, keeping the port's contract (core/store.ts), not its SQL: the
 * inbox holds `verdicts`, the payment register `payments` (opened once, marked created once, the payer's
 * wallet in full). The refund register is not here: its SQL is the guard, so refundPayment is tested
 * against Postgres (integration-tests/providers/refund-payment.spec.ts). Every method is a field, so a test
 * can replace one (a failing database, a check at the moment of a write).
 */
export function memoryStore(
  verdicts: HeldVerdict[] = [],
  settings: StoredSettings = {}
): ProviderStore & {
  verdictsHeld: HeldVerdict[]
  payments: Map<string, HeldPayment>
} {
  const payments = new Map<string, HeldPayment>()
  const polls = new MemoryPollStore()
  const noRefunds = () =>
    Promise.reject(
      new Error(
        "the refund register runs on Postgres: integration-tests/providers/refund-payment.spec.ts"
      )
    )
  let recorded = 0
  return {
    verdictsHeld: verdicts,
    payments,
    settings: async () => settings,
    verdicts: async (shopOrderId) =>
      verdicts
        .filter((v) => v.shop_order_id === shopOrderId)
        .map(({ shop_order_id: _, ...v }) => v),
    record: async (n) => {
      recorded += 1
      const row = {
        id: `pxntf_memory${recorded}`,
        shop_order_id: n.shop_order_id,
        payment_id: n.payment_id ?? null,
        status: n.status,
        shop_amount: n.shop_amount,
        shop_currency: Number(n.shop_currency),
        fields: n.raw,
      }
      if (n.status === "success" || n.status === "rejected") {
        verdicts.push({
          shop_order_id: n.shop_order_id,
          notification_id: row.id,
          status: n.status,
          shop_amount: n.shop_amount,
          shop_currency: row.shop_currency,
          payment_id: row.payment_id,
          payer_account: String(n.raw.payer_account ?? "") || null,
          received_at: new Date().toISOString(),
          refunded: false,
        })
      }
      return { row: row as never, duplicate: false, conflict: false }
    },
    mayCarry: async () => false,
    capturedBefore: async () => false,
    register: {
      opened: async (p) => {
        if (!payments.has(p.shop_order_id)) {
          payments.set(p.shop_order_id, {
            ...p,
            payment_id: null,
            payer_account: null,
          })
        }
      },
      created: async (shopOrderId, paymentId) => {
        const payment = payments.get(shopOrderId)
        if (payment && payment.payment_id === null) {
          payment.payment_id = paymentId
        }
      },
      notePayer: async (shopOrderId, account) => {
        const payment = payments.get(shopOrderId)
        if (payment) {
          payment.payer_account = account
        }
      },
      // Who actually paid (the verified success) first, else the register's.
      payer: async (shopOrderId) =>
        verdicts.find(
          (v) =>
            v.shop_order_id === shopOrderId &&
            v.status === "success" &&
            v.payer_account
        )?.payer_account ??
        payments.get(shopOrderId)?.payer_account ??
        null,
    },
    refunds: {
      open: noRefunds,
      orphans: noRefunds,
      sent: noRefunds,
      settle: noRefunds,
      withoutOrder: async () => false,
    },
    polls: () => polls,
  }
}

let sequence = 0

/**
 * A fresh Medusa-like payment session id; the polling guard keys on it, so tests never share one. Counted,
 * not drawn: each file has its own sandbox, and the integration runner restores the database before every test.
 */
export function newSessionId(): string {
  sequence += 1
  return `payses_spec${String(sequence).padStart(6, "0")}`
}

export function initiateInput(
  data: Record<string, unknown> = {},
  overrides: {
    amount?: unknown
    currency_code?: string
    customerEmail?: string
  } = {}
) {
  const sessionId = (data.session_id as string | undefined) ?? newSessionId()
  return {
    amount: (overrides.amount ?? 1250.5) as number,
    currency_code: overrides.currency_code ?? "rub",
    data: { email: "payer@example.com", ...data, session_id: sessionId },
    context: overrides.customerEmail
      ? { customer: { id: "cus_1", email: overrides.customerEmail } }
      : {},
  }
}

/** Calls the sandbox's control API (`/__sandbox/...`) over HTTP, as an outside test would. */
export async function control(
  running: RunningSandbox,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown
): Promise<any> {
  const response = await fetch(`${running.url}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) {
    throw new Error(
      `sandbox control ${method} ${path}: ${response.status} ${JSON.stringify(json)}`
    )
  }
  return json
}

/** How many status calls the sandbox counted for one order. */
export async function pollCount(
  running: RunningSandbox,
  shopOrderId: string
): Promise<number> {
  const { counts } = await control(running, "GET", "/polls")
  return counts[`payment:${shopOrderId}`] ?? 0
}
