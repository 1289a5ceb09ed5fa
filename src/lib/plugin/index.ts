/**
 * The plugin's domain, below the payment provider: options, payment kinds and identifiers, payways,
 * session data and status meanings. Knows the client (`../piastrix`) and nothing of Medusa's modules;
 * the provider, the routes, the workflows and the module import it downward.
 */
export * from "./admin-views"
export * from "./attempt-limit"
export * from "./bank-transfer"
export * from "./carried-payment"
export * from "./cart-readiness"
export * from "./client-factory"
export * from "./describe-error"
export * from "./directions-cache"
export * from "./identity"
export * from "./options"
export * from "./orphan-orders"
export * from "./payment-register"
export * from "./payment-status"
export * from "./payways"
export * from "./poll-store"
export * from "./refund-register"
export * from "./refund-transfer"
export * from "./session-data"
export * from "./settings"
export * from "./status-map"
export * from "./inbox"
export * from "./inbox-refund"
export * from "./mask"
export * from "./order-payments"
