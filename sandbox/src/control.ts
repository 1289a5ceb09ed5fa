import { z } from "zod"
import { balanceOf } from "./balances"
import { ControlError } from "./control-error"
import { faultInputSchema } from "./faults"
import { dec } from "./money"
import {
  assignRequisites,
  confirmTransfer,
  markFailed,
  markPaid,
} from "./payments"
import { moneyReport } from "./money-totals"
import { decidePayout } from "./payouts"
import { jsonReply, type Reply } from "./reply"
import { requestReport } from "./request-counts"
import { fidelitySchema } from "./shop-config"
import { controlBody, type SandboxRequest } from "./request"
import type { Sandbox } from "./sandbox"
import type { Payment, Payout } from "./state"

/**
 * The test-control API under `/__sandbox/` (documented in sandbox/README.md). Over 300 lines: one table of
 * every control route, each a few lines, so the table reads as the API's index beside the README.
 */

export type ControlHandler = (
  req: SandboxRequest,
  sandbox: Sandbox
) => Reply | Promise<Reply>

const ok = (body: unknown = { ok: true }) => jsonReply(200, body)

function parse<T extends z.ZodType>(
  schema: T,
  req: SandboxRequest
): z.infer<T> {
  const parsed = schema.safeParse(controlBody(req))
  if (!parsed.success) {
    throw new ControlError(
      400,
      parsed.error.issues
        .map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
        .join("; ")
    )
  }
  return parsed.data
}

const decimal = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d+(\.\d+)?$/))

/** `ref` is a payment id, else a `shop_order_id` (its latest payment); `?by=order` forces the latter. */
export function findPayment(
  sandbox: Sandbox,
  ref: string,
  byOrder: boolean
): Payment {
  const byId =
    !byOrder && /^\d+$/.test(ref)
      ? sandbox.store.paymentById(Number(ref))
      : undefined
  const payment = byId ?? sandbox.store.latestPaymentOfOrder(ref)
  if (!payment) {
    throw new ControlError(404, `no payment ${ref}`)
  }
  return payment
}

/** `ref` is a `shop_payment_id`, else a payout id. */
function findPayout(sandbox: Sandbox, ref: string): Payout {
  const payout =
    sandbox.store.payoutByShopId(ref) ??
    (/^\d+$/.test(ref) ? sandbox.store.payoutById(Number(ref)) : undefined)
  if (!payout) {
    throw new ControlError(404, `no payout ${ref}`)
  }
  return payout
}

const payment = (req: SandboxRequest, sandbox: Sandbox) =>
  findPayment(sandbox, req.params.ref, req.query.get("by") === "order")

export const controlRoutes: [string, string, ControlHandler][] = [
  ["GET", "/__sandbox/state", (_req, sb) => ok(sb.store.data)],
  ["POST", "/__sandbox/reset", (_req, sb) => (sb.reset(), ok())],
  [
    "GET",
    "/__sandbox/clock",
    (_req, sb) =>
      ok({
        now: new Date(sb.clock.now()).toISOString(),
        pending_jobs: sb.clock.pending(),
      }),
  ],
  [
    "POST",
    "/__sandbox/clock/advance",
    (req, sb) => {
      const { ms } = parse(
        z.object({ ms: z.number().int().nonnegative() }),
        req
      )
      sb.clock.advance(ms)
      return ok({
        now: new Date(sb.clock.now()).toISOString(),
        pending_jobs: sb.clock.pending(),
      })
    },
  ],
  ["GET", "/__sandbox/payments/:ref", (req, sb) => ok(payment(req, sb))],
  [
    "POST",
    "/__sandbox/payments/:ref/pay",
    (req, sb) => {
      const body = parse(
        z.object({
          amount: decimal.optional(),
          currency: z.number().int().positive().optional(),
          payer_account: z.string().optional(),
        }),
        req
      )
      const p = payment(req, sb)
      markPaid(sb, p, {
        amount: body.amount,
        currency: body.currency,
        payerAccount: body.payer_account,
      })
      return ok(p)
    },
  ],
  [
    "POST",
    "/__sandbox/payments/:ref/fail",
    (req, sb) => {
      const { reason } = parse(z.object({ reason: z.string().optional() }), req)
      const p = payment(req, sb)
      markFailed(
        sb,
        p,
        p.type === "bill" ? "canceled" : "rejected",
        reason ?? "Failed by the sandbox control API"
      )
      return ok(p)
    },
  ],
  [
    "POST",
    "/__sandbox/payments/:ref/expire",
    (req, sb) => {
      const p = payment(req, sb)
      markFailed(sb, p, "expired", "lifetime elapsed")
      return ok(p)
    },
  ],
  [
    "POST",
    "/__sandbox/payments/:ref/requisites",
    (req, sb) => {
      const { suggested_amount } = parse(
        z.object({ suggested_amount: decimal.optional() }),
        req
      )
      const p = payment(req, sb)
      sb.unschedule(`requisites:${p.id}`)
      assignRequisites(sb, p, suggested_amount)
      return ok(p)
    },
  ],
  [
    "POST",
    "/__sandbox/payments/:ref/confirm-transfer",
    (req, sb) => {
      const { amount } = parse(z.object({ amount: decimal.optional() }), req)
      const p = payment(req, sb)
      confirmTransfer(sb, p, amount)
      return ok(p)
    },
  ],
  [
    "POST",
    "/__sandbox/receipts/:id/status",
    (req, sb) => {
      const body = parse(
        z.object({
          status: z.enum(["pending", "succeeded", "rejected"]),
          comment: z.string().nullable().optional(),
        }),
        req
      )
      const receipt = sb.store.data.receipts.find((r) => r.id === req.params.id)
      if (!receipt) {
        throw new ControlError(404, `no receipt ${req.params.id}`)
      }
      receipt.status = body.status
      receipt.comment = body.comment ?? null
      sb.changed()
      return ok(receipt)
    },
  ],
  [
    "GET",
    "/__sandbox/payouts/:ref",
    (req, sb) => ok(findPayout(sb, req.params.ref)),
  ],
  [
    "POST",
    "/__sandbox/payouts/:ref/decide",
    (req, sb) => {
      const body = parse(
        z.object({
          status: z.number().int(),
          rejected_reason: z.string().nullable().optional(),
          now: z.boolean().default(true),
        }),
        req
      )
      const payout = findPayout(sb, req.params.ref)
      decidePayout(sb, payout, {
        status: body.status,
        rejectedReason: body.rejected_reason,
        now: body.now,
      })
      return ok(payout)
    },
  ],
  [
    "POST",
    "/__sandbox/payouts/:ref/report",
    (req, sb) => {
      const body = parse(z.object({ write_off: decimal.nullable() }), req)
      const payout = findPayout(sb, req.params.ref)
      payout.reportedWriteOff = body.write_off
      sb.changed()
      return ok(payout)
    },
  ],
  [
    "POST",
    "/__sandbox/payouts/:ref/forget",
    (req, sb) => {
      const payout = findPayout(sb, req.params.ref)
      sb.store.forgetPayout(payout)
      sb.changed()
      return ok(payout)
    },
  ],
  [
    "POST",
    "/__sandbox/accounts/:account",
    (req, sb) => {
      const body = parse(
        z.object({
          provider_status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
          result: z.boolean(),
          account_info: z
            .record(z.string(), z.unknown())
            .default({ verified: true }),
        }),
        req
      )
      sb.store.data.accountChecks[req.params.account] = {
        providerStatus: body.provider_status,
        result: body.result,
        accountInfo: body.account_info,
      }
      sb.changed()
      return ok()
    },
  ],
  [
    "POST",
    "/__sandbox/balances",
    (req, sb) => {
      const body = parse(
        z.object({
          currency: z.number().int().positive(),
          available: decimal.optional(),
          hold: decimal.optional(),
          frozen: decimal.optional(),
        }),
        req
      )
      const balance = balanceOf(sb, body.currency)
      for (const key of ["available", "hold", "frozen"] as const) {
        if (body[key] !== undefined) {
          balance[key] = dec(body[key]).toFixed()
        }
      }
      sb.changed()
      return ok(balance)
    },
  ],
  [
    "GET",
    "/__sandbox/callbacks",
    (_req, sb) =>
      ok({
        notifications: sb.store.data.notifications,
        attempts: sb.store.data.callbackLog,
      }),
  ],
  [
    "POST",
    "/__sandbox/callbacks/release",
    async (_req, sb) => ok({ released: await sb.callbacks.releaseHeld() }),
  ],
  [
    "POST",
    "/__sandbox/callbacks/retry",
    async (_req, sb) => ok({ retried: await sb.callbacks.retryNow() }),
  ],
  [
    "GET",
    "/__sandbox/polls",
    (_req, sb) =>
      ok({
        counts: sb.store.data.pollCounts,
        violations: sb.store.data.pollViolations,
      }),
  ],
  // Every request to a service endpoint, by path and by id, whatever answered it (request-counts.ts).
  ["GET", "/__sandbox/requests", (_req, sb) => ok(requestReport(sb))],
  [
    "DELETE",
    "/__sandbox/requests",
    (_req, sb) => ((sb.store.data.requests = {}), ok()),
  ],
  // What moved on each shop balance (money-totals.ts).
  ["GET", "/__sandbox/money", (_req, sb) => ok(moneyReport(sb))],
  // Suites assert that none happened; strict polling (fidelity.strictPolling) also refuses them.
  [
    "GET",
    "/__sandbox/violations",
    (_req, sb) => ok({ violations: sb.store.data.pollViolations }),
  ],
  [
    "DELETE",
    "/__sandbox/violations",
    (_req, sb) => ((sb.store.data.pollViolations = []), ok()),
  ],
  ["GET", "/__sandbox/fidelity", (_req, sb) => ok(sb.config.fidelity)],
  [
    "POST",
    "/__sandbox/fidelity",
    (req, sb) => {
      // Switches given are changed until the next reset; the others keep their values.
      const changes = parse(fidelitySchema.unwrap().partial().strict(), req)
      const given = Object.keys(controlBody(req))
      sb.config.fidelity = {
        ...sb.config.fidelity,
        ...Object.fromEntries(
          Object.entries(changes).filter(([key]) => given.includes(key))
        ),
      }
      return ok(sb.config.fidelity)
    },
  ],
  ["GET", "/__sandbox/faults", (_req, sb) => ok(sb.faults.list())],
  ["GET", "/__sandbox/faults/history", (_req, sb) => ok(sb.faults.history())],
  [
    "POST",
    "/__sandbox/faults",
    (req, sb) => jsonReply(201, sb.faults.add(parse(faultInputSchema, req))),
  ],
  ["DELETE", "/__sandbox/faults", (_req, sb) => (sb.faults.clear(), ok())],
  [
    "DELETE",
    "/__sandbox/faults/:id",
    (req, sb) => {
      if (!sb.faults.remove(Number(req.params.id))) {
        throw new ControlError(404, `no fault ${req.params.id}`)
      }
      return ok()
    },
  ],
]
