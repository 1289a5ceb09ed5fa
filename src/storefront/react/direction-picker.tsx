"use client"
import { useEffect, useId, useState } from "react"
import { directionsOf } from "../payments"
import { PAYMENT_KINDS, errorStatus } from "../sdk"
import type { Direction, DirectionsAnswer, PaymentKind, Quote } from "../types"
import { ErrorText, useTexts, type TextProps } from "./common"
import { fill, formatMoney, type PiastrixTexts } from "./texts"

/** The payer's choice: a kind and, where the kind has directions, one of them. */
export type PaymentChoice = { kind: PaymentKind; payway: string | null }

/**
 * The first choice of a kind: its default direction, else its first. A wallet payment with a single
 * direction names none: the plugin takes that one, and the session starts as Medusa's starter starts
 * it, without `data`.
 */
export function choiceOf(
  directions: DirectionsAnswer["directions"],
  kind: PaymentKind
): PaymentChoice {
  const list = directionsOf({ directions }, kind)
  if (kind === "wallet" && list.length === 1) {
    return { kind, payway: null }
  }
  return { kind, payway: list[0]?.payway ?? null }
}

export function directionLabel(
  d: Direction,
  t: PiastrixTexts,
  currencyCode: string
): string {
  const money = (amount: string | null) =>
    formatMoney(amount, currencyCode, t.numberLocale)
  const limits = [
    d.min_amount ? fill(t.limitFrom, { amount: money(d.min_amount) }) : "",
    d.max_amount ? fill(t.limitUpTo, { amount: money(d.max_amount) }) : "",
  ].filter(Boolean)
  const name = fill(t.directionOption, {
    name: t.payways[d.payway.replace(/_[a-z]{3}$/, "")] || d.name || d.payway,
    payway: d.payway,
  })
  return limits.length ? `${name} (${limits.join(" ")})` : name
}

type QuoteState = {
  payway: string
  quote: Quote | null
  error: unknown
  loading: boolean
} | null

export type DirectionPickerProps = TextProps & {
  directions: DirectionsAnswer["directions"]
  /** The cart's currency, for limits and prices. */
  currencyCode: string
  value: PaymentChoice | null
  onChange(choice: PaymentChoice): void
  /** The payer's price for a direction (`actions.quote`); shown with its fee. Not asked for wallets. */
  quote?: (payway: string) => Promise<Quote>
  /** The quote in force, or null while there is none (the place-order button shows its price). */
  onQuote?: (quote: Quote | null) => void
  className?: string
}

/**
 * The payment methods (one radio per kind; kinds that cannot pay this cart disabled, with why) and, for
 * the chosen kind, its directions and the payer's price with the fee.
 */
export function DirectionPicker(props: DirectionPickerProps) {
  const { directions, currencyCode, value, onChange, quote, onQuote } = props
  const t = useTexts(props)
  const name = useId()
  const [state, setState] = useState<QuoteState>(null)
  const [attempt, setAttempt] = useState(0)
  const usable = value ? directionsOf({ directions }, value.kind) : []
  const payway = value?.kind === "wallet" ? null : (value?.payway ?? null)

  useEffect(() => {
    onQuote?.(null)
    if (!payway || !quote) {
      setState(null)
      return
    }
    let current = true
    setState({ payway, quote: null, error: null, loading: true })
    quote(payway).then(
      (q) => {
        if (current) {
          setState({ payway, quote: q, error: null, loading: false })
          onQuote?.(q)
        }
      },
      (error: unknown) => {
        if (current) {
          setState({ payway, quote: null, error, loading: false })
        }
      }
    )
    return () => {
      current = false
    }
    // onQuote and quote are the caller's callbacks: a new identity each render must not ask again.
  }, [payway, attempt])

  const available = PAYMENT_KINDS.filter(
    (kind) => directionsOf({ directions }, kind).length > 0
  )
  return (
    <div className={props.className ?? "piastrix-picker"}>
      <fieldset className="piastrix-kinds">
        <legend>{t.methodLegend}</legend>
        {available.length === 0 ? (
          <p className="piastrix-empty">{t.noMethods}</p>
        ) : null}
        {PAYMENT_KINDS.map((kind) => {
          const enabled = available.includes(kind)
          const hintId = `${name}-${kind}-hint`
          return (
            <label
              key={kind}
              className="piastrix-kind"
              data-kind={kind}
              data-disabled={enabled ? undefined : ""}
            >
              <input
                type="radio"
                name={name}
                value={kind}
                checked={value?.kind === kind}
                disabled={!enabled}
                aria-describedby={hintId}
                onChange={() => onChange(choiceOf(directions, kind))}
              />
              <span className="piastrix-kind-title">{t.kinds[kind].title}</span>
              <span id={hintId} className="piastrix-kind-hint">
                {enabled ? t.kinds[kind].hint : t.unavailable}
              </span>
            </label>
          )
        })}
      </fieldset>
      {value && usable.length > 1 ? (
        <label className="piastrix-field">
          <span>{t.directionLabel}</span>
          <select
            value={value.payway ?? ""}
            onChange={(e) =>
              onChange({ kind: value.kind, payway: e.target.value })
            }
          >
            {usable.map((d) => (
              <option key={d.payway} value={d.payway}>
                {directionLabel(d, t, currencyCode)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="piastrix-quote" aria-live="polite">
        {value?.kind === "wallet" ? <p>{t.quoteWallet}</p> : null}
        <QuoteLine
          state={state}
          t={t}
          currencyCode={currencyCode}
          retry={() => setAttempt((n) => n + 1)}
        />
      </div>
    </div>
  )
}

function QuoteLine({
  state,
  t,
  currencyCode,
  retry,
}: {
  state: QuoteState
  t: PiastrixTexts
  currencyCode: string
  retry(): void
}) {
  if (!state) {
    return null
  }
  if (state.loading) {
    return <p className="piastrix-muted">{t.quoteLoading}</p>
  }
  if (state.error || !state.quote) {
    // Refused for this cart (400): another direction helps; anything else may pass on a retry.
    const refused = errorStatus(state.error) === 400
    return (
      <>
        <ErrorText text={refused ? t.quoteRefused : t.quoteFailed} />
        {refused ? null : (
          <button type="button" className="piastrix-retry" onClick={retry}>
            {t.tryAgain}
          </button>
        )}
      </>
    )
  }
  const q = state.quote
  const money = (amount: string | null) =>
    formatMoney(amount, currencyCode, t.numberLocale)
  const fee =
    q.payer_fee !== null && Number(q.payer_fee) !== 0
      ? fill(t.quoteFee, { fee: money(q.payer_fee) })
      : t.quoteNoFee
  return (
    <p className="piastrix-price" data-payway={q.payway}>
      <strong>{fill(t.quotePrice, { amount: money(q.payer_price) })}</strong>{" "}
      <span className="piastrix-fee">({fee})</span>
    </p>
  )
}
