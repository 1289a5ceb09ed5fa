"use client"
import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
} from "react"
import type { PiastrixActions } from "../actions"
import type { CardFormToken } from "../types"
import { detailOf, ErrorText, useTexts, type TextProps } from "./common"
import { fill, formatMoney } from "./texts"

export type CardFormProps = TextProps & {
  sessionId: string
  actions: Pick<PiastrixActions, "cardForm">
  /** The amount on the pay button (the session's). */
  amount?: { amount: string; currency_code: string }
  /** A note under the form (the sandbox's test cards, for example). */
  note?: string
  className?: string
}

/**
 * The card form of a `card` payment. The browser posts it straight to Piastrix (`payform_url`): the
 * card never passes through the store or Medusa. 3-D Secure follows on Piastrix's side.
 */
export function CardForm(props: CardFormProps) {
  const { sessionId, actions, amount } = props
  const t = useTexts(props)
  const [token, setToken] = useState<CardFormToken | null>(null)
  const [error, setError] = useState<unknown>(null)
  const first = useRef<HTMLInputElement>(null)

  useEffect(() => {
    let current = true
    setToken(null)
    setError(null)
    actions.cardForm(sessionId).then(
      (answer) => current && setToken(answer),
      (err: unknown) => current && setError(err)
    )
    return () => {
      current = false
    }
    // A new session id, not a new actions object, asks for a new token.
  }, [sessionId])

  useEffect(() => {
    if (token) {
      first.current?.focus()
    }
  }, [token])

  if (error) {
    return <ErrorText text={t.cardFailed} detail={detailOf(error)} />
  }
  if (!token) {
    return (
      <p className="piastrix-muted" aria-live="polite">
        {t.cardLoading}
      </p>
    )
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // Spaces typed for readability are not part of the number.
    const input = e.currentTarget.elements.namedItem(
      "card_number"
    ) as HTMLInputElement | null
    if (input) {
      input.value = input.value.replace(/\s+/g, "")
    }
  }
  const price = amount
    ? formatMoney(amount.amount, amount.currency_code, t.numberLocale)
    : ""
  return (
    <form
      className={props.className ?? "piastrix-card-form"}
      method="post"
      action={token.payform_url}
      onSubmit={onSubmit}
    >
      <p>{t.cardIntro}</p>
      <input type="hidden" name="form_token" value={token.form_token} />
      <input type="hidden" name="session_id" value={token.session_id} />
      <CardField
        label={t.cardNumber}
        ref={first}
        name="card_number"
        autoComplete="cc-number"
        pattern="[0-9 ]{12,23}"
      />
      <div className="piastrix-row">
        <CardField
          label={t.expiryMonth}
          name="expiry_month"
          autoComplete="cc-exp-month"
          maxLength={2}
          pattern="[0-9]{1,2}"
        />
        <CardField
          label={t.expiryYear}
          name="expiry_year"
          autoComplete="cc-exp-year"
          maxLength={4}
          pattern="[0-9]{2,4}"
        />
        <CardField
          label={t.cvv}
          name="cvv"
          autoComplete="cc-csc"
          maxLength={4}
          pattern="[0-9]{3,4}"
        />
      </div>
      <CardField
        label={t.cardHolder}
        name="card_holder"
        autoComplete="cc-name"
        inputMode="text"
      />
      <button type="submit" className="piastrix-pay">
        {fill(t.cardPay, { amount: price })}
      </button>
      {props.note ? <p className="piastrix-note">{props.note}</p> : null}
    </form>
  )
}

type CardFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  name: string
}

/** A required card field with its label; digits unless said otherwise. */
const CardField = forwardRef<HTMLInputElement, CardFieldProps>(
  function CardField({ label, ...input }, ref) {
    return (
      <label className="piastrix-field">
        <span>{label}</span>
        <input ref={ref} required inputMode="numeric" {...input} />
      </label>
    )
  }
)
