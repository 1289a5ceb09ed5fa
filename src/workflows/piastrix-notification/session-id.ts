/**
 * Whether an order number could be a Medusa payment session id (`payses_` + ULID). The plugin sends
 * the session id as `shop_order_id`; anything else comes from another integration on the same shop.
 */
export function looksLikePaymentSessionId(shopOrderId: string): boolean {
  return /^payses_[0-9A-Za-z]{10,40}$/.test(shopOrderId)
}

/** Provider ids of this plugin start with this (pp_piastrix_piastrix, pp_piastrix-card_piastrix, ...). */
export const PIASTRIX_PROVIDER_PREFIX = "pp_piastrix"
