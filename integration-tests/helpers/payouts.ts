import type { AxiosInstance } from "axios"
import BigNumber from "bignumber.js"
import type { RunningSandbox } from "../../sandbox/src"
import {
  ledgerBalances,
  recipientBalances,
  type SqlDatabase,
} from "../../src/modules/piastrix/repositories/ledger"
import { type Payout } from "../../src/modules/piastrix/repositories/payouts"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { adminHeaders } from "./admin-api"
import { sandboxControl } from "./callbacks"
import type { PiastrixSuite } from "./runner"

/** A recipient's balances in `currency` as text with two decimals (an account with no entry is 0.00). */
export async function balancesOf(
  db: SqlDatabase,
  recipientId: string,
  currency = 643
) {
  const b = await recipientBalances(db, recipientId, currency)
  const get = (account: keyof typeof b) =>
    new BigNumber(b[account] ?? 0).toFixed(2)
  return {
    held: get("held"),
    available: get("available"),
    in_flight: get("in_flight"),
    paid: get("paid"),
    clawback: get("clawback"),
  }
}

/** A minute passes for the sandbox and for the payouts' next_poll_at (the database's clock decides). */
export async function aMinuteLater(sandbox: RunningSandbox, db: SqlDatabase) {
  await sandboxControl(sandbox, "POST", "clock/advance", { ms: 60_000 })
  await db.raw(
    `update piastrix_payout set next_poll_at = now() where next_poll_at is not null`
  )
}

/** Payout status polls the sandbox saw too early (strict polling refuses and records them). */
export async function payoutPollViolations(sandbox: RunningSandbox) {
  const { violations } = await sandboxControl(sandbox, "GET", "violations")
  return (violations as Array<{ key: string }>).filter((v) =>
    v.key.startsWith("payout:")
  )
}

/** What every payout test ends with: the ledger sums to zero, and no payout was polled too early. */
export async function expectPayoutInvariants(
  db: SqlDatabase,
  sandbox: RunningSandbox
) {
  expect(await ledgerBalances(db)).toEqual(
    expect.objectContaining({ balanced: true, unbalanced_transactions: [] })
  )
  expect(await payoutPollViolations(sandbox)).toEqual([])
}

/**
 * The hooks of a suite calling the admin's payout routes: before each test the sandbox reset, an admin's
 * headers and the database read into the returned object; after each, `expectPayoutInvariants`.
 */
export function adminPayoutTests(
  suite: Pick<PiastrixSuite, "getContainer" | "sandbox">
) {
  const current = {} as {
    headers: { headers: Record<string, string> }
    db: SqlDatabase
  }
  beforeEach(async () => {
    await sandboxControl(suite.sandbox(), "POST", "reset")
    current.headers = await adminHeaders(suite.getContainer())
    current.db = suite
      .getContainer()
      .resolve<SqlDatabase>(ContainerRegistrationKeys.PG_CONNECTION)
  })
  afterEach(async () => {
    await expectPayoutInvariants(current.db, suite.sandbox())
  })
  return current
}

type RequestCount = { total: number; handled: number }

/**
 * What the service saw of payouts, whatever ids they carried (sandbox/README.md, "Request counts" and
 * "Money totals"): the create requests in all and per `shop_payment_id`, every payout it made, and what it
 * debited from the shop balance in `currency`.
 */
export async function payoutsAtService(
  sandbox: RunningSandbox,
  currency = 643
) {
  const [requests, money, state] = await Promise.all([
    sandboxControl(sandbox, "GET", "requests"),
    sandboxControl(sandbox, "GET", "money"),
    sandboxControl(sandbox, "GET", "state"),
  ])
  let createRequests = 0
  const creates: Record<string, RequestCount> = {}
  for (const path of ["/transfer/create", "/withdraw/create"]) {
    const endpoint = requests.endpoints[path]
    createRequests += endpoint?.total ?? 0
    const perId = (endpoint?.shop_payment_id ?? {}) as Record<
      string,
      RequestCount
    >
    for (const [id, count] of Object.entries(perId)) {
      creates[id] = {
        total: (creates[id]?.total ?? 0) + count.total,
        handled: (creates[id]?.handled ?? 0) + count.handled,
      }
    }
  }
  const totals = money[String(currency)]
  return {
    createRequests,
    creates,
    made: (state.payouts as Array<{ shopPaymentId: string; type: string }>).map(
      (p) => ({ shop_payment_id: p.shopPaymentId, type: p.type })
    ),
    transfers: (totals?.transfers.count ?? 0) as number,
    withdraws: (totals?.withdraws.count ?? 0) as number,
    debited: (totals?.debited ?? "0.00") as string,
  }
}

export type PayoutsAtService = Awaited<ReturnType<typeof payoutsAtService>>

/** What the service saw between `before` and `after`: the sandbox's records and counts only grow. */
export function payoutsAtServiceSince(
  before: PayoutsAtService,
  after: PayoutsAtService
): PayoutsAtService {
  const creates: Record<string, RequestCount> = {}
  for (const [id, count] of Object.entries(after.creates)) {
    const earlier = before.creates[id] ?? { total: 0, handled: 0 }
    if (count.total !== earlier.total) {
      creates[id] = {
        total: count.total - earlier.total,
        handled: count.handled - earlier.handled,
      }
    }
  }
  return {
    createRequests: after.createRequests - before.createRequests,
    creates,
    made: after.made.slice(before.made.length),
    transfers: after.transfers - before.transfers,
    withdraws: after.withdraws - before.withdraws,
    debited: new BigNumber(after.debited).minus(before.debited).toFixed(2),
  }
}

/**
 * "Exactly once", asserted at the service and unfiltered: the service made one transfer or withdraw for
 * each of `payouts` and none other, each payout's create reached its endpoint once (attempts a fault
 * answered before it are not handled), no create named any other id, and the shop balance was debited the
 * sum of the payouts not rejected, to the cent. `payouts` are every payout the test had the service make
 * (since `expected.since`, what the service had seen before, when the sandbox was not reset);
 * `createRequests`, when given, is how many create requests reached the service in all, faults included.
 * One comparison, so a failure shows every part that differs.
 */
export async function expectEachPayoutMadeOnce(
  sandbox: RunningSandbox,
  payouts: Array<
    Pick<Payout, "shop_payment_id" | "amount"> & {
      rail: string
      status: string
    }
  >,
  expected: { createRequests?: number; since?: PayoutsAtService } = {}
) {
  const now = await payoutsAtService(sandbox)
  const seen = expected.since ? payoutsAtServiceSince(expected.since, now) : now
  const ids = payouts.map((p) => p.shop_payment_id).sort()
  const onRail = (rail: string) => payouts.filter((p) => p.rail === rail)
  const owed = payouts
    .filter((p) => p.status !== "rejected")
    .reduce((sum, p) => sum.plus(p.amount), new BigNumber(0))
  expect({
    made: seen.made.map((p) => p.shop_payment_id).sort(),
    createIds: Object.keys(seen.creates).sort(),
    handledOtherThanOnce: ids
      .map((id) => ({ id, handled: seen.creates[id]?.handled ?? 0 }))
      .filter((c) => c.handled !== 1),
    createRequests:
      expected.createRequests === undefined ? null : seen.createRequests,
    transfers: seen.transfers,
    withdraws: seen.withdraws,
    debited: seen.debited,
  }).toEqual({
    made: ids,
    createIds: ids,
    handledOtherThanOnce: [],
    createRequests: expected.createRequests ?? null,
    transfers: onRail("transfer").length,
    withdraws: onRail("withdraw").length,
    debited: owed.toFixed(2),
  })
  return seen
}

/**
 * Over a store's HTTP API (a Medusa process of its own): `count` vendors paid to Piastrix wallets, each with
 * 700.00 RUB of earnings and one payout created for the send job to pick up. Returns the payouts' ids.
 */
export async function walletVendorsWithPayouts(
  api: AxiosInstance,
  count: number,
  label: string
): Promise<string[]> {
  const { data: auth } = await api.post("/auth/user/emailpass", {
    email: "admin@example.com",
    password: "supersecret",
  })
  const headers = { headers: { authorization: `Bearer ${auth.token}` } }
  const payoutIds: string[] = []
  for (let i = 0; i < count; i++) {
    const { data: created } = await api.post(
      "/admin/piastrix/recipients",
      {
        name: `${label} vendor ${i}`,
        email: `${label}-vendor-${i}@example.com`,
        rail: "transfer",
        account: `2014947112${String(i).padStart(2, "0")}`,
        currency: 643,
        schedule: "manual",
      },
      headers
    )
    const id = created.recipient.id
    await api.post(
      `/admin/piastrix/recipients/${id}/adjustments`,
      {
        amount: "700.00",
        reason: `${label} suite: earnings to pay out`,
        idempotency_key: `${label}-earnings-${id}`,
      },
      headers
    )
    const { data } = await api.post(
      "/admin/piastrix/payouts",
      { recipient_id: id },
      headers
    )
    payoutIds.push(data.payout.id)
  }
  return payoutIds
}

/**
 * A recipient paid by wallet transfer, made through the admin API and linked to the product of `sku`, as a
 * store owner sets a vendor up (`headers`: an admin's).
 */
export async function productVendor(
  api: AxiosInstance,
  headers: { headers: Record<string, string> },
  recipient: {
    name: string
    sku: string
    commission_percent: string
    commission_fixed?: string
    currency?: number
  }
) {
  const { sku, ...fields } = recipient
  const { data } = await api.post(
    "/admin/piastrix/recipients",
    {
      email: `${sku}@example.com`,
      rail: "transfer",
      account: "201494711279",
      currency: 643,
      ...fields,
    },
    headers
  )
  const { data: products } = await api.get(
    `/admin/products?handle=${sku}&fields=id`,
    headers
  )
  await api.post(
    `/admin/piastrix/recipients/${data.recipient.id}/products`,
    { add: [products.products[0].id] },
    headers
  )
  return data.recipient as { id: string; name: string }
}
