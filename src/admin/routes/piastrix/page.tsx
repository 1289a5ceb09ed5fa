import { defineRouteConfig } from "@medusajs/admin-sdk"
import { createDataTableColumnHelper, StatusBadge, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { AttentionIcon } from "../../components/attention-icon"
import { crumb } from "../../components/breadcrumb"
import { DataList, FILL, FIT } from "../../components/data-list"
import { SelectField } from "../../components/field"
import { ResolveDrawer, RowActions } from "../../components/inbox-actions"
import { OrderLink } from "../../components/links"
import { RowReason, useMessageWords } from "../../components/server-message"
import {
  PAGE_SIZE,
  useInbox,
  type InboxRowView,
  type NotificationState,
} from "../../lib/api"
import { useAmounts } from "../../lib/amounts"

const STATE_COLOR: Record<
  NotificationState,
  "green" | "orange" | "red" | "grey" | "blue"
> = {
  processed: "green",
  received: "blue",
  failed: "orange",
  needs_attention: "red",
  ignored: "grey",
  resolved: "grey",
}
const STATES = Object.keys(STATE_COLOR) as NotificationState[]

/** A processed rejection is a payment that failed: never a green badge. */
const badgeOf = (row: InboxRowView) =>
  row.state === "processed" && row.status === "rejected"
    ? { color: "orange" as const, label: "inbox.states.rejected" }
    : { color: STATE_COLOR[row.state], label: `inbox.states.${row.state}` }

/** The service's own status word, in the page's language when it is one the plugin knows. */
const KNOWN_STATUSES = new Set(["success", "rejected", "refund"])

/** What the payment is for: the order it became (`#12`, linking to it) or "no order", and the payer's e-mail. */
const PaymentOf = ({ row }: { row: InboxRowView }) => {
  const { t } = useTranslation("piastrix")
  return (
    <div className="flex flex-col">
      {row.order ? (
        <OrderLink order={row.order} />
      ) : (
        <Text size="small" className="text-ui-fg-subtle">
          {t("inbox.noOrder")}
        </Text>
      )}
      {row.email ? (
        <a
          href={`mailto:${row.email}`}
          className="txt-compact-xsmall text-ui-fg-subtle hover:text-ui-fg-base"
        >
          {row.email}
        </a>
      ) : null}
    </div>
  )
}

const columnHelper = createDataTableColumnHelper<InboxRowView>()

/**
 * The notification inbox: every verified callback of the service with its processing state; rows that need
 * a person first, with the reason, and their actions behind "…" (retry, refund, mark resolved). Rows read as
 * Medusa's lists: short columns as wide as they need, the reason on one line with the rest of the width, and
 * each row's Details (the reason whole, the server's words, the ids support asks for).
 */
const PiastrixInboxPage = () => {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const words = useMessageWords()
  const [state, setState] = useState<NotificationState | undefined>(undefined)
  const [pageIndex, setPageIndex] = useState(0)
  const [resolving, setResolving] = useState<InboxRowView | null>(null)
  const { data, isLoading, error } = useInbox(state, pageIndex * PAGE_SIZE)
  const columns = useMemo(() => {
    const date = (value: string | Date) =>
      new Date(value).toLocaleString(i18n.language, {
        dateStyle: "short",
        timeStyle: "short",
      })
    return [
      columnHelper.accessor("created_at", {
        ...FIT,
        header: t("inbox.received"),
        cell: ({ getValue }) => (
          <span title={new Date(getValue()).toLocaleString(i18n.language)}>
            {date(getValue())}
          </span>
        ),
      }),
      columnHelper.display({
        ...FIT,
        id: "order",
        header: t("inbox.order"),
        cell: ({ row }) => <PaymentOf row={row.original} />,
      }),
      // The amount, and under it what the service said of the payment (paid, rejected, a refund); each on one
      // line. Paid another amount or currency than asked: what was paid, and under it the amount asked.
      columnHelper.accessor("shop_amount", {
        ...FIT,
        header: t("inbox.amount"),
        cell: ({ row: { original: row } }) => {
          const known = KNOWN_STATUSES.has(row.status)
          const status = known ? t(`inbox.statuses.${row.status}`) : row.status
          const other = row.paid_not_as_asked
          return (
            <div className="flex flex-col" data-testid="piastrix-inbox-amount">
              <Text size="small" leading="compact">
                {other
                  ? amount(other.paid.amount, other.paid.currency)
                  : amount(row.shop_amount, row.shop_currency_code)}
              </Text>
              <Text
                size="xsmall"
                leading="compact"
                className="text-ui-fg-subtle"
              >
                {other ? (
                  t("inbox.statusOfAsked", {
                    status,
                    asked: amount(other.asked.amount, other.asked.currency),
                  })
                ) : known ? (
                  status
                ) : (
                  <code>{status}</code>
                )}
              </Text>
            </div>
          )
        },
      }),
      columnHelper.accessor("state", {
        ...FIT,
        header: t("inbox.state"),
        cell: ({ row }) => (
          <StatusBadge color={badgeOf(row.original).color}>
            {t(badgeOf(row.original).label)}
          </StatusBadge>
        ),
      }),
      columnHelper.display({
        ...FILL,
        id: "reason",
        header: t("inbox.reason"),
        cell: ({ row: { original: row } }) => (
          <RowReason
            sentences={[
              row.last_error_message && row.last_error
                ? words(row.last_error_message)
                : null,
              row.state === "resolved" && row.resolution_note
                ? t("inbox.resolution", {
                    // The plugin's own note in words; a person's note as they wrote it.
                    note: row.resolution_note_message
                      ? words(row.resolution_note_message)
                      : row.resolution_note,
                    at: row.resolved_at ? date(row.resolved_at) : "",
                  })
                : null,
            ]}
            details={[
              row.last_error,
              row.resolution_note_message ? row.resolution_note : null,
              t("inbox.sessionId", { id: row.shop_order_id }),
              row.payment_id
                ? t("inbox.paymentId", { id: row.payment_id })
                : null,
            ]}
          />
        ),
      }),
      columnHelper.display({
        id: "action",
        cell: ({ row }) => (
          <div className="flex justify-end">
            <RowActions row={row.original} onResolve={setResolving} />
          </div>
        ),
      }),
    ]
  }, [t, i18n.language, amount, words])
  return (
    <div className="flex flex-col gap-y-3">
      <DataList
        level="h1"
        heading={t("inbox.title")}
        subHeading={t("inbox.description")}
        actions={
          data && data.needs_attention > 0 ? (
            <StatusBadge color="red">
              {t("inbox.attentionCount", { count: data.needs_attention })}
            </StatusBadge>
          ) : null
        }
        filters={
          <SelectField
            id="piastrix-inbox-state"
            label={t("inbox.filter")}
            value={state ?? "all"}
            onChange={(value) => {
              setPageIndex(0)
              setState(
                value === "all" ? undefined : (value as NotificationState)
              )
            }}
            options={[
              { value: "all", text: t("inbox.allStates") },
              ...STATES.map((s) => ({
                value: s,
                text: t(`inbox.states.${s}`),
              })),
            ]}
          />
        }
        rows={data?.notifications}
        count={data?.count}
        columns={columns}
        getRowId={(row) => row.id}
        pageIndex={pageIndex}
        onPageIndex={setPageIndex}
        isLoading={isLoading}
        error={error}
        empty={{
          heading: t("inbox.empty"),
          description: t("inbox.emptyDescription"),
        }}
      />
      <ResolveDrawer row={resolving} onClose={() => setResolving(null)} />
    </div>
  )
}

export const handle = crumb("nav.piastrix")

export const config = defineRouteConfig({
  label: "nav.piastrix",
  translationNs: "piastrix",
  icon: AttentionIcon,
})

export default PiastrixInboxPage
