export * from "./piastrix-notification"
export * from "./piastrix-reconcile"
