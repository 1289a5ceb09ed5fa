/**
 * The storefront kit, framework-free: typed helpers over `@medusajs/js-sdk` for every step of a
 * Piastrix checkout (docs/storefront.md, "The storefront kit"). React components: `./react`.
 */
export * from "./types"
export {
  errorStatus,
  PAYMENT_KINDS,
  providerId,
  type CallOptions,
  type StoreFetchInit,
  type StoreHeaders,
  type StoreSdk,
} from "./sdk"
export * from "./payments"
export * from "./order-payment"
export type { PaymentInput, StartedPayment } from "./started-payment"
export * from "./actions"
export * from "./next-action"
export * from "./return-status"
