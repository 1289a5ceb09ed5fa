export * from "./piastrix-notification"
export * from "./piastrix-reconcile"
export * from "./piastrix-payouts"
export * from "./piastrix-inbox"
