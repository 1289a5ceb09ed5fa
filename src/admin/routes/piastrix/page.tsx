import { defineRouteConfig } from "@medusajs/admin-sdk"
import {
  Button,
  Input,
  Select,
  StatusBadge,
  Table,
  Text,
  toast,
} from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Body, Section } from "../../components/states"
import { Details } from "../../components/details"
import { ServerMessage, useMessageWords } from "../../components/server-message"
import { OrderLink } from "../../components/links"
import { AttentionIcon } from "../../components/attention-icon"
import { useFailureToast } from "../../components/failure-toast"
import { Paging } from "../../components/paging"
import {
  useInbox,
  useRefundNotification,
  useResolveNotification,
  useRetryNotification,
  type InboxRowView,
  type NotificationState,
} from "../../lib/api"
import { useAmounts } from "../../lib/amounts"
import { runMutation } from "../../lib/run-mutation"

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
const RETRYABLE = new Set<NotificationState>(["needs_attention", "failed"])

/** A processed rejection is a payment that failed: never a green badge. */
const badgeOf = (row: InboxRowView) =>
  row.state === "processed" && row.status === "rejected"
    ? { color: "orange" as const, label: "inbox.states.rejected" }
    : { color: STATE_COLOR[row.state], label: `inbox.states.${row.state}` }

/** The service's own status word, in the page's language when it is one the plugin knows. */
const KNOWN_STATUSES = new Set(["success", "rejected"])

const RetryButton = ({ row }: { row: InboxRowView }) => {
  const { t } = useTranslation("piastrix")
  const retry = useRetryNotification()
  const failed = useFailureToast()
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={retry.isPending}
      onClick={() =>
        runMutation(
          retry,
          row.id,
          ({ outcome }) =>
            // Green only when the retry did what it was for; otherwise the row keeps its reason.
            outcome === "processed"
              ? toast.success(t("inbox.retriedProcessed"))
              : toast.warning(
                  t("inbox.retriedStill", {
                    outcome: t(`inbox.states.${outcome}`),
                  })
                ),
          failed(t("inbox.retryFailed"), {
            currency: row.shop_currency_code,
          })
        )
      }
    >
      {t("inbox.retry")}
    </Button>
  )
}

/**
 * "Refund" of money without an order (offered only where the service can send it back: wallet payments),
 * confirmed with the amount; the server sends it once however often it is asked.
 */
const RefundButton = ({ row }: { row: InboxRowView }) => {
  const { t } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const refund = useRefundNotification()
  const failed = useFailureToast()
  const [asked, setAsked] = useState(false)
  if (!asked) {
    return (
      <Button size="small" variant="secondary" onClick={() => setAsked(true)}>
        {t("inbox.refund")}
      </Button>
    )
  }
  return (
    <Button
      size="small"
      variant="danger"
      isLoading={refund.isPending}
      onClick={() =>
        runMutation(
          refund,
          row.id,
          ({ refund: r }) =>
            toast.success(
              t("inbox.refunded", {
                amount: amount(r.amount, r.currency_code),
              }),
              {
                description: (
                  <Details
                    lines={[
                      r.transfer_id
                        ? t("inbox.transferId", { id: r.transfer_id })
                        : null,
                    ]}
                  />
                ),
              }
            ),
          (error) => {
            setAsked(false)
            failed(t("inbox.refundFailed"), {
              currency: row.shop_currency_code,
            })(error)
          }
        )
      }
    >
      {t("inbox.refundConfirm", {
        amount: amount(row.shop_amount, row.shop_currency_code),
      })}
    </Button>
  )
}

/** "Mark resolved": what the person did (refunded at Piastrix, made the order by hand), then saved with the row. */
const ResolveButton = ({ row }: { row: InboxRowView }) => {
  const { t } = useTranslation("piastrix")
  const resolve = useResolveNotification()
  const failed = useFailureToast()
  const [note, setNote] = useState<string | null>(null)
  if (note === null) {
    return (
      <Button size="small" variant="transparent" onClick={() => setNote("")}>
        {t("inbox.resolve")}
      </Button>
    )
  }
  return (
    <form
      className="flex items-center gap-x-2"
      onSubmit={(event) => {
        event.preventDefault()
        runMutation(
          resolve,
          { id: row.id, note },
          () => toast.success(t("inbox.resolved")),
          failed(t("inbox.resolveFailed"))
        )
      }}
    >
      <Input
        size="small"
        autoFocus
        aria-label={t("inbox.resolutionNote")}
        placeholder={t("inbox.resolutionNote")}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button
        size="small"
        type="submit"
        disabled={!note.trim()}
        isLoading={resolve.isPending}
      >
        {t("inbox.saveResolution")}
      </Button>
    </form>
  )
}

/**
 * What the payment is for: the order it became (`#12`, linking to it) or "no order", the payer's e-mail,
 * and the ids support asks for folded in Details.
 */
const PaymentOf = ({ row }: { row: InboxRowView }) => {
  const { t } = useTranslation("piastrix")
  return (
    <div className="flex flex-col gap-y-0.5">
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
      <Details
        lines={[
          t("inbox.sessionId", { id: row.shop_order_id }),
          row.payment_id ? t("inbox.paymentId", { id: row.payment_id }) : null,
        ]}
      />
    </div>
  )
}

/**
 * The notification inbox: every verified callback of the service with its processing state; rows that need
 * a person first, with the reason, a retry once the cause is fixed, a refund of a paid wallet payment that
 * could not become an order, or "mark resolved" with a note when it was settled outside the plugin.
 */
const PiastrixInboxPage = () => {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const words = useMessageWords()
  const [state, setState] = useState<NotificationState | undefined>(undefined)
  const [offset, setOffset] = useState(0)
  const { data, isLoading, error } = useInbox(state, offset)
  const date = (value: string | Date) =>
    new Date(value).toLocaleString(i18n.language)
  return (
    <div className="flex flex-col gap-y-3">
      <Section
        title={t("inbox.title")}
        actions={
          <div className="flex items-center gap-x-3">
            {data && data.needs_attention > 0 ? (
              <StatusBadge color="red">
                {t("inbox.attentionCount", { count: data.needs_attention })}
              </StatusBadge>
            ) : null}
            <Select
              size="small"
              value={state ?? "all"}
              onValueChange={(value) => {
                setOffset(0)
                setState(
                  value === "all" ? undefined : (value as NotificationState)
                )
              }}
            >
              <Select.Trigger aria-label={t("inbox.filter")}>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="all">{t("inbox.allStates")}</Select.Item>
                {STATES.map((s) => (
                  <Select.Item key={s} value={s}>
                    {t(`inbox.states.${s}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
        }
      >
        <div className="px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            {t("inbox.description")}
          </Text>
        </div>
        <Body
          loading={isLoading}
          error={error}
          empty={data?.notifications.length === 0}
        >
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("inbox.received")}</Table.HeaderCell>
                <Table.HeaderCell>{t("inbox.order")}</Table.HeaderCell>
                <Table.HeaderCell>{t("inbox.status")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">
                  {t("inbox.amount")}
                </Table.HeaderCell>
                <Table.HeaderCell>{t("inbox.state")}</Table.HeaderCell>
                <Table.HeaderCell>{t("inbox.reason")}</Table.HeaderCell>
                <Table.HeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.notifications.map((row) => (
                <Table.Row key={row.id} data-state={row.state}>
                  <Table.Cell>{date(row.created_at)}</Table.Cell>
                  <Table.Cell>
                    <PaymentOf row={row} />
                  </Table.Cell>
                  <Table.Cell>
                    {KNOWN_STATUSES.has(row.status) ? (
                      t(`inbox.statuses.${row.status}`)
                    ) : (
                      <code className="txt-compact-xsmall">{row.status}</code>
                    )}
                  </Table.Cell>
                  <Table.Cell className="text-right">
                    {amount(row.shop_amount, row.shop_currency_code)}
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge color={badgeOf(row).color}>
                      {t(badgeOf(row).label)}
                    </StatusBadge>
                  </Table.Cell>
                  <Table.Cell className="max-w-[360px] whitespace-normal">
                    <ServerMessage
                      message={row.last_error_message}
                      raw={row.last_error}
                    />
                    {row.state === "resolved" && row.resolution_note ? (
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {t("inbox.resolution", {
                          // The plugin's own note in words; a person's note as they wrote it.
                          note: row.resolution_note_message
                            ? words(row.resolution_note_message)
                            : row.resolution_note,
                          at: row.resolved_at ? date(row.resolved_at) : "",
                        })}
                      </Text>
                    ) : null}
                    {row.resolution_note_message ? (
                      <Details lines={[row.resolution_note]} />
                    ) : null}
                  </Table.Cell>
                  <Table.Cell className="text-right">
                    {RETRYABLE.has(row.state) ? (
                      <div className="flex items-center justify-end gap-x-2 whitespace-nowrap">
                        <ResolveButton row={row} />
                        {row.refundable ? <RefundButton row={row} /> : null}
                        {row.retryable ? <RetryButton row={row} /> : null}
                      </div>
                    ) : null}
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
  label: "nav.piastrix",
  translationNs: "piastrix",
  icon: AttentionIcon,
})

export default PiastrixInboxPage
