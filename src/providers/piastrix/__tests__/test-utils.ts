import type { Logger } from "@medusajs/framework/types"
import { startSandbox, type RunningSandbox } from "../../../../sandbox/src"
import type { PiastrixOptionsInput, SqlConnection } from "../../../lib/plugin"
import type { PiastrixBase } from "../core/piastrix-base"
import { sharedPollingGuard } from "../../../lib/piastrix"

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

/**
 * The sandbox, and this process's polling guard for it made first with the in-memory store: the provider's
 * `installationPollingGuard` then finds it and never reaches for the Postgres store, for which unit tests
 * have no database. Suites with Postgres pass `{ pollStore: "database" }` and the provider makes its own
 * (integration-tests/modules/polling-across-instances.spec.ts tests that store).
 */
export async function startTestSandbox(
  options: { pollStore?: "memory" | "database" } = {}
): Promise<RunningSandbox> {
  const running = await startSandbox({
    port: 0,
    shopId: SHOP_ID,
    secret: SECRET,
    config: { timing: { requisitesDelayMs: 0 } },
  })
  if (options.pollStore !== "database") {
    sharedPollingGuard(running.url, SHOP_ID)
  }
  return running
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

export function makeService<T extends PiastrixBase>(
  Service: ServiceClass<T>,
  running: RunningSandbox,
  overrides: Partial<PiastrixOptionsInput> = {},
  cradle: Record<string, unknown> = { __pg_connection__: fakeInbox([]) }
): { service: T; logger: ReturnType<typeof recordingLogger> } {
  const logger = recordingLogger()
  return {
    service: new Service(
      { ...cradle, logger },
      baseOptions(running.url, overrides)
    ),
    logger,
  }
}

/** A verified notification as the inbox holds it. */
export type InboxVerdictRow = {
  id: string
  shop_order_id: string
  status: string
  shop_amount: string
  shop_currency: number
  payment_id: string | null
  payer_account: string | null
  created_at: Date
}

/**
 * The store's database as the provider's queries see it: the inbox's rows of one order, and the payment
 * register, which accepts every write. Refunds are not here: the refund register's SQL is the guard, so
 * refundPayment is tested against Postgres (integration-tests/providers/refund-payment.spec.ts). Unit tests
 * run without Postgres; the integration suites use the real tables.
 */
export function fakeInbox(rows: InboxVerdictRow[]): SqlConnection & {
  queries: number
  registered: string[]
  /** The register's payer wallets, in full, by shop_order_id. */
  payers: Map<string, string>
} {
  const db = {
    queries: 0,
    registered: [] as string[],
    payers: new Map<string, string>(),
    async raw(sql: string, bindings: readonly unknown[] = []) {
      db.queries += 1
      // The register's payer wallet (payment-register.ts), told apart by the statement's shape.
      if (/^\s*update piastrix_payment set payer_account = \?/.test(sql)) {
        db.payers.set(String(bindings[1]), String(bindings[0]))
        return { rows: [] }
      }
      if (/\) as payer_account\s*$/.test(sql)) {
        // The verified success's wallet first, as payerAccountOf reads it.
        const notified = rows.find(
          (r) =>
            r.shop_order_id === bindings[0] &&
            r.status === "success" &&
            r.payer_account
        )?.payer_account
        return {
          rows: [
            {
              payer_account:
                notified ?? db.payers.get(String(bindings[0])) ?? null,
            },
          ],
        }
      }
      if (/-- settings:read/.test(sql)) {
        // No operational setting stored: the options are what each test configures.
        return { rows: [] }
      }
      if (/^\s*(insert into|update) piastrix_payment/.test(sql)) {
        db.registered.push(String(bindings[1] ?? bindings[0]))
        return { rows: [] }
      }
      if (!/from piastrix_notification/.test(sql)) {
        throw new Error(`unexpected query: ${sql}`)
      }
      return { rows: rows.filter((r) => r.shop_order_id === bindings[0]) }
    },
  }
  return db
}

let sequence = 0

/** A fresh Medusa-like payment session id; the polling guard keys on it, so tests never share one. */
export function newSessionId(): string {
  sequence += 1
  return `payses_spec${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 8)}`
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
