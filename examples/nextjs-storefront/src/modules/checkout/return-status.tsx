"use client"
import {
  PaymentReturn,
  type PiastrixLocale,
} from "medusa-payment-piastrix/storefront/react"
import { useRouter } from "next/navigation"
import { completeCart, forgetCart, sessionStatus } from "@/lib/data/piastrix"

/**
 * The kit's return page: it polls the session (never the cart's completion), completes the cart once when
 * the rule says so, and tells the outcome; an order goes on to its confirmation page.
 */
export function ReturnStatus({
  sessionId,
  cameBackFailed,
  locale,
}: {
  sessionId: string
  cameBackFailed: boolean
  locale: PiastrixLocale
}) {
  const router = useRouter()
  return (
    <PaymentReturn
      sessionId={sessionId}
      cameBackFailed={cameBackFailed}
      locale={locale}
      actions={{ sessionStatus, completeCart }}
      retryHref="/checkout"
      storeHref="/"
      onOutcome={async (step) => {
        if (step.type === "order" && step.order_id) {
          await forgetCart()
          router.replace(`/order/${step.order_id}/confirmed`)
        }
      }}
    />
  )
}
