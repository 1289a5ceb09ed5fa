import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Button, Select, StatusBadge, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Body, Section } from "../../components/states"
import {
  messageOf,
  PAGE_SIZE,
  useInbox,
  useRetryNotification,
  type Notification,
  type NotificationState,
} from "../../lib/api"

const STATE_COLOR: Record<
  NotificationState,
  "green" | "orange" | "red" | "grey" | "blue"
> = {
  processed: "green",
  received: "blue",
  failed: "orange",
  needs_attention: "red",
  ignored: "grey",
}
const STATES = Object.keys(STATE_COLOR) as NotificationState[]
const RETRYABLE = new Set<NotificationState>(["needs_attention", "failed"])

const RetryButton = ({ row }: { row: Notification }) => {
  const { t } = useTranslation("piastrix")
  const retry = useRetryNotification()
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={retry.isPending}
      onClick={() =>
        retry.mutate(row.id, {
          onSuccess: ({ outcome }) =>
            toast.success(
              t("inbox.retried", { outcome: t(`inbox.states.${outcome}`) })
            ),
          onError: (error) => toast.error(messageOf(error)),
        })
      }
    >
      {t("inbox.retry")}
    </Button>
  )
}

/**
 * The notification inbox: every verified callback of the service with its processing state; rows that need
 * a person first, with the reason and a retry once the cause is fixed.
 */
const PiastrixInboxPage = () => {
  const { t, i18n } = useTranslation("piastrix")
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
                    <code className="txt-compact-xsmall">
                      {row.shop_order_id}
                    </code>
                  </Table.Cell>
                  <Table.Cell>{row.status}</Table.Cell>
                  <Table.Cell className="text-right">
                    {row.shop_amount ?? "—"}
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge color={STATE_COLOR[row.state]}>
                      {t(`inbox.states.${row.state}`)}
                    </StatusBadge>
                  </Table.Cell>
                  <Table.Cell className="max-w-[360px] whitespace-normal">
                    <Text size="xsmall">{row.last_error ?? ""}</Text>
                  </Table.Cell>
                  <Table.Cell className="text-right">
                    {RETRYABLE.has(row.state) ? (
                      <RetryButton row={row} />
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          <Table.Pagination
            count={data?.count ?? 0}
            pageSize={PAGE_SIZE}
            pageIndex={Math.floor(offset / PAGE_SIZE)}
            pageCount={Math.max(1, Math.ceil((data?.count ?? 0) / PAGE_SIZE))}
            canPreviousPage={offset > 0}
            canNextPage={offset + PAGE_SIZE < (data?.count ?? 0)}
            previousPage={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
            nextPage={() => setOffset(offset + PAGE_SIZE)}
            translations={{
              of: t("common.of"),
              results: t("common.results"),
              pages: t("common.pages"),
              prev: t("common.prev"),
              next: t("common.next"),
            }}
          />
        </Body>
      </Section>
    </div>
  )
}

export const config = defineRouteConfig({ label: "Piastrix", icon: CreditCard })

export default PiastrixInboxPage
