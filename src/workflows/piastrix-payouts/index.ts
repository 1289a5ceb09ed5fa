export * from "./accrue-piastrix-fulfillment"
export * from "./reverse-piastrix-accruals"
export * from "./accrue-lost-fulfillments"
export * from "./reverse-piastrix-returns"
