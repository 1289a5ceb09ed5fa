"use client"
import type { DirectionsAnswer } from "medusa-payment-piastrix/storefront"
import {
  PiastrixCheckout,
  type PiastrixLocale,
} from "medusa-payment-piastrix/storefront/react"
import { useRouter } from "next/navigation"
import * as actions from "@/lib/data/piastrix"

/**
 * The payment step: the kit's picker, place-order button, card form and bank transfer, with the
 * server actions of lib/data/piastrix.ts. Wallet and redirect payments leave for Piastrix's page and come
 * back to /checkout/return (the plugin's `successUrl`/`failedUrl`); a bank transfer places the order here.
 */
export function PiastrixPayment({
  directions,
  locale,
  cardNote,
}: {
  directions: DirectionsAnswer
  locale: PiastrixLocale
  /** Under the card form: the sandbox's test card, in the payer's language (src/lib/texts.ts). */
  cardNote: string
}) {
  const router = useRouter()
  return (
    <PiastrixCheckout
      directions={directions}
      actions={actions}
      locale={locale}
      onOrderPlaced={async (orderId) => {
        await actions.forgetCart()
        router.push(`/order/${orderId}/confirmed`)
      }}
      cardNote={cardNote}
    />
  )
}
