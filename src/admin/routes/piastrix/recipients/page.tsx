import { defineRouteConfig } from "@medusajs/admin-sdk"
import {
  Button,
  createDataTableColumnHelper,
  StatusBadge,
  toast,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { maskAccount } from "../../../../lib/plugin/mask"
import { crumb } from "../../../components/breadcrumb"
import { CreateButton, CreateModal } from "../../../components/create-modal"
import { DataList } from "../../../components/data-list"
import {
  ScheduleField,
  SelectField,
  TextField,
} from "../../../components/field"
import { RecipientLink } from "../../../components/links"
import {
  PAGE_SIZE,
  useDirections,
  useRecipientPage,
  useSaveRecipient,
  type DirectionRow,
  type RecipientView,
} from "../../../lib/api"
import { decimalOf, useAmounts } from "../../../lib/amounts"
import { usePaywayName } from "../../../lib/payways"
import { runMutation } from "../../../lib/run-mutation"
import { useFailureToast } from "../../../components/failure-toast"

/** Where a recipient is paid: a Piastrix wallet, or one of the shop's payout directions (card_rub ...). */
const WALLET = "__wallet__"

/**
 * *Create* recipient, in a focus modal: its name, where it is paid (a wallet or a payout direction, named
 * as people say them), the account, its commission and, empty, the store's hold and schedule.
 */
function NewRecipient({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation("piastrix")
  const navigate = useNavigate()
  const paywayName = usePaywayName()
  const directions = useDirections()
  const save = useSaveRecipient()
  const failed = useFailureToast()
  const [form, setForm] = useState({
    name: "",
    email: "",
    to: "",
    currency: "",
    account: "",
    commission_percent: "0",
    // Empty: the store's defaults (Settings → Piastrix).
    hold_days: "",
    schedule: "",
  })
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))
  const payouts: DirectionRow[] = (directions.data?.payouts ?? []).filter(
    (d) => !d.wallet
  )
  // A wallet holds any currency the shop works in.
  const currencies = useMemo(() => {
    const all = [
      ...(directions.data?.payments ?? []),
      ...(directions.data?.payouts ?? []),
    ]
    return [...new Map(all.map((d) => [d.currency, d])).values()]
  }, [directions.data])
  const direction = payouts.find((d) => d.payway === form.to)
  const currency =
    form.to === WALLET ? Number(form.currency) : direction?.currency_numeric
  return (
    <CreateModal
      open={open}
      onOpenChange={onOpenChange}
      title={t("recipients.new")}
      hint={t("recipients.newHint")}
      submit={
        <Button
          size="small"
          type="submit"
          disabled={!form.to || !currency}
          isLoading={save.isPending}
        >
          {t("recipients.create")}
        </Button>
      }
      onSubmit={(event) => {
        event.preventDefault()
        runMutation(
          save,
          {
            name: form.name,
            email: form.email,
            rail: form.to === WALLET ? "transfer" : "withdraw",
            ...(form.to === WALLET ? {} : { payway: form.to }),
            currency,
            account: form.account,
            commission_percent: decimalOf(form.commission_percent),
            ...(form.hold_days.trim()
              ? { hold_days: Number(form.hold_days) }
              : {}),
            ...(form.schedule ? { schedule: form.schedule as never } : {}),
          },
          ({ recipient }) => {
            toast.success(t("recipients.created", { name: recipient.name }))
            onOpenChange(false)
            navigate(`/piastrix/recipients/${recipient.id}`)
          },
          failed(t("recipients.createFailed"))
        )
      }}
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField
          id="piastrix-recipient-name"
          label={t("recipients.name")}
          value={form.name}
          onChange={set("name")}
        />
        <TextField
          id="piastrix-recipient-email"
          label={t("recipients.email")}
          type="email"
          value={form.email}
          onChange={set("email")}
        />
        <SelectField
          id="piastrix-recipient-to"
          label={t("recipients.paidTo")}
          placeholder={t("recipients.choosePaidTo")}
          value={form.to}
          onChange={set("to")}
          options={[
            { value: WALLET, text: t("payouts.wallet") },
            ...payouts.map((d) => ({
              value: d.payway,
              text: `${paywayName(d.payway, d.method)} · ${d.currency}`,
            })),
          ]}
        />
        {form.to === WALLET ? (
          <SelectField
            id="piastrix-recipient-currency"
            label={t("common.currency")}
            placeholder={t("common.currency")}
            value={form.currency}
            onChange={set("currency")}
            options={currencies.map((d) => ({
              value: String(d.currency_numeric),
              text: d.currency,
            }))}
          />
        ) : (
          <TextField
            id="piastrix-recipient-currency-shown"
            label={t("common.currency")}
            disabled
            value={direction?.currency ?? ""}
            onChange={() => undefined}
          />
        )}
        <TextField
          id="piastrix-recipient-account"
          label={t("recipients.account")}
          placeholder={
            form.to === WALLET
              ? t("recipients.walletAccount")
              : (direction?.account_format ?? "")
          }
          value={form.account}
          onChange={set("account")}
        />
        <TextField
          id="piastrix-recipient-commission"
          label={t("recipients.commissionPercent")}
          value={form.commission_percent}
          onChange={set("commission_percent")}
        />
        <TextField
          id="piastrix-recipient-hold"
          label={t("recipients.holdDays")}
          placeholder={t("recipients.storeDefault")}
          type="number"
          min={0}
          value={form.hold_days}
          onChange={set("hold_days")}
        />
        <ScheduleField
          value={form.schedule}
          onChange={set("schedule")}
          placeholder={t("recipients.storeDefault")}
        />
      </div>
    </CreateModal>
  )
}

const columnHelper = createDataTableColumnHelper<RecipientView>()

/** Vendors paid out of the shop balance: the list (a row opens the recipient), and *Create* for a new one. */
const PiastrixRecipientsPage = () => {
  const { t } = useTranslation("piastrix")
  const navigate = useNavigate()
  const paywayName = usePaywayName()
  const { number } = useAmounts()
  const [pageIndex, setPageIndex] = useState(0)
  const [creating, setCreating] = useState(false)
  const { data, isLoading, error } = useRecipientPage(pageIndex * PAGE_SIZE)
  const columns = useMemo(
    () => [
      columnHelper.accessor("name", {
        header: t("recipients.name"),
        cell: ({ row }) => (
          <RecipientLink id={row.original.id}>
            {row.original.name}
          </RecipientLink>
        ),
      }),
      columnHelper.accessor("email", { header: t("recipients.email") }),
      columnHelper.display({
        id: "paid_to",
        header: t("recipients.paidTo"),
        cell: ({ row: { original: r } }) =>
          `${r.rail === "transfer" ? t("payouts.wallet") : paywayName(r.payway)} ${maskAccount(r.account) ?? ""}`,
      }),
      columnHelper.accessor("schedule", {
        header: t("recipients.schedule"),
        cell: ({ getValue }) => t(`recipients.schedules.${getValue()}`),
      }),
      columnHelper.accessor("commission_percent", {
        header: t("recipients.commissionPercent"),
        cell: ({ getValue }) => `${number(getValue())} %`,
      }),
      columnHelper.accessor("state", {
        header: t("recipients.state"),
        cell: ({ getValue }) => (
          <StatusBadge color={getValue() === "active" ? "green" : "grey"}>
            {t(`recipients.states.${getValue()}`)}
          </StatusBadge>
        ),
      }),
    ],
    [t, paywayName, number]
  )
  return (
    <div className="flex flex-col gap-y-3">
      <DataList
        level="h1"
        heading={t("recipients.title")}
        subHeading={t("recipients.subtitle")}
        actions={<CreateButton onClick={() => setCreating(true)} />}
        rows={data?.recipients}
        count={data?.count}
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/piastrix/recipients/${r.id}`)}
        pageIndex={pageIndex}
        onPageIndex={setPageIndex}
        isLoading={isLoading}
        error={error}
        empty={{
          heading: t("recipients.empty"),
          description: t("recipients.emptyDescription"),
        }}
      />
      <NewRecipient open={creating} onOpenChange={setCreating} />
    </div>
  )
}

export const handle = crumb("nav.recipients")

export const config = defineRouteConfig({
  label: "nav.recipients",
  translationNs: "piastrix",
})

export default PiastrixRecipientsPage
