import { providerId, type StorePaymentCollection } from "./sdk"
import type { NextAction, PaymentKind } from "./types"

/** What starting a payment takes and gives, for a cart (payments.ts) and for an order (order-payment.ts). */

/** What the storefront may pass when it starts a payment (everything optional; the cart's e-mail is used). */
export type PaymentInput = {
  kind: PaymentKind
  /** One of the kind's directions; optional where the store names a default or only one fits. */
  payway?: string
  email?: string
  /** Return addresses; `{session_id}` is replaced with the session's id. Default: the store's options. */
  success_url?: string
  failed_url?: string
  /** Wallet only: the payer's wallet and the currency to pay in. */
  payer_account?: string
  payer_currency?: string | number
  description?: string
}

/** A started Piastrix payment: what the storefront needs to send the payer on. */
export type StartedPayment = {
  session_id: string
  provider_id: string
  kind: PaymentKind
  payment_collection_id: string
  next_action: NextAction
  /** The session's amount as sent to Piastrix (decimal string) and the shop currency. */
  amount: string
  currency_code: string
}

export function startedIn(
  collection: StorePaymentCollection,
  kind: PaymentKind,
  registeredAs?: string
): StartedPayment {
  const id = providerId(kind, registeredAs)
  const session = collection.payment_sessions?.find((s) => s.provider_id === id)
  if (!session) {
    throw new Error(
      `payment collection ${collection.id} has no ${id} session after starting one`
    )
  }
  const data = session.data ?? {}
  return {
    session_id: session.id,
    provider_id: id,
    kind,
    payment_collection_id: collection.id,
    next_action: (data.next_action as NextAction | undefined) ?? null,
    amount: String(data.amount ?? ""),
    currency_code: String(data.currency_code ?? ""),
  }
}

export function sessionData({ kind: _kind, ...data }: PaymentInput) {
  return Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== undefined && v !== "")
  )
}
