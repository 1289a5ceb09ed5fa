import { createDataTableColumnHelper, StatusBadge, Text } from "@medusajs/ui"
import { useMemo, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { maskAccount } from "../../lib/plugin/mask"
import {
  PAGE_SIZE,
  usePayouts,
  useRecipients,
  type PayoutView,
  type PayoutStatus,
} from "../lib/api"
import { useAmounts } from "../lib/amounts"
import { usePaywayName } from "../lib/payways"
import { periodOf } from "../lib/period"
import { PayoutActions } from "./payout-actions"
import { DataList, FILL, FIT } from "./data-list"
import { PeriodFields, SelectField } from "./field"
import { RecipientLink } from "./links"
import { RowReason, useMessageWords } from "./server-message"

export const STATUS_COLOR: Record<
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

const columnHelper = createDataTableColumnHelper<PayoutView>()

/**
 * The payouts as Medusa's DataTable: the recipient linking to its page, status badges, the fee under the
 * amount, the reason of a refusal, actions behind "…"; filtered on the server by status, recipient and
 * creation dates (the filters above the table), a page of `PAGE_SIZE` at a time; a row opens the payout. `actions`: the header's
 * buttons (*Create*).
 */
export const PayoutsTable = ({ actions }: { actions?: ReactNode }) => {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const paywayName = usePaywayName()
  const words = useMessageWords()
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
  const navigate = useNavigate()
  const filters = { status, recipient_id: recipientId, ...periodOf(from, to) }
  const { data, isLoading, error } = usePayouts(filters, pageIndex * PAGE_SIZE)
  const { data: recipients } = useRecipients()
  const columns = useMemo(() => {
    const nameOf = (id: string) =>
      recipients?.recipients.find((r) => r.id === id)?.name ?? ""
    return [
      columnHelper.accessor("created_at", {
        ...FIT,
        header: t("payouts.created_at"),
        cell: ({ getValue }) => (
          <span title={new Date(getValue()).toLocaleString(i18n.language)}>
            {new Date(getValue()).toLocaleString(i18n.language, {
              dateStyle: "short",
              timeStyle: "short",
            })}
          </span>
        ),
      }),
      columnHelper.accessor("recipient_id", {
        ...FIT,
        header: t("payouts.recipient"),
        cell: ({ getValue }) => (
          <RecipientLink id={getValue()}>{nameOf(getValue())}</RecipientLink>
        ),
      }),
      // Where to, and the account masked under it.
      columnHelper.display({
        ...FIT,
        id: "to",
        header: t("payouts.to"),
        cell: ({ row }) => (
          <div className="flex flex-col">
            <Text size="small" leading="compact">
              {row.original.rail === "transfer"
                ? t("payouts.wallet")
                : paywayName(row.original.payway)}
            </Text>
            <Text size="xsmall" leading="compact" className="text-ui-fg-subtle">
              {maskAccount(row.original.account)}
            </Text>
          </div>
        ),
      }),
      // The amount, and under it the fee and what the payee got (on two lines at most).
      columnHelper.accessor("amount", {
        ...FIT,
        header: t("payouts.amount"),
        cell: ({ row }) => (
          <div>
            <Text size="small">
              {amount(row.original.amount, row.original.currency_code)}
            </Text>
            {row.original.fee ? (
              <Text
                size="xsmall"
                className="text-ui-fg-subtle min-w-[12rem] whitespace-normal"
              >
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
        ...FIT,
        header: t("payouts.status"),
        cell: ({ getValue }) => (
          <StatusBadge color={STATUS_COLOR[getValue()]}>
            {t(`payouts.statuses.${getValue()}`)}
          </StatusBadge>
        ),
      }),
      columnHelper.display({
        ...FILL,
        id: "reason",
        header: t("payouts.reason"),
        cell: ({ row }) => {
          const p = row.original
          const message = p.rejected_reason_message ?? p.last_error_message
          const raw = p.rejected_reason ?? p.last_error
          // A cancel's reason is a person's (the API's caller), unless it is one of the plugin's own.
          const persons =
            p.status === "canceled" &&
            p.rejected_reason_message?.code === "other"
          return (
            <RowReason
              sentences={[
                persons ? raw : message && raw ? words(message) : null,
              ]}
              details={[persons ? null : raw]}
            />
          )
        },
      }),
      columnHelper.display({
        id: "action",
        cell: ({ row }) => (
          <div className="flex justify-end">
            <PayoutActions
              payout={row.original}
              name={nameOf(row.original.recipient_id)}
            />
          </div>
        ),
      }),
    ]
  }, [t, i18n.language, recipients, amount, paywayName, words])
  return (
    <DataList
      level="h1"
      heading={t("payouts.title")}
      subHeading={t("payouts.subtitle")}
      actions={actions}
      filters={
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
          <PeriodFields
            id="piastrix-payouts"
            from={from}
            to={to}
            onFrom={filtered(setFrom)}
            onTo={filtered(setTo)}
          />
        </>
      }
      rows={data?.payouts}
      onRowClick={(p) => navigate(`/piastrix/payouts/${p.id}`)}
      count={data?.count}
      columns={columns}
      getRowId={(p) => p.id}
      pageIndex={pageIndex}
      onPageIndex={setPageIndex}
      isLoading={isLoading}
      error={error}
      empty={{
        heading: t("payouts.empty"),
        description: t("payouts.emptyDescription"),
      }}
    />
  )
}
