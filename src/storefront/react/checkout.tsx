"use client"
import { useState } from "react"
import type { PiastrixActions } from "../actions"
import type { PaymentInput, StartedPayment } from "../started-payment"
import type { DirectionsAnswer, Quote } from "../types"
import { BankTransfer } from "./bank-transfer"
import { CardForm } from "./card-form"
import { useTexts, type TextProps } from "./common"
import { DirectionPicker, type PaymentChoice } from "./direction-picker"
import { PlaceOrderButton } from "./place-order"
import { fill } from "./texts"

export type PiastrixCheckoutProps = TextProps & {
  /** `listDirections(...)`'s answer for the cart. */
  directions: DirectionsAnswer
  actions: PiastrixActions
  /** More of the session's input (e-mail, return addresses). */
  input?: Omit<PaymentInput, "kind" | "payway">
  /** A bank-transfer order is placed: go to the return page with this session. */
  onOrderPlaced(orderId: string, sessionId: string): void
  /** A note under the card form (the sandbox's test cards). */
  cardNote?: string
  className?: string
}

/** The whole Piastrix step of a checkout: the picker, the place-order button and what follows it. */
export function PiastrixCheckout(props: PiastrixCheckoutProps) {
  const { directions, actions } = props
  const t = useTexts(props)
  const [choice, setChoice] = useState<PaymentChoice | null>(null)
  const [quote, setQuote] = useState<Quote | null>(null)
  const [started, setStarted] = useState<StartedPayment | null>(null)
  const text = { locale: props.locale, texts: props.texts }
  const amount = {
    amount: directions.amount,
    currency_code: directions.currency_code,
  }

  return (
    <div className={props.className ?? "piastrix-checkout"}>
      <DirectionPicker
        {...text}
        directions={directions.directions}
        currencyCode={directions.currency_code}
        value={choice}
        onChange={(next) => {
          setChoice(next)
          setStarted(null)
        }}
        quote={actions.quote}
        onQuote={setQuote}
      />
      {/* Once the payment is started its own form or details follow: no second, disabled Pay above them. */}
      {started === null ? (
        <PlaceOrderButton
          {...text}
          choice={choice}
          actions={actions}
          input={props.input}
          quote={quote}
          amount={amount}
          onStarted={setStarted}
        />
      ) : null}
      {started?.next_action?.type === "card_form" ? (
        <CardForm
          {...text}
          sessionId={started.session_id}
          actions={actions}
          amount={
            quote
              ? {
                  amount: quote.payer_price,
                  currency_code: quote.currency_code,
                }
              : amount
          }
          note={props.cardNote}
        />
      ) : null}
      {started?.next_action?.type === "bank_transfer" ? (
        <BankTransfer
          {...text}
          sessionId={started.session_id}
          actions={actions}
          currencyCode={started.currency_code || directions.currency_code}
          onOrderPlaced={(orderId) =>
            props.onOrderPlaced(orderId, started.session_id)
          }
        />
      ) : null}
      {started?.next_action?.type === "offline" ? (
        <div className="piastrix-offline">
          <p>{fill(t.offlineIntro, { method: started.next_action.method })}</p>
          <dl>
            {Object.entries(started.next_action.instructions ?? {}).map(
              ([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd>{String(value)}</dd>
                </div>
              )
            )}
          </dl>
        </div>
      ) : null}
    </div>
  )
}
