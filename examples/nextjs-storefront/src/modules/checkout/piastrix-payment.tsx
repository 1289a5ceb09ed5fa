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
}: {
  directions: DirectionsAnswer
  locale: PiastrixLocale
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
      cardNote="Sandbox: any valid test card such as 4242 4242 4242 4242, a future expiry, any CVV; 3-D Secure code 123456 pays, any other code fails."
    />
  )
}
