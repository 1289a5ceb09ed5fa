import type { AxiosInstance } from "axios"
import type { RunningSandbox } from "../../sandbox/src"
import { ledgerBalances, type SqlDatabase } from "../../src/lib/payouts"
import { sandboxControl } from "./callbacks"

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
