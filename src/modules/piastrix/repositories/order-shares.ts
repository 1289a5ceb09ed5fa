import BigNumber from "bignumber.js"
import { defaultCurrencyTable } from "../../../lib/piastrix"
import type { SqlConnection } from "../../../lib/plugin/sql-connection"
import { LEDGER_TABLE, PAYOUT_TABLE, RECIPIENT_TABLE } from "./tables"
import type { VendorShare } from "../../../types/admin-responses"

export type { VendorShare } from "../../../types/admin-responses"

export async function orderVendorShares(
  db: SqlConnection,
  orderId: string
): Promise<VendorShare[]> {
  const { rows } = await db.raw(
    `select e.recipient_id, r.name, e.currency, e.line_item_id, e.fulfillment_id, e.amount::text as share,
            e.created_at as accrued_at, rel.released_at, rev.reversed,
            e.created_at + make_interval(days => r.hold_days) as hold_until,
            (select json_build_object('id', p.id, 'status', p.status, 'amount', p.amount::text,
                                      'created_at', p.created_at)
               from ${PAYOUT_TABLE} p
              where p.recipient_id = e.recipient_id and p.currency = e.currency and p.deleted_at is null
                and rel.released_at is not null and p.created_at >= rel.released_at
              order by p.created_at limit 1) as payout
       from ${LEDGER_TABLE} e
       join ${RECIPIENT_TABLE} r on r.id = e.recipient_id
       cross join lateral (select min(x.created_at) as released_at from ${LEDGER_TABLE} x
                            where x.related_transaction_id = e.transaction_id and x.kind = 'release'
                              and x.deleted_at is null) rel
       cross join lateral (select coalesce(-sum(x.amount), 0)::text as reversed from ${LEDGER_TABLE} x
                            where x.related_transaction_id = e.transaction_id and x.kind = 'reversal'
                              and x.recipient_id is not null and x.deleted_at is null) rev
      where e.order_id = ? and e.kind = 'accrual' and e.account = 'held' and e.deleted_at is null
      order by e.created_at, r.name, e.line_item_id`,
    [orderId]
  )
  return rows.map((r: any) => {
    const whole = new BigNumber(r.reversed).isGreaterThanOrEqualTo(r.share)
    return {
      recipient_id: r.recipient_id,
      name: r.name,
      currency: Number(r.currency),
      currency_code: defaultCurrencyTable.codeOf(r.currency),
      line_item_id: r.line_item_id,
      fulfillment_id: r.fulfillment_id,
      share: r.share,
      reversed: new BigNumber(r.reversed).toFixed(
        defaultCurrencyTable.resolve(Number(r.currency), "currency").digits
      ),
      accrued_at: r.accrued_at,
      state: whole ? "reversed" : r.released_at ? "released" : "held",
      hold_until: whole || r.released_at ? null : r.hold_until,
      released_at: r.released_at,
      payout: r.payout,
    }
  })
}
