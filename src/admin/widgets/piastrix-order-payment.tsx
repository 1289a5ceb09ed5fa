import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Button, StatusBadge, Text, toast } from "@medusajs/ui"
import type { DetailWidgetProps, AdminOrder } from "@medusajs/framework/types"
import { useTranslation } from "react-i18next"
import {
  useCheckOrderPayment,
  useOrderBankTransfer,
  useOrderPayments,
  type OrderPaymentView,
  type ReceiptView,
  type Requisites,
  type VendorShare,
} from "../lib/api"
import { useAmounts } from "../lib/amounts"
import { usePaywayName } from "../lib/payways"
import { runMutation } from "../lib/run-mutation"
import { Body, Section } from "../components/states"
import { Details } from "../components/details"
import { useFailureToast } from "../components/failure-toast"
import { maskAccount } from "../../lib/plugin/mask"

/*
 * The order page's Piastrix section: each payment with its notifications and refunds, a bank transfer's
 * requisites and receipts, and the vendors' shares. Over 300 lines: these sections are shown only here;
 * they move to files of their own (components/order-payment/) once the admin's wording settles, so the
 * move does not cross the words being changed (issue 23).
 */

const STATE_COLORS: Record<string, "green" | "orange" | "red" | "grey"> = {
  paid: "green",
  pending: "orange",
  amount_mismatch: "red",
  failed: "red",
  expired: "grey",
  canceled: "grey",
  unknown: "grey",
}

/** A toast whose colour says how "Check status now" ended: captured, still waiting, or something to look at. */
const checkToast = (outcome: string) =>
  outcome === "captured"
    ? toast.success
    : outcome === "waiting"
      ? toast.info
      : toast.warning

function Row({
  label,
  children,
}: {
  label: string
  children: React.ReactNode
}) {
  return (
    <div className="grid grid-cols-2 items-start gap-x-4 px-6 py-2">
      <Text size="small" leading="compact" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="small" leading="compact" className="break-words text-right">
        {children}
      </Text>
    </div>
  )
}

const RECEIPT_COLORS: Record<string, "green" | "orange" | "red" | "grey"> = {
  pending: "orange",
  succeeded: "green",
  rejected: "red",
}

/** A card number (12 to 19 digits, maybe grouped) is masked; a phone or an account name is not. */
function shownCard(card: string): string {
  const digits = card.replace(/[\s-]/g, "")
  return /^\d{12,19}$/.test(digits) ? (maskAccount(digits) ?? card) : card
}

function RequisiteRows({ requisites }: { requisites: Requisites }) {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const expiry = requisites.expired
    ? new Date(Number(requisites.expired) * 1000)
    : null
  return (
    <>
      {requisites.bank && (
        <Row label={t("order.bankTransfer.bank")}>{requisites.bank}</Row>
      )}
      {requisites.card && (
        <Row label={t("order.bankTransfer.card")}>
          {shownCard(requisites.card)}
        </Row>
      )}
      {requisites.phone && (
        <Row label={t("order.bankTransfer.phone")}>{requisites.phone}</Row>
      )}
      {requisites.card_holder_name && (
        <Row label={t("order.bankTransfer.holder")}>
          {requisites.card_holder_name}
        </Row>
      )}
      {requisites.qr_caption && (
        <Row label={t("order.bankTransfer.agreement")}>
          {requisites.qr_caption}
        </Row>
      )}
      {requisites.amount && (
        <Row label={t("order.bankTransfer.amount")}>
          {amount(requisites.amount, requisites.currency)}
          {requisites.suggested_amount
            ? ` · ${t("order.bankTransfer.suggested", { amount: amount(requisites.suggested_amount, requisites.currency) })}`
            : ""}
        </Row>
      )}
      {expiry && !Number.isNaN(expiry.getTime()) && (
        <Row label={t("order.bankTransfer.expires")}>
          {expiry.toLocaleString(i18n.language)}
        </Row>
      )}
    </>
  )
}

function ReceiptRows({ receipts }: { receipts: ReceiptView[] }) {
  const { t } = useTranslation("piastrix")
  if (!receipts.length) {
    return (
      <Row label={t("order.bankTransfer.receipts")}>
        {t("order.bankTransfer.noReceipt")}
      </Row>
    )
  }
  return (
    <div className="px-6 py-2">
      <Text size="small" leading="compact" className="text-ui-fg-subtle">
        {t("order.bankTransfer.receipts")}
      </Text>
      {receipts.map((r, i) => (
        <div
          key={r.id}
          className="flex items-center justify-between gap-x-2 py-1"
          data-testid={`piastrix-receipt-${r.id}`}
        >
          <Text size="small" leading="compact" className="break-words">
            {t("order.bankTransfer.receipt", { n: i + 1 })}
            {r.comment ? ` · ${r.comment}` : ""}
          </Text>
          <StatusBadge color={RECEIPT_COLORS[r.status] ?? "grey"}>
            {t(`order.bankTransfer.receiptStates.${r.status}`, {
              defaultValue: r.status,
            })}
          </StatusBadge>
        </div>
      ))}
    </div>
  )
}

/** Where the payer was told to send the money, and the receipts they filed with their review at Piastrix. */
function BankTransferSection({
  orderId,
  sessionId,
}: {
  orderId: string
  sessionId: string
}) {
  const { t } = useTranslation("piastrix")
  const { data, isLoading, error } = useOrderBankTransfer(orderId, sessionId)
  return (
    <div
      className="py-1"
      data-testid={`piastrix-bank-transfer-${sessionId}`}
      data-state={isLoading ? "loading" : error ? "error" : "ready"}
    >
      <Text size="small" weight="plus" className="px-6 py-2">
        {t("order.bankTransfer.title")}
      </Text>
      <Body loading={isLoading} error={error}>
        {data?.requisites ? (
          <RequisiteRows requisites={data.requisites} />
        ) : (
          <Row label={t("order.bankTransfer.requisites")}>
            {t("order.bankTransfer.noRequisites")}
          </Row>
        )}
        <ReceiptRows receipts={data?.receipts ?? []} />
      </Body>
    </div>
  )
}

function PaymentSection({
  orderId,
  payment,
}: {
  orderId: string
  payment: OrderPaymentView
}) {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const check = useCheckOrderPayment(orderId)
  const paywayName = usePaywayName()
  const failed = useFailureToast()
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language)
  return (
    <div
      className="py-2"
      data-testid={`piastrix-payment-${payment.session_id}`}
    >
      <div className="flex items-center justify-between px-6 py-2">
        <Text size="small" weight="plus">
          {t(`order.kinds.${payment.kind}`, {
            defaultValue: payment.kind_label,
          })}
        </Text>
        <StatusBadge color={STATE_COLORS[payment.state] ?? "grey"}>
          {t(`order.states.${payment.state}`)}
        </StatusBadge>
      </div>
      <Row label={t("order.amount")}>
        {amount(payment.amount, payment.currency_code)} ·{" "}
        {payment.captured ? t("order.captured") : t("order.notCaptured")}
      </Row>
      {payment.payway && (
        <Row label={t("order.payway")}>{paywayName(payment.payway)}</Row>
      )}
      {payment.payer_account && (
        <Row label={t("order.payer")}>{payment.payer_account}</Row>
      )}
      {/* A failure an earlier read saw is stale once the payment is paid after all. */}
      {payment.failure && !payment.captured && payment.state !== "paid" && (
        <Row label={t("order.failure")}>{t("order.failedPlain")}</Row>
      )}
      {/* A note from a status read matters only while the payment is open: hidden once it is settled. */}
      {payment.notice && payment.open_at_service && (
        <Row label={t("order.notice")}>{t("order.noticePlain")}</Row>
      )}
      <Row label={t("order.refunds")}>
        {payment.refunds.length
          ? payment.refunds.map((r) => (
              <span key={`${r.refund_id}-${r.state}`} className="block">
                {amount(r.amount, payment.currency_code)} ·{" "}
                {r.mode === "manual"
                  ? t("order.manualRefund")
                  : t(`order.refundStates.${r.state}`, {
                      defaultValue: t("order.refundStates.other"),
                    })}
              </span>
            ))
          : t("order.noRefunds")}
      </Row>
      <Row label={t("order.notifications")}>
        {payment.notifications.length
          ? payment.notifications.map((n) => (
              <span key={n.id} className="block">
                {when(n.received_at)} ·{" "}
                {t(`inbox.statuses.${n.status}`, {
                  defaultValue: t("order.otherStatus"),
                })}{" "}
                · {t(`inbox.states.${n.state}`)}
              </span>
            ))
          : t("order.noNotifications")}
      </Row>
      <div className="px-6 py-1">
        {/* For support: the service's own ids, codes and messages, never in the main text. */}
        <Details
          lines={[
            payment.payment_id
              ? t("order.paymentId", { id: payment.payment_id })
              : null,
            payment.service_status !== null
              ? t("order.serviceStatus", { status: payment.service_status })
              : null,
            payment.failure,
            payment.notice,
            ...payment.refunds.map((r) => r.reason),
            ...payment.notifications.map((n) => n.last_error),
          ]}
        />
      </div>
      {payment.kind === "bank_transfer" && (
        <BankTransferSection orderId={orderId} sessionId={payment.session_id} />
      )}
      {payment.open_at_service && (
        <div className="flex justify-end px-6 py-2">
          <Button
            size="small"
            variant="secondary"
            isLoading={check.isPending}
            onClick={() =>
              runMutation(
                check,
                payment.session_id,
                (answer) =>
                  checkToast(answer.outcome)(
                    t(`order.checkOutcomes.${answer.outcome}`, {
                      defaultValue: t("order.checkOutcomes.other"),
                    })
                  ),
                failed(t("order.checkFailed"), {
                  currency: payment.currency_code,
                })
              )
            }
          >
            {t("order.check")}
          </Button>
        </div>
      )}
    </div>
  )
}

const SHARE_COLORS: Record<VendorShare["state"], "orange" | "green" | "grey"> =
  {
    held: "orange",
    released: "green",
    reversed: "grey",
  }

/** Each vendor's share of a marketplace order: amount, its state in the ledger and its payout. */
function VendorShares({ vendors }: { vendors: VendorShare[] }) {
  const { t, i18n } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const day = (value: string | Date) =>
    new Date(value).toLocaleDateString(i18n.language)
  return (
    <div className="py-2" data-testid="piastrix-vendor-shares">
      <Text size="small" weight="plus" className="px-6 py-2">
        {t("order.vendors")}
      </Text>
      {vendors.map((v) => (
        <div
          key={`${v.recipient_id}${v.line_item_id}${v.fulfillment_id}`}
          className="flex items-center justify-between gap-x-2 px-6 py-1"
        >
          <Text size="small" leading="compact">
            {v.name}: {amount(v.share, v.currency_code)}
          </Text>
          <div className="flex items-center gap-x-2">
            <StatusBadge color={SHARE_COLORS[v.state]}>
              {v.state === "held" && v.hold_until
                ? t("order.shareHeldUntil", { date: day(v.hold_until) })
                : t(`order.shareStates.${v.state}`)}
            </StatusBadge>
            {v.state !== "reversed" && Number(v.reversed) > 0 ? (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("order.shareReturned", {
                  amount: amount(v.reversed, v.currency_code),
                })}
              </Text>
            ) : null}
            {v.payout ? (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("order.sharePayout", {
                  status: t(`payouts.statuses.${v.payout.status}`),
                })}
              </Text>
            ) : null}
          </div>
        </div>
      ))}
    </div>
  )
}

function PiastrixPayments({ orderId }: { orderId: string }) {
  const { t } = useTranslation("piastrix")
  const { data, isLoading, error } = useOrderPayments(orderId)
  // Nothing while loading, so an order paid another way never flashes an empty Piastrix card.
  if (
    isLoading ||
    (!error && !data?.payments.length && !data?.vendors.length)
  ) {
    return null
  }
  return (
    <div data-testid="piastrix-order-widget">
      <Section title={t("order.title")}>
        <Body loading={false} error={error}>
          {data?.payments.map((payment) => (
            <PaymentSection
              key={payment.session_id}
              orderId={orderId}
              payment={payment}
            />
          ))}
          {data?.vendors.length ? (
            <VendorShares vendors={data.vendors} />
          ) : null}
        </Body>
      </Section>
    </div>
  )
}

/**
 * The order's Piastrix payments in words (kind, status, amounts, refunds, notifications), with "check status
 * now". Asked for every order: a bank transfer still awaited has a payment session but no payment yet, so the
 * order alone cannot tell; an order without Piastrix payments shows nothing.
 */
const PiastrixOrderPaymentWidget = ({
  data,
}: DetailWidgetProps<AdminOrder>) => <PiastrixPayments orderId={data.id} />

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default PiastrixOrderPaymentWidget
