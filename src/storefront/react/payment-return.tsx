"use client"
import { useEffect, useRef, useState, type ReactNode } from "react"
import type { PiastrixActions } from "../actions"
import {
  pollPaymentStatus,
  type FinalStep,
  type ReturnStep,
} from "../return-status"
import { useTexts, type TextProps } from "./common"
import { fill, type PiastrixTexts } from "./texts"

export type PaymentReturnProps = TextProps & {
  sessionId: string
  /** `completeCart` only where the page holds the session's cart: it places the order once if needed. */
  actions: Pick<PiastrixActions, "sessionStatus"> &
    Partial<Pick<PiastrixActions, "completeCart">>
  /** The payer came back through the failed address (`failed_url`). */
  cameBackFailed?: boolean
  /** A payment for an existing order (its outstanding amount): done when paid. */
  forOrder?: boolean
  /** Where "Choose another payment method" leads. */
  retryHref?: string
  /**
   * Where "Back to the store" leads, on an outcome that leaves the payer nothing to do here: the payment
   * arrived without an order (the cart changed while paying), or the store knows no such payment.
   */
  storeHref?: string
  /** The outcome, once there is one (to show the order, clear the cart cookie...). */
  onOutcome?: (step: FinalStep) => void
  /** Shown under the order's message (the order's summary). */
  children?: ReactNode
  className?: string
}

/** Title and text of a step, in the payer's words. */
export function returnMessage(
  step: ReturnStep | null,
  t: PiastrixTexts,
  cameBackFailed = false
): { title: string; text: string; tone: "ok" | "error" | "waiting" } {
  switch (step?.type) {
    case "order":
      return step.paid
        ? { title: t.returnPaidTitle, text: t.returnPaidText, tone: "ok" }
        : { title: t.returnPlacedTitle, text: t.returnAwaitingText, tone: "ok" }
    case "paid_without_order":
      return {
        title: t.returnPaidWithoutOrderTitle,
        text: t.returnPaidWithoutOrderText,
        tone: "ok",
      }
    case "failed": {
      // In the payer's words and language: the server's reason ("the service rejected the payment (status
      // rejected)") is written for the store, in English.
      const reason =
        step.state === "expired" ? t.returnExpired : t.returnFailedDefault
      return {
        title: t.returnFailedTitle,
        text: fill(t.returnFailedText, { reason }),
        tone: "error",
      }
    }
    case "not_found":
      return {
        title: t.returnNotFoundTitle,
        text: t.returnNotFoundText,
        tone: "error",
      }
    default:
      return {
        title: t.returnChecking,
        text: cameBackFailed
          ? t.returnCheckingFailedText
          : t.returnCheckingText,
        tone: "waiting",
      }
  }
}

/** The way on from a final step, if the page has one: another method after a failure, else the store. */
export function returnLink(
  step: ReturnStep | null,
  hrefs: Pick<PaymentReturnProps, "retryHref" | "storeHref">,
  t: PiastrixTexts
): { href: string; text: string; className: string } | null {
  if (step?.type === "failed" && hrefs.retryHref) {
    return {
      href: hrefs.retryHref,
      text: t.returnRetry,
      className: "piastrix-retry",
    }
  }
  if (
    (step?.type === "paid_without_order" || step?.type === "not_found") &&
    hrefs.storeHref
  ) {
    return {
      href: hrefs.storeHref,
      text: t.returnBackToStore,
      className: "piastrix-back",
    }
  }
  return null
}

/**
 * The return page's status: polls the session (never the cart's completion), completes the cart once
 * where the rule says so, and tells the payer the outcome, moving focus to it.
 */
export function PaymentReturn(props: PaymentReturnProps) {
  const { sessionId, actions, cameBackFailed, forOrder } = props
  const t = useTexts(props)
  const [step, setStep] = useState<ReturnStep | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const final =
    step !== null && step.type !== "wait" && step.type !== "complete_cart"

  useEffect(() => {
    const stop = new AbortController()
    pollPaymentStatus(() => actions.sessionStatus(sessionId), {
      completeCart: actions.completeCart,
      cameBackFailed,
      forOrder,
      signal: stop.signal,
      onStep: (s) => !stop.signal.aborted && setStep(s),
    }).then((outcome) => {
      if (outcome && !stop.signal.aborted) {
        props.onOutcome?.(outcome)
      }
    })
    return () => stop.abort()
    // One poll per session; the actions and callbacks are the caller's and may change identity.
  }, [sessionId, cameBackFailed, forOrder])

  useEffect(() => {
    if (final) {
      heading.current?.focus()
    }
  }, [final])

  const message = returnMessage(step, t, cameBackFailed)
  const link = returnLink(step, props, t)
  return (
    <section
      className={props.className ?? "piastrix-return"}
      data-state={step?.type ?? "wait"}
    >
      <div aria-live="polite">
        <h2 ref={heading} tabIndex={-1}>
          {message.title}
        </h2>
        <p className={`piastrix-${message.tone}`}>{message.text}</p>
      </div>
      {step?.type === "order" ? props.children : null}
      {link ? (
        <a className={link.className} href={link.href}>
          {link.text}
        </a>
      ) : null}
    </section>
  )
}
