import { defineRouteConfig } from "@medusajs/admin-sdk"
import {
  Badge,
  Button,
  Input,
  Label,
  StatusBadge,
  Table,
  Text,
} from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Details } from "../../../components/details"
import { OperationalSettingsSection } from "../../../components/operational-settings"
import { OptionsInForceSection } from "../../../components/options-in-force"
import { Body, Section } from "../../../components/states"
import { crumb } from "../../../components/breadcrumb"
import { useFailureReason } from "../../../components/failure-toast"
import { plainMessage } from "../../../../lib/plugin/messages"
import { accountFormatOf } from "../../../lib/account-format"
import { useAmounts } from "../../../lib/amounts"
import { usePaywayName } from "../../../lib/payways"
import {
  messageOf,
  useBalances,
  useConnectionTest,
  useDirections,
  type CredentialsState,
  type DirectionRow,
} from "../../../lib/api"

const dash = (value: string | null | undefined) => value ?? "—"

/** A credentials check that could not be made is grey, not red: nothing was refused. */
const CREDENTIALS_COLOR = {
  accepted: "green",
  refused: "red",
  not_checked: "grey",
} as const satisfies Record<CredentialsState, string>
const CREDENTIALS_TEXT = {
  accepted: "settings.connection.accepted",
  refused: "settings.connection.refused",
  not_checked: "settings.connection.notChecked",
} as const satisfies Record<CredentialsState, string>

/**
 * Why Piastrix did not answer the test, from the reason under Details (the plugin's codes): reached and no
 * answer in time, or a server error, is not "cannot be reached".
 */
const serviceDownText = (detail: string | null) => {
  const code = detail ? plainMessage(detail)?.code : undefined
  return code === "service.timed_out"
    ? "settings.connection.serviceTimedOut"
    : code === "service.server_error"
      ? "settings.connection.serviceError"
      : "settings.connection.serviceDown"
}

const ConnectionSection = () => {
  const { t } = useTranslation("piastrix")
  const test = useConnectionTest()
  const failureReason = useFailureReason()
  const [shopId, setShopId] = useState("")
  const [secret, setSecret] = useState("")
  const other = shopId !== "" && secret !== ""
  const run = () =>
    test.mutate(other ? { shop_id: Number(shopId), secret_key: secret } : {})
  const report = test.data
  return (
    <Section
      title={t("settings.connection.title")}
      actions={
        <Button
          size="small"
          variant="secondary"
          onClick={run}
          isLoading={test.isPending}
        >
          {t(
            other ? "settings.connection.testOther" : "settings.connection.test"
          )}
        </Button>
      }
    >
      <div className="grid grid-cols-2 gap-4 px-6 py-4">
        <div className="flex flex-col gap-y-2">
          <Label size="small" htmlFor="piastrix-shop-id">
            {t("settings.connection.shopId")}
          </Label>
          <Input
            id="piastrix-shop-id"
            size="small"
            inputMode="numeric"
            value={shopId}
            onChange={(e) => setShopId(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-y-2">
          <Label size="small" htmlFor="piastrix-secret">
            {t("settings.connection.secret")}
          </Label>
          <Input
            id="piastrix-secret"
            size="small"
            type="password"
            autoComplete="off"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
          />
        </div>
        <Text size="small" className="text-ui-fg-subtle col-span-2">
          {t("settings.connection.hint")}
        </Text>
      </div>
      {test.error ? (
        <div className="px-6 py-4" role="alert">
          <Text size="small" className="text-ui-fg-error">
            {failureReason(test.error)}
          </Text>
          <Details lines={[messageOf(test.error)]} />
        </div>
      ) : null}
      {report ? (
        <div
          className="flex flex-col gap-y-3 px-6 py-4"
          data-testid="piastrix-connection-report"
        >
          <div className="flex flex-col gap-y-1">
            <div className="flex items-center gap-x-2">
              <StatusBadge color={report.service.available ? "green" : "red"}>
                {t(
                  report.service.available
                    ? "settings.connection.serviceUp"
                    : serviceDownText(report.service.detail)
                )}
              </StatusBadge>
            </div>
            <Details lines={[report.service.detail]} />
          </div>
          <div className="flex flex-col gap-y-1">
            <div className="flex items-center gap-x-2">
              <StatusBadge color={CREDENTIALS_COLOR[report.credentials.state]}>
                {t(CREDENTIALS_TEXT[report.credentials.state])}
              </StatusBadge>
            </div>
            <Details
              lines={[
                report.credentials.state === "refused"
                  ? report.credentials.message
                  : null,
                report.credentials.error_code !== null
                  ? t("settings.connection.errorCode", {
                      code: report.credentials.error_code,
                    })
                  : null,
                report.credentials.detail,
              ]}
            />
          </div>
        </div>
      ) : null}
    </Section>
  )
}

const BalancesSection = () => {
  const { t } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const { data, isLoading, error } = useBalances()
  return (
    <Section title={t("settings.balances.title")}>
      <Body
        loading={isLoading}
        error={error}
        empty={data?.balances.length === 0}
      >
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("common.currency")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">
                {t("settings.balances.available")}
              </Table.HeaderCell>
              <Table.HeaderCell className="text-right">
                {t("settings.balances.hold")}
              </Table.HeaderCell>
              <Table.HeaderCell className="text-right">
                {t("settings.balances.frozen")}
              </Table.HeaderCell>
              <Table.HeaderCell className="text-right">
                {t("settings.balances.reserve")}
              </Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data?.balances.map((b) => (
              <Table.Row key={b.currency}>
                <Table.Cell>{b.currency}</Table.Cell>
                <Table.Cell className="text-right">
                  {amount(b.available, b.currency)}
                </Table.Cell>
                <Table.Cell className="text-right">
                  {amount(b.hold, b.currency)}
                </Table.Cell>
                <Table.Cell className="text-right">
                  {amount(b.frozen, b.currency)}
                </Table.Cell>
                <Table.Cell className="text-right">
                  {amount(b.rolling_reserve, b.currency)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </Body>
    </Section>
  )
}

const DirectionsTable = ({
  rows,
  payouts,
}: {
  rows: DirectionRow[]
  payouts: boolean
}) => {
  const { t } = useTranslation("piastrix")
  const { amount, number } = useAmounts()
  const paywayName = usePaywayName()
  const some = (value: string | null | undefined) =>
    value !== null && value !== undefined && value !== "" && Number(value) !== 0
  // "2,5 % + 10,00 ₽", "2,5 %", "10,00 ₽" or "No fee"; limits "100,00 ₽ – 500 000,00 ₽", "from …", "up to …".
  const fee = (r: DirectionRow) => {
    const parts = [
      some(r.fee_percent) ? `${number(r.fee_percent)} %` : null,
      some(r.fee_fix) ? amount(r.fee_fix, r.currency) : null,
    ].filter(Boolean)
    return parts.length ? parts.join(" + ") : t("settings.directions.noFee")
  }
  const limits = (r: DirectionRow) => {
    const min = some(r.min_amount) ? amount(r.min_amount, r.currency) : null
    const max = some(r.max_amount) ? amount(r.max_amount, r.currency) : null
    if (min && max) return `${min} – ${max}`
    if (min) return t("settings.directions.limitFrom", { min })
    if (max) return t("settings.directions.limitUpTo", { max })
    return t("settings.directions.noLimits")
  }
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("settings.directions.payway")}</Table.HeaderCell>
          <Table.HeaderCell>{t("common.currency")}</Table.HeaderCell>
          <Table.HeaderCell>{t("settings.directions.fee")}</Table.HeaderCell>
          <Table.HeaderCell>{t("settings.directions.limits")}</Table.HeaderCell>
          {payouts ? (
            <Table.HeaderCell>
              {t("settings.directions.account")}
            </Table.HeaderCell>
          ) : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={`${r.payway}-${r.currency}`}>
            <Table.Cell>
              <div className="flex items-center gap-x-2">
                <span>{paywayName(r.payway, r.method)}</span>
                {/* The code the payway settings below take. */}
                <code className="txt-compact-xsmall text-ui-fg-subtle">
                  {r.payway}
                </code>
                {r.wallet ? (
                  <Badge size="2xsmall">
                    {t("settings.directions.wallet")}
                  </Badge>
                ) : null}
              </div>
            </Table.Cell>
            <Table.Cell>{r.currency}</Table.Cell>
            <Table.Cell>{fee(r)}</Table.Cell>
            <Table.Cell>{limits(r)}</Table.Cell>
            {payouts ? (
              <Table.Cell>
                <AccountFormatText regex={r.account_format} />
              </Table.Cell>
            ) : null}
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

/** A payout account's format in words ("16–19 digits"); a format of another shape as the service wrote it. */
const AccountFormatText = ({ regex }: { regex: string | null }) => {
  const { t } = useTranslation("piastrix")
  const format = accountFormatOf(regex)
  if (!format) {
    return <code className="txt-compact-xsmall">{dash(regex)}</code>
  }
  const digits =
    format.min === format.max
      ? t("settings.directions.digits", { count: format.min })
      : t("settings.directions.digitsRange", {
          min: format.min,
          max: format.max,
        })
  return (
    <span>
      {format.prefix ? (
        <>
          <code>{format.prefix}</code>, {t("settings.directions.then")}{" "}
        </>
      ) : null}
      {digits}
      {format.plus ? t("settings.directions.plusFirst") : ""}
    </span>
  )
}

const DirectionsSection = () => {
  const { t } = useTranslation("piastrix")
  const { data, isLoading, error } = useDirections()
  return (
    <>
      <Section title={t("settings.directions.payments")}>
        <Body
          loading={isLoading}
          error={error}
          empty={data?.payments.length === 0}
        >
          <DirectionsTable rows={data?.payments ?? []} payouts={false} />
        </Body>
      </Section>
      <Section title={t("settings.directions.payouts")}>
        <Body
          loading={isLoading}
          error={error}
          empty={data?.payouts.length === 0}
        >
          <DirectionsTable rows={data?.payouts ?? []} payouts />
        </Body>
      </Section>
    </>
  )
}

/**
 * Settings → Piastrix: the connection, the shop's balances and directions, the operational settings
 * (components/operational-settings.tsx) and the options in force (src/admin/components/options-in-force.tsx).
 * Over 300 lines: independent sections of this one page, each a small component used nowhere else. The
 * balances and directions are Medusa's plain `Table`, not `DataTable` (the lists' table,
 * components/data-list.tsx): each is a short reading shown whole (a row per currency, per direction), with
 * nothing to page, filter, sort or open.
 */
const PiastrixSettingsPage = () => {
  const { t } = useTranslation("piastrix")
  return (
    <div className="flex flex-col gap-y-3">
      <Section
        level="h1"
        title={t("settings.title")}
        subtitle={t("settings.subtitle")}
      />
      <ConnectionSection />
      <BalancesSection />
      <DirectionsSection />
      <OperationalSettingsSection />
      <OptionsInForceSection />
    </div>
  )
}

export const config = defineRouteConfig({
  label: "nav.settings",
  translationNs: "piastrix",
})

export const handle = crumb("nav.settings")

export default PiastrixSettingsPage
