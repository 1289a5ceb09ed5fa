import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Select, StatusBadge, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Body, Section } from "../../../components/states"
import { Field, SelectField, TextField } from "../../../components/field"
import { Paging } from "../../../components/paging"
import {
  messageOf,
  usePayoutAction,
  usePayouts,
  useRecipients,
  type Payout,
  type PayoutStatus,
} from "../../../lib/api"
import { maskAccount } from "../../../../lib/plugin/mask"
import { periodOf } from "../../../lib/period"

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

function Actions({ payout }: { payout: Payout }) {
  const { t } = useTranslation("piastrix")
  const act = usePayoutAction()
  const run = (action: Parameters<typeof act.mutate>[0], done: string) =>
    act.mutate(action, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(messageOf(error)),
    })
  return (
    <div className="flex justify-end gap-x-2">
      {payout.status === "awaiting_approval" && (
        <Button
          size="small"
          variant="secondary"
          isLoading={act.isPending}
          onClick={() =>
            run({ type: "approve", id: payout.id }, t("payouts.approved"))
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
            run({ type: "retry", id: payout.id }, t("payouts.retried"))
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
                reason: t("payouts.canceledInAdmin"),
              },
              t("payouts.canceled")
            )
          }
        >
          {t("payouts.cancel")}
        </Button>
      )}
    </div>
  )
}

function NewPayout() {
  const { t } = useTranslation("piastrix")
  const { data } = useRecipients()
  const act = usePayoutAction()
  const [recipient, setRecipient] = useState<string>("")
  const [amount, setAmount] = useState("")
  const active = (data?.recipients ?? []).filter((r) => r.state === "active")
  return (
    <form
      className="flex flex-wrap items-end gap-3 px-6 py-4"
      onSubmit={(event) => {
        event.preventDefault()
        act.mutate(
          {
            type: "create",
            recipient_id: recipient,
            ...(amount.trim() ? { amount: amount.trim() } : {}),
          },
          {
            onSuccess: ({ payout }) => {
              toast.success(
                t("payouts.created", {
                  amount: payout.amount,
                  status: t(`payouts.statuses.${payout.status}`),
                })
              )
              setAmount("")
            },
            onError: (error) => toast.error(messageOf(error)),
          }
        )
      }}
    >
      <Field id="piastrix-payout-recipient" label={t("payouts.recipient")}>
        <Select value={recipient} onValueChange={setRecipient}>
          <Select.Trigger
            id="piastrix-payout-recipient"
            className="min-w-[220px]"
          >
            <Select.Value placeholder={t("payouts.chooseRecipient")} />
          </Select.Trigger>
          <Select.Content>
            {active.map((r) => (
              <Select.Item key={r.id} value={r.id}>
                {r.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </Field>
      <TextField
        id="piastrix-payout-amount"
        label={t("payouts.amountOptional")}
        placeholder="100.00"
        value={amount}
        onChange={setAmount}
      />
      <Button
        size="small"
        type="submit"
        disabled={!recipient}
        isLoading={act.isPending}
      >
        {t("payouts.create")}
      </Button>
    </form>
  )
}

/**
 * Vendor payouts: every payout with its status and, when refused, the reason; approve, cancel and retry
 * where the status allows; a new payout for a recipient (an amount, or all that is payable).
 */
const PiastrixPayoutsPage = () => {
  const { t, i18n } = useTranslation("piastrix")
  const [status, setStatus] = useState<PayoutStatus | undefined>(undefined)
  const [recipientId, setRecipientId] = useState<string | undefined>()
  const [from, setFrom] = useState("")
  const [to, setTo] = useState("")
  const [offset, setOffset] = useState(0)
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setOffset(0)
      set(value)
    }
  const { data, isLoading, error } = usePayouts(
    { status, recipient_id: recipientId, ...periodOf(from, to) },
    offset
  )
  const { data: recipients } = useRecipients()
  const nameOf = (id: string) =>
    recipients?.recipients.find((r) => r.id === id)?.name ?? id
  const date = (value: string | Date) =>
    new Date(value).toLocaleString(i18n.language)
  return (
    <div className="flex flex-col gap-y-3">
      <Section title={t("payouts.new")}>
        <NewPayout />
      </Section>
      <Section title={t("payouts.title")}>
        <div className="flex flex-wrap items-end gap-3 px-6 py-4">
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
        </div>
        <Body
          loading={isLoading}
          error={error}
          empty={data?.payouts.length === 0}
        >
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("payouts.created_at")}</Table.HeaderCell>
                <Table.HeaderCell>{t("payouts.recipient")}</Table.HeaderCell>
                <Table.HeaderCell>{t("payouts.to")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">
                  {t("payouts.amount")}
                </Table.HeaderCell>
                <Table.HeaderCell>{t("payouts.status")}</Table.HeaderCell>
                <Table.HeaderCell>{t("payouts.reason")}</Table.HeaderCell>
                <Table.HeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.payouts.map((p) => (
                <Table.Row key={p.id} data-status={p.status}>
                  <Table.Cell>{date(p.created_at)}</Table.Cell>
                  <Table.Cell>{nameOf(p.recipient_id)}</Table.Cell>
                  <Table.Cell>
                    {p.rail === "transfer" ? t("payouts.wallet") : p.payway}{" "}
                    {maskAccount(p.account)}
                  </Table.Cell>
                  <Table.Cell className="text-right">
                    {p.amount}
                    {p.fee ? (
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {t("payouts.fee", { fee: p.fee })}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge color={STATUS_COLOR[p.status]}>
                      {t(`payouts.statuses.${p.status}`)}
                    </StatusBadge>
                  </Table.Cell>
                  <Table.Cell className="max-w-[320px] whitespace-normal">
                    <Text size="xsmall">
                      {p.rejected_reason ?? p.last_error ?? ""}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Actions payout={p} />
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
    </div>
  )
}

export const config = defineRouteConfig({
  label: "nav.payouts",
  translationNs: "piastrix",
})

export default PiastrixPayoutsPage
