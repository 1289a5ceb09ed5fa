// Only the envelope and the wire readers of common.ts are public: its other building blocks
// (email, url, description...) are too generic to sit at the top of the package.
export {
  envelopeOf,
  envelopeSchema,
  wireDecimal,
  wireInt,
  wireString,
} from "./common"
export type { Envelope } from "./common"
export * from "./invoice"
export * from "./h2h"
export * from "./receipt"
export * from "./bill"
export * from "./withdraw"
export * from "./transfer"
export * from "./shop"
