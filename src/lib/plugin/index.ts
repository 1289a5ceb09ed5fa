/**
 * The plugin's domain, below the payment provider: options, payment kinds and identifiers, payways,
 * session data and status meanings. Knows the client (`../piastrix`) and nothing of Medusa's modules;
 * the provider, the routes, the workflows and the module import it downward. No SQL of the plugin's
 * own tables: that is the module's (`modules/piastrix/repositories`); Medusa's tables are read in
 * medusa-tables.ts alone.
 */
export * from "./admin-views"
export * from "./bank-transfer"
export * from "./cart-readiness"
export * from "./client-factory"
export * from "./describe-error"
export * from "./identity"
export * from "./options"
export * from "./orphan-orders"
export * from "./payment-status"
export * from "./payways"
export * from "./session-data"
export * from "./status-map"
export * from "./sql-connection"
export * from "./inbox-orders"
export * from "./mask"
export * from "./medusa-tables"
