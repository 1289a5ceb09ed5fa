import {
  Button,
  createDataTableColumnHelper,
  DataTable,
  StatusBadge,
  Text,
  toast,
  useDataTable,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router-dom"
import { maskAccount } from "../../lib/plugin/mask"
import { messageText } from "../../lib/plugin/messages"
import {
  PAGE_SIZE,
  usePayoutAction,
  usePayouts,
  useRecipients,
  type PayoutView,
  type PayoutStatus,
} from "../lib/api"
import { useAmounts } from "../lib/amounts"
import { runMutation } from "../lib/run-mutation"
import { periodOf } from "../lib/period"
import { SelectField, TextField } from "./field"
import { paginationTranslations } from "./paging"
import { Body } from "./states"
import { ServerMessage } from "./server-message"
import { useFailureToast } from "./failure-toast"

const STATUS_COLOR: Record<
  PayoutStatus,
  "green" | "orange" | "red" | "grey" | "blue" | "purple"
> = {
  awaiting_approval: "purple",
  pending: "orange",
  processing: "blue",
  succeeded: "green",
  rejected: "red",
  canceled: "grey",
  needs_attention: "red",
}
const STATUSES = Object.keys(STATUS_COLOR) as PayoutStatus[]

/**
 * How an action on a payout ended, as its toast says it: green for what is done (approved, canceled), blue for
 * a payout put back in flight (the job decides how it ends), orange when it needs a person again.
 */
const outcomeToast = (status: PayoutStatus, done: "success" | "info") =>
  status === "needs_attention" || status === "rejected"
    ? toast.warning
    : toast[done]

/** Approve, retry or cancel, where the payout's status allows it. */
function Actions({ payout }: { payout: PayoutView }) {
  const { t } = useTranslation("piastrix")
  const act = usePayoutAction()
  const failed = useFailureToast()
  const run = (
    action: Parameters<typeof act.mutate>[0],
    done: string,
    failure: string,
    tone: "success" | "info" = "success"
  ) =>
    runMutation(
      act,
      action,
      ({ payout: after }) =>
        outcomeToast(
          after.status,
          tone
        )(
          after.status === "needs_attention" || after.status === "rejected"
            ? t("payouts.endedAs", {
                status: t(`payouts.statuses.${after.status}`),
              })
            : done
        ),
      failed(failure, { currency: payout.currency_code })
    )
  return (
    <div className="flex justify-end gap-x-2">
      {payout.status === "awaiting_approval" && (
        <Button
          size="small"
          variant="secondary"
          isLoading={act.isPending}
          onClick={() =>
            run(
              { type: "approve", id: payout.id },
              t("payouts.approved"),
              t("payouts.approveFailed")
            )
          }
        >
          {t("payouts.approve")}
        </Button>
      )}
      {payout.status === "needs_attention" && (
        <Button
          size="small"
          variant="secondary"
          isLoading={act.isPending}
          onClick={() =>
            run(
              { type: "retry", id: payout.id },
              t("payouts.retried"),
              t("payouts.retryFailed"),
              "info"
            )
          }
        >
          {t("payouts.retry")}
        </Button>
      )}
      {(payout.status === "awaiting_approval" ||
        payout.status === "pending") && (
        <Button
          size="small"
          variant="transparent"
          isLoading={act.isPending}
          onClick={() =>
            run(
              {
                type: "cancel",
                id: payout.id,
                // In the server's vocabulary, so every reader sees it in their own language.
                reason: messageText("payout.canceled_in_admin"),
              },
              t("payouts.canceled"),
              t("payouts.cancelFailed")
            )
          }
        >
          {t("payouts.cancel")}
        </Button>
      )}
    </div>
  )
}

const columnHelper = createDataTableColumnHelper<PayoutView>()

/**
 * The payouts as Medusa's DataTable: status badges, the fee under the amount, the reason of a refusal,
 * actions; filtered on the server by status, recipient and creation dates (the filters above the table),
 * a page of `PAGE_SIZE` at a time.
 */
export const PayoutsTable = () => {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const [status, setStatus] = useState<PayoutStatus | undefined>(undefined)
  const [recipientId, setRecipientId] = useState<string | undefined>()
  const [from, setFrom] = useState("")
  const [to, setTo] = useState("")
  const [pageIndex, setPageIndex] = useState(0)
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setPageIndex(0)
      set(value)
    }
  // `?id=`: one payout, where a ledger entry links to it; "All payouts" goes back to the list.
  const [search, setSearch] = useSearchParams()
  const only = search.get("id") ?? undefined
  const filters = only
    ? { id: only }
    : { status, recipient_id: recipientId, ...periodOf(from, to) }
  const { data, isLoading, error } = usePayouts(filters, pageIndex * PAGE_SIZE)
  const { data: recipients } = useRecipients()
  const columns = useMemo(() => {
    const nameOf = (id: string) =>
      recipients?.recipients.find((r) => r.id === id)?.name ?? id
    return [
      columnHelper.accessor("created_at", {
        header: t("payouts.created_at"),
        cell: ({ getValue }) =>
          new Date(getValue()).toLocaleString(i18n.language),
      }),
      columnHelper.accessor("recipient_id", {
        header: t("payouts.recipient"),
        cell: ({ getValue }) => nameOf(getValue()),
      }),
      columnHelper.display({
        id: "to",
        header: t("payouts.to"),
        cell: ({ row }) =>
          `${row.original.rail === "transfer" ? t("payouts.wallet") : row.original.payway} ${maskAccount(row.original.account)}`,
      }),
      columnHelper.accessor("amount", {
        header: t("payouts.amount"),
        cell: ({ row }) => (
          <div>
            <Text size="small">
              {amount(row.original.amount, row.original.currency_code)}
            </Text>
            {row.original.fee ? (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("payouts.feeAndReceives", {
                  fee: amount(row.original.fee, row.original.currency_code),
                  receives: amount(
                    row.original.payee_receives,
                    row.original.currency_code
                  ),
                })}
              </Text>
            ) : null}
          </div>
        ),
      }),
      columnHelper.accessor("status", {
        header: t("payouts.status"),
        cell: ({ getValue }) => (
          <StatusBadge color={STATUS_COLOR[getValue()]}>
            {t(`payouts.statuses.${getValue()}`)}
          </StatusBadge>
        ),
      }),
      columnHelper.display({
        id: "reason",
        header: t("payouts.reason"),
        cell: ({ row }) => {
          const p = row.original
          // A cancel's reason is a person's (the API's caller), unless it is one of the plugin's own.
          if (
            p.status === "canceled" &&
            p.rejected_reason_message?.code === "other"
          ) {
            return (
              <Text
                size="xsmall"
                className="min-w-[220px] max-w-[320px] whitespace-normal"
              >
                {p.rejected_reason}
              </Text>
            )
          }
          return (
            <ServerMessage
              className="min-w-[220px] max-w-[320px] whitespace-normal"
              message={p.rejected_reason_message ?? p.last_error_message}
              raw={p.rejected_reason ?? p.last_error}
            />
          )
        },
      }),
      columnHelper.display({
        id: "actions",
        cell: ({ row }) => <Actions payout={row.original} />,
      }),
    ]
  }, [t, i18n.language, recipients, amount])
  const table = useDataTable({
    data: data?.payouts ?? [],
    columns,
    getRowId: (p) => p.id,
    rowCount: data?.count ?? 0,
    isLoading,
    pagination: {
      state: { pageIndex, pageSize: PAGE_SIZE },
      onPaginationChange: (next) => setPageIndex(next.pageIndex),
    },
  })
  return (
    <DataTable instance={table}>
      <DataTable.Toolbar className="flex flex-wrap items-end gap-3 px-6 py-4">
        {only ? (
          <div className="flex items-center gap-x-3">
            <Text size="small">{t("payouts.onePayout")}</Text>
            <Button
              size="small"
              variant="secondary"
              onClick={() => setSearch({})}
            >
              {t("payouts.allPayouts")}
            </Button>
          </div>
        ) : (
          <>
            <SelectField
              id="piastrix-payouts-status"
              label={t("payouts.filter")}
              value={status ?? "all"}
              onChange={filtered((v: string) =>
                setStatus(v === "all" ? undefined : (v as PayoutStatus))
              )}
              options={[
                { value: "all", text: t("payouts.allStatuses") },
                ...STATUSES.map((s) => ({
                  value: s,
                  text: t(`payouts.statuses.${s}`),
                })),
              ]}
            />
            <SelectField
              id="piastrix-payouts-recipient"
              label={t("payouts.filterRecipient")}
              value={recipientId ?? "all"}
              onChange={filtered((v: string) =>
                setRecipientId(v === "all" ? undefined : v)
              )}
              options={[
                { value: "all", text: t("payouts.allRecipients") },
                ...(recipients?.recipients ?? []).map((r) => ({
                  value: r.id,
                  text: r.name,
                })),
              ]}
            />
            <TextField
              id="piastrix-payouts-from"
              label={t("recipients.from")}
              type="date"
              value={from}
              onChange={filtered(setFrom)}
            />
            <TextField
              id="piastrix-payouts-to"
              label={t("recipients.to")}
              type="date"
              value={to}
              onChange={filtered(setTo)}
            />
          </>
        )}
      </DataTable.Toolbar>
      {error ? (
        <Body loading={false} error={error}>
          {null}
        </Body>
      ) : (
        <>
          <DataTable.Table
            emptyState={{
              empty: {
                heading: t("payouts.empty"),
                description: t("payouts.emptyDescription"),
              },
              filtered: { heading: t("payouts.emptyFiltered") },
            }}
          />
          <DataTable.Pagination translations={paginationTranslations(t)} />
        </>
      )}
    </DataTable>
  )
}
