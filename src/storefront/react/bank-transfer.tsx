"use client"
import { useEffect, useRef, useState, type FormEvent } from "react"
import type { PiastrixActions } from "../actions"
import { requisitesRetryMs } from "../payments"
import type { Requisites, RequisitesAnswer } from "../types"
import { detailOf, ErrorText, useTexts, type TextProps } from "./common"
import { formatMoney, type PiastrixTexts } from "./texts"

const RECEIPT_TYPES =
  "image/jpeg,image/png,image/webp,image/heif,application/pdf"

/** The requisites as label and value, in the order a payer reads them; empty ones left out. */
export function requisiteRows(
  r: Requisites,
  t: PiastrixTexts,
  currencyCode: string
): Array<[label: string, value: string]> {
  const currency =
    r.currency && /^[a-z]{3}$/i.test(r.currency) ? r.currency : currencyCode
  const money = (amount: string | null | undefined) =>
    formatMoney(amount, currency, t.numberLocale)
  const expired =
    // Unix seconds, with a fraction as the service sends it ("1795724741.460000").
    r.expired && /^\d+(\.\d+)?$/.test(r.expired)
      ? new Date(Number(r.expired) * 1000).toLocaleString(t.numberLocale)
      : r.expired
  const rows: Array<[string, string | null | undefined]> = [
    [t.requisites.amount, money(r.amount)],
    [t.requisites.suggested_amount, money(r.suggested_amount)],
    [t.requisites.card, r.card],
    [t.requisites.phone, r.phone],
    [t.requisites.bank, r.bank],
    [t.requisites.card_holder_name, r.card_holder_name],
    [t.requisites.qr_caption, r.qr_caption],
    [t.requisites.qr_data, r.qr_data || r.url],
    [t.requisites.expired, expired],
  ]
  return rows.filter((row): row is [string, string] => !!row[1])
}

export type BankTransferProps = TextProps & {
  sessionId: string
  actions: Pick<
    PiastrixActions,
    "requisites" | "uploadReceipt" | "receiptStatus" | "completeCart"
  >
  /** The shop currency, for the amounts (the requisites may name their own). */
  currencyCode: string
  /** The order is placed (its payment awaits the transfer): go to the return page. */
  onOrderPlaced(orderId: string): void
  className?: string
}

/**
 * A bank transfer: waits for Piastrix to assign the requisites, shows them, takes the receipt, and
 * places the order when the payer says the transfer was sent.
 */
export function BankTransfer(props: BankTransferProps) {
  const { sessionId, actions, currencyCode } = props
  const t = useTexts(props)
  const [answer, setAnswer] = useState<RequisitesAnswer | null>(null)
  const [error, setError] = useState<unknown>(null)
  const heading = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    let current = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = () =>
      actions.requisites(sessionId).then(
        (res) => {
          if (!current) {
            return
          }
          setAnswer(res)
          if (!res.ready) {
            timer = setTimeout(ask, requisitesRetryMs(res))
          }
        },
        (err: unknown) => current && setError(err)
      )
    setAnswer(null)
    setError(null)
    ask()
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [sessionId])

  const ready = !!answer?.ready && !!answer.requisites
  useEffect(() => {
    if (ready) {
      heading.current?.focus()
    }
  }, [ready])

  if (error) {
    return <ErrorText text={t.bankFailed} detail={detailOf(error)} />
  }
  if (!ready) {
    return (
      <p className="piastrix-muted" aria-live="polite">
        {t.bankWaiting}
      </p>
    )
  }
  return (
    <div className={props.className ?? "piastrix-bank-transfer"}>
      <p ref={heading} tabIndex={-1}>
        {t.bankIntro}
      </p>
      <dl className="piastrix-requisites">
        {requisiteRows(answer!.requisites!, t, currencyCode).map(
          ([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          )
        )}
      </dl>
      <ReceiptUpload sessionId={sessionId} actions={actions} t={t} />
      <TransferSent
        actions={actions}
        t={t}
        onOrderPlaced={props.onOrderPlaced}
      />
    </div>
  )
}

/** What Piastrix made of the receipt, in the payer's words (its status codes are for the store). */
function receiptWords(status: string | null, t: PiastrixTexts): string {
  return status && Object.prototype.hasOwnProperty.call(t.receiptStatus, status)
    ? t.receiptStatus[status as keyof PiastrixTexts["receiptStatus"]]
    : t.receiptUploaded
}

function ReceiptUpload({
  sessionId,
  actions,
  t,
}: {
  sessionId: string
  actions: BankTransferProps["actions"]
  t: PiastrixTexts
}) {
  const [state, setState] = useState<
    | { type: "idle" | "uploading" }
    | { type: "done"; status: string | null }
    | { type: "error"; text: string; detail: string | null }
  >({ type: "idle" })

  async function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const file = form.get("file")
    if (!(file instanceof Blob) || file.size === 0) {
      setState({ type: "error", text: t.receiptChoose, detail: null })
      return
    }
    setState({ type: "uploading" })
    try {
      await actions.uploadReceipt(sessionId, form)
      const reviews = await actions
        .receiptStatus(sessionId)
        .then((r) => r.receipts)
        .catch(() => [])
      setState({
        type: "done",
        status: reviews[reviews.length - 1]?.status ?? null,
      })
    } catch (err) {
      setState({ type: "error", text: t.receiptRefused, detail: detailOf(err) })
    }
  }

  return (
    <form className="piastrix-receipt" onSubmit={upload}>
      <label className="piastrix-field">
        <span>{t.receiptLabel}</span>
        <input type="file" name="file" accept={RECEIPT_TYPES} />
      </label>
      <button type="submit" disabled={state.type === "uploading"}>
        {t.receiptUpload}
      </button>
      <div aria-live="polite" className="piastrix-status">
        {state.type === "uploading" ? <p>{t.receiptUploading}</p> : null}
        {state.type === "done" ? (
          <p
            className={
              state.status === "rejected" ? "piastrix-error" : "piastrix-ok"
            }
          >
            {receiptWords(state.status, t)}
          </p>
        ) : null}
      </div>
      {state.type === "error" ? (
        <ErrorText text={state.text} detail={state.detail} />
      ) : null}
    </form>
  )
}

function TransferSent({
  actions,
  t,
  onOrderPlaced,
}: {
  actions: BankTransferProps["actions"]
  t: PiastrixTexts
  onOrderPlaced(orderId: string): void
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null | undefined>(undefined)

  async function place() {
    setBusy(true)
    setError(undefined)
    try {
      // The bank-transfer payment is "pending authorization": the order exists while the money travels.
      const completion = await actions.completeCart()
      if (completion.order_id) {
        onOrderPlaced(completion.order_id)
        return
      }
      setError(completion.error)
    } catch (err) {
      setError(detailOf(err))
    }
    setBusy(false)
  }

  return (
    <div className="piastrix-transfer-sent">
      <button
        type="button"
        className="piastrix-pay"
        disabled={busy}
        aria-busy={busy}
        onClick={place}
      >
        {t.transferSent}
      </button>
      <div aria-live="polite" className="piastrix-status">
        {busy ? <p>{t.placingOrder}</p> : null}
      </div>
      {error !== undefined ? (
        <ErrorText text={t.orderFailed} detail={error} />
      ) : null}
    </div>
  )
}
