export * from "./accrue-piastrix-fulfillment"
