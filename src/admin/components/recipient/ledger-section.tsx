import { Button, createDataTableColumnHelper, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { DataList } from "../data-list"
import { Details } from "../details"
import { PeriodFields } from "../field"
import { OrderLink, PayoutLink } from "../links"
import { useMessageWords } from "../server-message"
import {
  PAGE_SIZE,
  useRecipientLedger,
  type LedgerEntryView,
} from "../../lib/api"
import { useAmounts } from "../../lib/amounts"
import {
  payoutName,
  statementLanguageOf,
} from "../../../lib/payouts/statement-words"
import { periodOf } from "../../lib/period"

/**
 * What an entry is for: its order (`#4`, linking to it), its payout (a link named by its amount and date, as
 * the statement names it) and its reason; ids in Details.
 */
function EntryFor({
  entry,
  currency,
}: {
  entry: LedgerEntryView
  currency?: string
}) {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const words = useMessageWords()
  // The plugin's own reason in the reader's words; a reason a person typed (an adjustment) as written.
  const worded =
    entry.reason_message && entry.reason_message.code !== "other"
      ? words(entry.reason_message)
      : null
  return (
    <div className="flex flex-col gap-y-0.5">
      <div className="flex flex-wrap items-center gap-x-2">
        {entry.order ? <OrderLink order={entry.order} /> : null}
        {entry.payout_id ? (
          <PayoutLink id={entry.payout_id}>
            {entry.payout
              ? payoutName(
                  statementLanguageOf(i18n.language),
                  amount(entry.payout.amount, currency),
                  new Date(entry.payout.created_at).toLocaleString(
                    i18n.language
                  )
                )
              : t("recipients.payoutLink")}
          </PayoutLink>
        ) : null}
        {entry.order_id && !entry.order ? (
          <Text size="small" className="text-ui-fg-subtle">
            {t("recipients.orderGone")}
          </Text>
        ) : null}
      </div>
      {entry.reason ? <Text size="small">{worded ?? entry.reason}</Text> : null}
      <Details
        lines={[
          worded ? entry.reason : null,
          entry.order_id
            ? t("recipients.orderId", { id: entry.order_id })
            : null,
          entry.payout_id
            ? t("recipients.payoutId", { id: entry.payout_id })
            : null,
          t("recipients.transactionId", { id: entry.transaction_id }),
        ]}
      />
    </div>
  )
}

const ledgerColumns = createDataTableColumnHelper<LedgerEntryView>()

export function LedgerSection({
  id,
  currency,
}: {
  id: string
  currency?: string
}) {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const [pageIndex, setPageIndex] = useState(0)
  const [from, setFrom] = useState("")
  const [to, setTo] = useState("")
  const period = periodOf(from, to)
  const { data, isLoading, error } = useRecipientLedger(
    id,
    pageIndex * PAGE_SIZE,
    period
  )
  // The statement in the reader's time zone and language, as the page shows the ledger.
  const statement = `/admin/piastrix/recipients/${id}/statement?${new URLSearchParams(
    {
      ...period,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      lang: statementLanguageOf(i18n.language),
    }
  )}`
  const columns = useMemo(
    () => [
      ledgerColumns.accessor("created_at", {
        header: t("recipients.date"),
        cell: ({ getValue }) =>
          new Date(getValue()).toLocaleString(i18n.language),
      }),
      ledgerColumns.accessor("kind", {
        header: t("recipients.entry"),
        cell: ({ getValue }) => t(`recipients.kinds.${getValue()}`),
      }),
      ledgerColumns.accessor("account", {
        header: t("recipients.ledgerAccount"),
        cell: ({ getValue }) => t(`recipients.accounts.${getValue()}`),
      }),
      ledgerColumns.accessor("amount", {
        header: t("payouts.amount"),
        cell: ({ getValue }) => amount(getValue(), currency),
      }),
      ledgerColumns.display({
        id: "for",
        header: t("recipients.for"),
        cell: ({ row }) => (
          <div className="whitespace-normal">
            <EntryFor entry={row.original} currency={currency} />
          </div>
        ),
      }),
    ],
    [t, i18n.language, amount, currency]
  )
  const filtered =
    (set: (day: string) => void) =>
    (day: string): void => {
      setPageIndex(0)
      set(day)
    }
  return (
    <DataList
      heading={t("recipients.ledger")}
      actions={
        <Button size="small" variant="secondary" asChild>
          <a href={statement} download>
            {t("recipients.statement")}
          </a>
        </Button>
      }
      filters={
        <>
          <PeriodFields
            id="piastrix-ledger"
            from={from}
            to={to}
            onFrom={filtered(setFrom)}
            onTo={filtered(setTo)}
          />
        </>
      }
      rows={data?.entries}
      count={data?.count}
      columns={columns}
      getRowId={(e) => e.id}
      pageIndex={pageIndex}
      onPageIndex={setPageIndex}
      isLoading={isLoading}
      error={error}
      empty={{ heading: t("recipients.ledgerEmpty") }}
    />
  )
}
