import { Button, Select, StatusBadge, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  messageOf,
  usePayoutAction,
  useQuotePayout,
  useRecipients,
  type PayoutQuote,
} from "../lib/api"
import { decimalOf, useAmounts } from "../lib/amounts"
import { useConfirm } from "../lib/confirm"
import { usePaywayName } from "../lib/payways"
import { runMutation } from "../lib/run-mutation"
import { CreateModal } from "./create-modal"
import { Details } from "./details"
import { Field, TextField } from "./field"
import { useMessageWords } from "./server-message"
import { useFailureReason, useFailureToast } from "./failure-toast"

/** The quote as the store owner reads it before confirming: amounts, fee, where it goes, the account check. */
const QuoteView = ({ quote }: { quote: PayoutQuote }) => {
  const { t } = useTranslation("piastrix")
  const { amount } = useAmounts()
  const words = useMessageWords()
  const paywayName = usePaywayName()
  const check = quote.account_check
  const line = (label: string, value: string) => (
    <div className="flex justify-between gap-x-6">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="small" weight="plus">
        {value}
      </Text>
    </div>
  )
  return (
    <div className="flex flex-col gap-y-1" data-testid="piastrix-payout-quote">
      {line(
        t("payouts.quoteTo"),
        `${quote.rail === "transfer" ? t("payouts.wallet") : paywayName(quote.payway)} ${quote.account ?? ""}`
      )}
      {line(
        t("payouts.quoteAmount"),
        amount(quote.amount, quote.currency_code)
      )}
      {line(
        t("payouts.quoteFee"),
        quote.fee === null
          ? t("payouts.quoteFeeUnknown")
          : amount(quote.fee, quote.currency_code)
      )}
      {line(
        t("payouts.quoteReceives"),
        amount(quote.payee_receives, quote.payee_currency_code)
      )}
      {check ? (
        <StatusBadge
          className="mt-1 self-start whitespace-normal"
          color={
            check.result === "ok"
              ? "green"
              : check.result === "refused"
                ? "red"
                : "orange"
          }
        >
          {check.result === "ok"
            ? t("payouts.accountOk")
            : t(
                check.result === "refused"
                  ? "payouts.accountRefused"
                  : "payouts.accountUnknown",
                {
                  reason: check.reason_message
                    ? words(check.reason_message)
                    : "",
                }
              )}
        </StatusBadge>
      ) : null}
      {check ? <Details lines={[check.reason]} /> : null}
      {quote.awaits_approval ? (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("payouts.quoteAwaitsApproval")}
        </Text>
      ) : null}
    </div>
  )
}

/**
 * *Create* payout, in a focus modal: the recipient and an amount (empty: all that is payable), "Get quote"
 * (the service's fee and, for a withdraw, its account check; nothing is written), then "Confirm payout",
 * asked once more by Medusa's prompt with the amount, creates the payout of the quoted amount. A refused
 * account cannot be confirmed; an unconfirmed one can.
 */
export const NewPayout = ({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) => {
  const { t } = useTranslation("piastrix")
  const { amount: shown, number } = useAmounts()
  const paywayName = usePaywayName()
  const confirm = useConfirm()
  const { data } = useRecipients()
  const ask = useQuotePayout()
  const act = usePayoutAction()
  const [recipient, setRecipient] = useState<string>("")
  const [amount, setAmount] = useState("")
  const [quote, setQuote] = useState<PayoutQuote | null>(null)
  /** Why there is no quote: the server's message, worded, and its raw text for Details. */
  const [problem, setProblem] = useState<{
    words: string
    raw: string
  } | null>(null)
  const failureReason = useFailureReason()
  const failed = useFailureToast()
  const active = (data?.recipients ?? []).filter((r) => r.state === "active")
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setQuote(null)
      setProblem(null)
      set(value)
    }
  const close = () => {
    setQuote(null)
    setProblem(null)
    setAmount("")
    onOpenChange(false)
  }
  const create = async (q: PayoutQuote) => {
    const name = active.find((r) => r.id === q.recipient_id)?.name ?? ""
    const yes = await confirm({
      title: t("payouts.confirmTitle"),
      description: t("payouts.confirmDescription", {
        amount: shown(q.amount, q.currency_code),
        name,
        to: q.rail === "transfer" ? t("payouts.wallet") : paywayName(q.payway),
      }),
      confirmText: t("payouts.confirm"),
    })
    if (!yes) {
      return
    }
    runMutation(
      act,
      { type: "create", recipient_id: q.recipient_id, amount: q.amount },
      ({ payout }) => {
        toast.success(
          t("payouts.created", {
            amount: shown(payout.amount, payout.currency_code),
            status: t(`payouts.statuses.${payout.status}`),
          })
        )
        close()
      },
      // Refused on confirm (the balance moved since the quote): the plugin's reason in the reader's words.
      failed(t("payouts.createFailed"), { currency: q.currency_code })
    )
  }
  return (
    <CreateModal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t("payouts.new")}
      hint={t("payouts.newHint")}
      onSubmit={(event) => {
        event.preventDefault()
        if (quote) {
          void create(quote)
          return
        }
        const trimmed = decimalOf(amount)
        runMutation(
          ask,
          trimmed
            ? { recipient_id: recipient, amount: trimmed }
            : { recipient_id: recipient, all: true },
          (answer) => setQuote(answer.quote),
          (error) => {
            const raw = messageOf(error)
            const currency =
              active.find((r) => r.id === recipient)?.currency_code ?? null
            setProblem({
              words: t("payouts.quoteFailed", {
                message: failureReason(error, { currency }),
              }),
              raw,
            })
          }
        )
      }}
      submit={
        quote ? (
          <>
            <Button
              size="small"
              type="button"
              variant="secondary"
              onClick={() => setQuote(null)}
            >
              {t("payouts.change")}
            </Button>
            <Button
              size="small"
              type="submit"
              disabled={quote.account_check?.result === "refused"}
              isLoading={act.isPending}
            >
              {t("payouts.confirm")}
            </Button>
          </>
        ) : (
          <Button
            size="small"
            type="submit"
            disabled={!recipient}
            isLoading={ask.isPending}
          >
            {t("payouts.getQuote")}
          </Button>
        )
      }
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id="piastrix-payout-recipient" label={t("payouts.recipient")}>
          <Select value={recipient} onValueChange={changed(setRecipient)}>
            <Select.Trigger id="piastrix-payout-recipient">
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
          placeholder={number("100.00")}
          value={amount}
          onChange={changed(setAmount)}
        />
      </div>
      {quote ? <QuoteView quote={quote} /> : null}
      {problem ? (
        <div role="alert">
          <Text size="small" className="text-ui-fg-error">
            {problem.words}
          </Text>
          <Details lines={[problem.raw]} />
        </div>
      ) : null}
    </CreateModal>
  )
}
