import { z } from "zod"

/**
 * Who is who in this plugin: the four payment kinds, the provider identifier of each (Medusa names a
 * provider `pp_<identifier>_<id>`), and what a payment session id looks like. The one home of these
 * facts; the provider's services, the routes and the workflows read them from here.
 */

export const PAYMENT_KINDS = [
  "wallet",
  "redirect",
  "card",
  "bank_transfer",
] as const
export const paymentKindSchema = z.enum(PAYMENT_KINDS)
export type PaymentKind = z.infer<typeof paymentKindSchema>

/** The `static identifier` of each kind's payment service. */
export const PROVIDER_IDENTIFIERS = {
  wallet: "piastrix-wallet",
  redirect: "piastrix",
  card: "piastrix-card",
  bank_transfer: "piastrix-bank-transfer",
} as const satisfies Record<PaymentKind, string>

/** How a store owner and a payer call each kind. */
export const KIND_LABELS: Record<PaymentKind, string> = {
  wallet: "Piastrix wallet",
  redirect: "Piastrix (card or another method)",
  card: "Piastrix card",
  bank_transfer: "Piastrix bank transfer",
}

const PROVIDER_ID = /^pp_(piastrix(?:-wallet|-card|-bank-transfer)?)_/

/** The kind behind a Medusa provider id, or undefined when it is not one of this plugin's providers. */
export function kindOfProviderId(
  providerId: string | null | undefined
): PaymentKind | undefined {
  const identifier = PROVIDER_ID.exec(providerId ?? "")?.[1]
  return PAYMENT_KINDS.find((kind) => PROVIDER_IDENTIFIERS[kind] === identifier)
}

/** Whether a Medusa provider id is one of this plugin's (whatever id the store registered it under). */
export function isPiastrixProviderId(
  providerId: string | null | undefined
): boolean {
  return kindOfProviderId(providerId) !== undefined
}

/**
 * Medusa payment session ids: `payses_` and a ULID. The plugin sends the session id as the service's
 * `shop_order_id`, so this also tells our orders from those of another integration on the same shop.
 */
const PAYMENT_SESSION_ID = /^payses_[0-9A-Za-z]{1,100}$/

export function isPaymentSessionId(
  value: string | null | undefined
): value is string {
  return typeof value === "string" && PAYMENT_SESSION_ID.test(value)
}

/** Where the service tells a payment's status: wallet payments and the other kinds differ. */
export function statusEndpointOf(
  kind: PaymentKind
): "/bill/shop_order_status" | "/invoice/check" {
  return kind === "wallet" ? "/bill/shop_order_status" : "/invoice/check"
}
