import { StatusBadge, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router-dom"
import { maskAccount } from "../../../../../lib/plugin/mask"
import { payoutCrumb } from "../../../../components/breadcrumb"
import { Details } from "../../../../components/details"
import { RecipientLink } from "../../../../components/links"
import { PayoutActions } from "../../../../components/payout-actions"
import { STATUS_COLOR } from "../../../../components/payouts-table"
import { ServerMessage } from "../../../../components/server-message"
import { Body, Section } from "../../../../components/states"
import { usePayout, useRecipient } from "../../../../lib/api"
import { useAmounts } from "../../../../lib/amounts"
import { usePaywayName } from "../../../../lib/payways"

/** A label and its value, as the dashboard's detail sections lay them out (`SectionRow`). */
const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-2 items-start px-6 py-4">
    <Text size="small" leading="compact" weight="plus">
      {label}
    </Text>
    <div className="txt-compact-small">{children}</div>
  </div>
)

/**
 * One payout, where a ledger entry or a row of the payouts list leads: the amount and its status, the
 * recipient (a link), where it is paid, Piastrix's fee and what the payee receives, why it was refused;
 * approve, cancel or retry behind "…"; the ids support asks for under Details.
 */
const PiastrixPayoutPage = () => {
  const { t, i18n } = useTranslation("piastrix")
  const { id = "" } = useParams()
  const { amount } = useAmounts()
  const paywayName = usePaywayName()
  const { data, isLoading, error } = usePayout(id)
  const payout = data?.payout
  const recipient = useRecipient(payout?.recipient_id ?? "")
  const name = recipient.data?.recipient.name ?? ""
  const money = (value: string | null) =>
    value === null
      ? t("payouts.page.unknown")
      : amount(value, payout?.currency_code)
  const when = (value: string | Date) =>
    new Date(value).toLocaleString(i18n.language)
  return (
    <div className="flex flex-col gap-y-3">
      <Section
        level="h1"
        title={
          payout
            ? t("payouts.page.pageTitle", { amount: money(payout.amount) })
            : t("payouts.title")
        }
        subtitle={
          payout
            ? t("payouts.page.createdOn", { date: when(payout.created_at) })
            : undefined
        }
        actions={
          payout && (
            <div className="flex items-center gap-x-2">
              <StatusBadge color={STATUS_COLOR[payout.status]}>
                {t(`payouts.statuses.${payout.status}`)}
              </StatusBadge>
              <PayoutActions payout={payout} name={name} />
            </div>
          )
        }
      >
        <Body loading={isLoading} error={error}>
          {payout && (
            <>
              <Row label={t("payouts.recipient")}>
                <RecipientLink id={payout.recipient_id}>{name}</RecipientLink>
              </Row>
              <Row label={t("payouts.to")}>
                {`${payout.rail === "transfer" ? t("payouts.wallet") : paywayName(payout.payway)} ${maskAccount(payout.account) ?? ""}`}
              </Row>
              <Row label={t("payouts.amount")}>{money(payout.amount)}</Row>
              <Row label={t("payouts.page.fee")}>{money(payout.fee)}</Row>
              <Row label={t("payouts.page.receives")}>
                {money(payout.payee_receives)}
              </Row>
              <Row label={t("payouts.page.sentAt")}>
                {payout.sent_at
                  ? when(payout.sent_at)
                  : t("payouts.page.notSent")}
              </Row>
              {payout.rejected_reason_message || payout.last_error_message ? (
                <Row label={t("payouts.reason")}>
                  {/* A cancel's reason a person typed (the API's caller) reads as written. */}
                  {payout.status === "canceled" &&
                  payout.rejected_reason_message?.code === "other" ? (
                    payout.rejected_reason
                  ) : (
                    <ServerMessage
                      message={
                        payout.rejected_reason_message ??
                        payout.last_error_message
                      }
                      raw={payout.rejected_reason ?? payout.last_error}
                    />
                  )}
                </Row>
              ) : null}
              <div className="px-6 py-4">
                <Details
                  lines={[
                    t("payouts.page.payoutId", { id: payout.id }),
                    t("payouts.page.paymentId", {
                      id: payout.shop_payment_id,
                    }),
                    payout.service_id
                      ? t("payouts.page.serviceId", { id: payout.service_id })
                      : null,
                    t("payouts.page.attempts", { count: payout.attempts }),
                  ]}
                />
              </div>
            </>
          )}
        </Body>
      </Section>
    </div>
  )
}

export const handle = payoutCrumb

export default PiastrixPayoutPage
