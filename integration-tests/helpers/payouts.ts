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
