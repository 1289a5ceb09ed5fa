import { defaultCurrencyTable } from "../../../lib/piastrix"
import { maskAccount } from "../../../lib/plugin"
import { type RefundRow } from "../../../modules/piastrix/repositories/refund-register"

/** The refund as the admin shows it (and as the workflow carries it): the payer's wallet masked, the currency by its code. */
export type InboxRefundView = Pick<
  RefundRow,
  "state" | "amount" | "transfer_id" | "shop_payment_id"
> & { currency_code: string; payee: string | null }

export function refundView(row: RefundRow): InboxRefundView {
  return {
    state: row.state,
    amount: row.amount,
    currency_code: defaultCurrencyTable.codeOf(row.currency),
    payee: maskAccount(row.payee),
    transfer_id: row.transfer_id,
    shop_payment_id: row.shop_payment_id,
  }
}
