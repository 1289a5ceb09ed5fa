import { Button, StatusBadge, Table, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router-dom"
import { ScheduleField, TextField } from "../../../../components/field"
import { Paging } from "../../../../components/paging"
import { Body, Section } from "../../../../components/states"
import { Details } from "../../../../components/details"
import { useMessageWords } from "../../../../components/server-message"
import { useFailureToast } from "../../../../components/failure-toast"
import { OrderLink, PayoutLink } from "../../../../components/links"
import {
  useCheckAccount,
  useLinkProducts,
  useProductSearch,
  useRecipient,
  useRecipientLedger,
  useRecipientProducts,
  useSaveRecipient,
  type LedgerEntryView,
  type RecipientView,
} from "../../../../lib/api"
import { useAmounts } from "../../../../lib/amounts"
import { runMutation } from "../../../../lib/run-mutation"
import { periodOf } from "../../../../lib/period"

/** The recipient's ledger accounts, in the order money moves through them. */
const ACCOUNTS = ["held", "available", "in_flight", "paid", "clawback"]

function Settings({ recipient }: { recipient: RecipientView }) {
  const { t } = useTranslation("piastrix")
  const save = useSaveRecipient()
  const failed = useFailureToast()
  const initial = {
    name: recipient.name,
    email: recipient.email,
    // The server shows the account masked only: the field is empty, and a new account is typed whole.
    account: "",
    commission_percent: recipient.commission_percent,
    commission_fixed: recipient.commission_fixed,
    hold_days: String(recipient.hold_days),
    schedule: recipient.schedule as string,
    minimum_payout: recipient.minimum_payout,
  }
  const [form, setForm] = useState(initial)
  useEffect(() => setForm(initial), [recipient])
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))
  const text = (field: keyof typeof form, label: string) => (
    <TextField
      id={`piastrix-recipient-${field}`}
      label={label}
      value={form[field]}
      onChange={set(field)}
    />
  )
  return (
    <form
      className="grid grid-cols-2 gap-4 px-6 py-4 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault()
        // Only what changed: an unchanged account is not checked again.
        const changes = Object.fromEntries(
          Object.entries(form).filter(
            ([k, v]) => v !== initial[k as keyof typeof initial]
          )
        )
        if ("hold_days" in changes) {
          changes.hold_days = Number(changes.hold_days) as never
        }
        runMutation(
          save,
          { id: recipient.id, ...changes },
          () => toast.success(t("recipients.saved")),
          failed(t("recipients.saveFailed"))
        )
      }}
    >
      {text("name", t("recipients.name"))}
      {text("email", t("recipients.email"))}
      <TextField
        id="piastrix-recipient-account"
        label={t("recipients.newAccount")}
        placeholder={recipient.account}
        value={form.account}
        onChange={set("account")}
      />
      {text("commission_percent", t("recipients.commissionPercent"))}
      {text("commission_fixed", t("recipients.commissionFixed"))}
      {text("hold_days", t("recipients.holdDays"))}
      {text("minimum_payout", t("recipients.minimumPayout"))}
      <ScheduleField value={form.schedule} onChange={set("schedule")} />
      <div className="col-span-full flex justify-end">
        <Button size="small" type="submit" isLoading={save.isPending}>
          {t("recipients.save")}
        </Button>
      </div>
    </form>
  )
}

/** Asks the service whether the withdraw account would be paid an amount now; the answer in a toast. */
function CheckAccount({ id }: { id: string }) {
  const { t } = useTranslation("piastrix")
  const check = useCheckAccount(id)
  const words = useMessageWords()
  const failed = useFailureToast()
  const [amount, setAmount] = useState("100.00")
  return (
    <form
      className="flex items-end gap-x-2 px-6 py-4"
      onSubmit={(event) => {
        event.preventDefault()
        runMutation(
          check,
          amount,
          ({ result, reason, reason_message }) =>
            (result === "ok" ? toast.success : toast.warning)(
              t(`recipients.accountCheck.${result}`, {
                reason: reason_message ? words(reason_message) : "",
              }),
              { description: <Details lines={[reason]} /> }
            ),
          failed(t("recipients.checkFailed"))
        )
      }}
    >
      <TextField
        id="piastrix-check-amount"
        label={t("recipients.checkAmount")}
        value={amount}
        onChange={setAmount}
      />
      <Button
        size="small"
        variant="secondary"
        type="submit"
        isLoading={check.isPending}
      >
        {t("recipients.checkAccount")}
      </Button>
    </form>
  )
}

function Products({ id }: { id: string }) {
  const { t } = useTranslation("piastrix")
  const { data, isLoading, error } = useRecipientProducts(id)
  const link = useLinkProducts(id)
  const [q, setQ] = useState("")
  const found = useProductSearch(q)
  const failed = useFailureToast()
  const change = (body: { add?: string[]; remove?: string[] }) =>
    runMutation(link, body, () => {}, failed(t("recipients.productsFailed")))
  const linked = new Set(data?.products.map((p) => p.id))
  return (
    <>
      <Body
        loading={isLoading}
        error={error}
        empty={data?.products.length === 0}
      >
        <Table>
          <Table.Body>
            {data?.products.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{p.title}</Table.Cell>
                <Table.Cell className="text-right">
                  <Button
                    size="small"
                    variant="transparent"
                    onClick={() => change({ remove: [p.id] })}
                  >
                    {t("recipients.unlink")}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </Body>
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <TextField
          id="piastrix-product-search"
          label={t("recipients.findProduct")}
          type="search"
          value={q}
          onChange={setQ}
        />
        {found.data?.products
          .filter((p) => !linked.has(p.id))
          .map((p) => (
            <div key={p.id} className="flex items-center justify-between">
              <Text size="small">{p.title}</Text>
              <Button
                size="small"
                variant="secondary"
                isLoading={link.isPending}
                onClick={() => change({ add: [p.id] })}
              >
                {t("recipients.link")}
              </Button>
            </div>
          ))}
      </div>
    </>
  )
}

/** What an entry is for: its order (`#4`, linking to it), its payout (a link) and its reason; ids in Details. */
function EntryFor({ entry }: { entry: LedgerEntryView }) {
  const { t } = useTranslation("piastrix")
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
            {t("recipients.payoutLink")}
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

function Ledger({ id, currency }: { id: string; currency?: string }) {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const [offset, setOffset] = useState(0)
  const [from, setFrom] = useState("")
  const [to, setTo] = useState("")
  const period = periodOf(from, to)
  const { data, isLoading, error } = useRecipientLedger(id, offset, period)
  // The statement in the reader's time zone and language, as the page shows the ledger.
  const statement = `/admin/piastrix/recipients/${id}/statement?${new URLSearchParams(
    {
      ...period,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      lang: i18n.language.startsWith("ru") ? "ru" : "en",
    }
  )}`
  return (
    <>
      <div className="flex flex-wrap items-end gap-3 px-6 py-4">
        <TextField
          id="piastrix-ledger-from"
          label={t("recipients.from")}
          type="date"
          value={from}
          onChange={(day) => {
            setOffset(0)
            setFrom(day)
          }}
        />
        <TextField
          id="piastrix-ledger-to"
          label={t("recipients.to")}
          type="date"
          value={to}
          onChange={(day) => {
            setOffset(0)
            setTo(day)
          }}
        />
        <Button size="small" variant="secondary" asChild>
          <a href={statement} download>
            {t("recipients.statement")}
          </a>
        </Button>
      </div>
      <Body
        loading={isLoading}
        error={error}
        empty={data?.entries.length === 0}
      >
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("recipients.date")}</Table.HeaderCell>
              <Table.HeaderCell>{t("recipients.entry")}</Table.HeaderCell>
              <Table.HeaderCell>
                {t("recipients.ledgerAccount")}
              </Table.HeaderCell>
              <Table.HeaderCell className="text-right">
                {t("payouts.amount")}
              </Table.HeaderCell>
              <Table.HeaderCell>{t("recipients.for")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data?.entries.map((e) => (
              <Table.Row key={e.id}>
                <Table.Cell>
                  {new Date(e.created_at).toLocaleString(i18n.language)}
                </Table.Cell>
                <Table.Cell>{t(`recipients.kinds.${e.kind}`)}</Table.Cell>
                <Table.Cell>{t(`recipients.accounts.${e.account}`)}</Table.Cell>
                <Table.Cell className="text-right">
                  {amount(e.amount, currency)}
                </Table.Cell>
                <Table.Cell className="max-w-[320px] whitespace-normal">
                  <EntryFor entry={e} />
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
    </>
  )
}

/**
 * One recipient: what it is paid and how, its balances, its settings (suspend stops its payouts), the
 * products whose sales earn it its share, and its ledger with a statement download. Over 300 lines: the
 * page's sections, each a small component used nowhere else.
 */
const PiastrixRecipientPage = () => {
  const { t } = useTranslation("piastrix")
  const { id = "" } = useParams()
  const { amount } = useAmounts()
  const { data, isLoading, error } = useRecipient(id)
  const save = useSaveRecipient()
  const failed = useFailureToast()
  const recipient = data?.recipient
  const suspended = recipient?.state === "suspended"
  return (
    <div className="flex flex-col gap-y-3">
      <Section
        title={recipient?.name ?? t("recipients.title")}
        actions={
          recipient && (
            <div className="flex items-center gap-x-2">
              <StatusBadge color={suspended ? "grey" : "green"}>
                {t(`recipients.states.${recipient.state}`)}
              </StatusBadge>
              <Button
                size="small"
                variant="secondary"
                isLoading={save.isPending}
                onClick={() =>
                  runMutation(
                    save,
                    { id, state: suspended ? "active" : "suspended" },
                    ({ recipient: r }) =>
                      toast.success(t(`recipients.states.${r.state}`)),
                    failed(t("recipients.stateFailed"))
                  )
                }
              >
                {suspended ? t("recipients.activate") : t("recipients.suspend")}
              </Button>
            </div>
          )
        }
      >
        <Body loading={isLoading} error={error}>
          {recipient && data && (
            <div className="grid grid-cols-2 gap-4 px-6 py-4 lg:grid-cols-5">
              <Text size="small">
                {t("recipients.paidTo")}:{" "}
                {recipient.rail === "transfer"
                  ? t("payouts.wallet")
                  : recipient.payway}{" "}
                {recipient.account}
              </Text>
              {ACCOUNTS.map((account) => (
                <Text key={account} size="small" data-account={account}>
                  {t(`recipients.accounts.${account}`)}:{" "}
                  {amount(data.balances[account] ?? "0", data.currency_code)}
                </Text>
              ))}
            </div>
          )}
          {recipient?.rail === "withdraw" && <CheckAccount id={id} />}
        </Body>
      </Section>
      {recipient && (
        <Section title={t("recipients.settings")}>
          <Settings recipient={recipient} />
        </Section>
      )}
      <Section title={t("recipients.products")}>
        <Products id={id} />
      </Section>
      <Section title={t("recipients.ledger")}>
        <Ledger id={id} currency={data?.currency_code} />
      </Section>
    </div>
  )
}

export default PiastrixRecipientPage
