"use client"
import { useState } from "react"
import type { PiastrixActions } from "../actions"
import { followNextAction } from "../next-action"
import type { PaymentInput, StartedPayment } from "../started-payment"
import type { Quote } from "../types"
import { detailOf, ErrorText, useTexts, type TextProps } from "./common"
import type { PaymentChoice } from "./direction-picker"
import { fill, formatMoney } from "./texts"

export type PlaceOrderButtonProps = TextProps & {
  choice: PaymentChoice | null
  actions: Pick<PiastrixActions, "startPayment">
  /** More of the session's input: `email`, return addresses, the wallet's `payer_account`. */
  input?: Omit<PaymentInput, "kind" | "payway">
  /** The price on the button: the quote's (none while it is awaited), else the cart's total. */
  quote?: Quote | null
  amount?: { amount: string; currency_code: string }
  /**
   * A started payment the page goes on with: the card form, the bank-transfer requisites or offline
   * instructions. Redirects (wallet, Piastrix's page) leave the page instead.
   */
  onStarted(payment: StartedPayment): void
  disabled?: boolean
  className?: string
}

/**
 * Starts the payment of the chosen kind and sends the payer on: to Piastrix's page for a wallet or a
 * redirect, or to `onStarted` for the card form and a bank transfer. Waits for the price where a
 * direction has one (the payer pays what the quote says, never a guess).
 */
export function PlaceOrderButton(props: PlaceOrderButtonProps) {
  const { choice, actions, input, quote, amount, onStarted } = props
  const t = useTexts(props)
  const [busy, setBusy] = useState<"starting" | "redirecting" | null>(null)
  const [error, setError] = useState<unknown>(null)
  const needsQuote = !!choice && choice.kind !== "wallet" && !!choice.payway
  // `quote` given: the button waits for the direction's price; not given, the store shows no price.
  const priced =
    needsQuote && quote !== undefined ? quote?.payway === choice?.payway : true

  // Until the direction's price arrives the button names no amount: not the cart's total, which a fee changes.
  const price =
    needsQuote && quote !== undefined
      ? quote && priced
        ? formatMoney(quote.payer_price, quote.currency_code, t.numberLocale)
        : ""
      : amount
        ? formatMoney(amount.amount, amount.currency_code, t.numberLocale)
        : ""
  const label = choice ? t.payButton[choice.kind] : t.payButton.redirect

  async function start() {
    if (!choice) {
      return
    }
    setBusy("starting")
    setError(null)
    try {
      const payment = await actions.startPayment({
        ...input,
        kind: choice.kind,
        payway: choice.payway ?? undefined,
      })
      if (followNextAction(payment.next_action)) {
        setBusy("redirecting")
        return
      }
      setBusy(null)
      onStarted(payment)
    } catch (err) {
      setBusy(null)
      setError(err)
    }
  }

  return (
    <div className={props.className ?? "piastrix-place-order"}>
      <button
        type="button"
        className="piastrix-pay"
        data-kind={choice?.kind}
        disabled={props.disabled || !choice || !priced || busy !== null}
        aria-busy={busy !== null}
        onClick={start}
      >
        {price ? fill(t.payButtonPrice, { label, amount: price }) : label}
      </button>
      <div aria-live="polite" className="piastrix-status">
        {busy === "starting" ? <p>{t.starting}</p> : null}
        {busy === "redirecting" ? <p>{t.redirecting}</p> : null}
      </div>
      {error ? (
        <ErrorText text={t.startFailed} detail={detailOf(error)} />
      ) : null}
    </div>
  )
}
