/**
 * What a store imports from the package root: the options type for `medusa-config.ts` and the payment
 * kinds with their provider identifiers. Medusa itself loads the plugin through its folders, not this file.
 */
export type { PiastrixOptionsInput as PiastrixPluginOptions } from "./lib/plugin/options"
export {
  PAYMENT_KINDS,
  PROVIDER_IDENTIFIERS,
  type PaymentKind,
} from "./lib/plugin/identity"
