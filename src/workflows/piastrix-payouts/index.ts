export * from "./accrue-piastrix-fulfillment"
export * from "./reverse-piastrix-accruals"
