import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, StatusBadge, Table, toast } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { Body, Section } from "../../../components/states"
import {
  useDirections,
  useRecipientPage,
  useSaveRecipient,
  type DirectionRow,
} from "../../../lib/api"
import { runMutation } from "../../../lib/run-mutation"
import { maskAccount } from "../../../../lib/plugin/mask"
import {
  ScheduleField,
  SelectField,
  TextField,
} from "../../../components/field"
import { Paging } from "../../../components/paging"
import { useFailureToast } from "../../../components/failure-toast"

/** Where a recipient is paid: a Piastrix wallet, or one of the shop's payout directions (card_rub ...). */
const WALLET = "__wallet__"

function NewRecipient() {
  const { t } = useTranslation("piastrix")
  const navigate = useNavigate()
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
    <form
      className="grid grid-cols-2 gap-4 px-6 py-4 lg:grid-cols-4"
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
            commission_percent: form.commission_percent,
            ...(form.hold_days.trim()
              ? { hold_days: Number(form.hold_days) }
              : {}),
            ...(form.schedule ? { schedule: form.schedule as never } : {}),
          },
          ({ recipient }) => {
            toast.success(t("recipients.created", { name: recipient.name }))
            navigate(`/piastrix/recipients/${recipient.id}`)
          },
          failed(t("recipients.createFailed"))
        )
      }}
    >
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
            text: d.method ? `${d.method} (${d.payway})` : d.payway,
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
      <div className="col-span-full flex justify-end">
        <Button
          size="small"
          type="submit"
          disabled={!form.to || !currency}
          isLoading={save.isPending}
        >
          {t("recipients.create")}
        </Button>
      </div>
    </form>
  )
}

/** Vendors paid out of the shop balance: the list (a row opens the recipient) and a form for a new one. */
const PiastrixRecipientsPage = () => {
  const { t } = useTranslation("piastrix")
  const navigate = useNavigate()
  const [offset, setOffset] = useState(0)
  const { data, isLoading, error } = useRecipientPage(offset)
  return (
    <div className="flex flex-col gap-y-3">
      <Section title={t("recipients.title")}>
        <Body
          loading={isLoading}
          error={error}
          empty={data?.recipients.length === 0}
        >
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("recipients.name")}</Table.HeaderCell>
                <Table.HeaderCell>{t("recipients.email")}</Table.HeaderCell>
                <Table.HeaderCell>{t("recipients.paidTo")}</Table.HeaderCell>
                <Table.HeaderCell>{t("recipients.schedule")}</Table.HeaderCell>
                <Table.HeaderCell>
                  {t("recipients.commissionPercent")}
                </Table.HeaderCell>
                <Table.HeaderCell>{t("recipients.state")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.recipients.map((r) => (
                <Table.Row
                  key={r.id}
                  className="cursor-pointer"
                  onClick={() => navigate(`/piastrix/recipients/${r.id}`)}
                >
                  <Table.Cell>{r.name}</Table.Cell>
                  <Table.Cell>{r.email}</Table.Cell>
                  <Table.Cell>
                    {r.rail === "transfer" ? t("payouts.wallet") : r.payway}{" "}
                    {maskAccount(r.account)}
                  </Table.Cell>
                  <Table.Cell>
                    {t(`recipients.schedules.${r.schedule}`)}
                  </Table.Cell>
                  <Table.Cell>{r.commission_percent} %</Table.Cell>
                  <Table.Cell>
                    <StatusBadge
                      color={r.state === "active" ? "green" : "grey"}
                    >
                      {t(`recipients.states.${r.state}`)}
                    </StatusBadge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          <Paging
            count={data?.count ?? 0}
            offset={offset}
            setOffset={setOffset}
          />
        </Body>
      </Section>
      <Section title={t("recipients.new")}>
        <NewRecipient />
      </Section>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "nav.recipients",
  translationNs: "piastrix",
})

export default PiastrixRecipientsPage
