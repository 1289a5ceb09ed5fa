import type { SandboxContext } from "./context"
import { dec, formatAmount } from "./money"
import type { Balance, MoneyTotal, MoneyTotals } from "./state"

/**
 * What moved on each shop balance, counted where the balance changes (`balances.ts`), so a test can
 * compare what the shop was debited with what it meant to pay, whatever ids the payouts carried.
 * Setting a balance through the control API moves no money and is not counted.
 */

export type MoneyMovement = keyof MoneyTotals

const none = (currency: number): MoneyTotal => ({
  count: 0,
  amount: formatAmount(dec(0), currency),
})

const noTotals = (currency: number): MoneyTotals => ({
  payments: none(currency),
  transfers: none(currency),
  withdraws: none(currency),
  withdrawsReturned: none(currency),
})

export function countMoney(
  ctx: SandboxContext,
  currency: number,
  movement: MoneyMovement,
  amount: string
): void {
  const money = ctx.store.data.money
  money[currency] ??= noTotals(currency)
  const total = money[currency][movement]
  total.count++
  total.amount = formatAmount(dec(total.amount).plus(amount), currency)
}

export type CurrencyMoney = MoneyTotals & {
  /** Paid payments. */
  credited: string
  /** Transfers and withdraws, less withdraws returned: what left the balance for payouts and refunds. */
  debited: string
  balance: Balance
}

/** Per shop balance currency (ISO numeric code): the totals, credited, debited and the balance now. */
export function moneyReport(
  ctx: SandboxContext
): Record<string, CurrencyMoney> {
  const currencies = new Set([
    ...Object.keys(ctx.store.data.balances),
    ...Object.keys(ctx.store.data.money),
  ])
  const report: Record<string, CurrencyMoney> = {}
  for (const code of [...currencies].sort()) {
    const currency = Number(code)
    const totals = ctx.store.data.money[code] ?? noTotals(currency)
    const balance = ctx.store.data.balances[code]
    const amountOf = (key: keyof Balance) =>
      formatAmount(dec(balance?.[key] ?? 0), currency)
    report[code] = {
      ...totals,
      credited: totals.payments.amount,
      debited: formatAmount(
        dec(totals.transfers.amount)
          .plus(totals.withdraws.amount)
          .minus(totals.withdrawsReturned.amount),
        currency
      ),
      balance: {
        available: amountOf("available"),
        hold: amountOf("hold"),
        frozen: amountOf("frozen"),
      },
    }
  }
  return report
}
