/**
 * The storefront kit's React components (client components; React 18 or 19). Unstyled: every element
 * carries a `piastrix-...` class. Texts in English and Russian (`locale`), any of them overridable (`texts`).
 */
export {
  BankTransfer,
  requisiteRows,
  type BankTransferProps,
} from "./bank-transfer"
export { CardForm, type CardFormProps } from "./card-form"
export { PiastrixCheckout, type PiastrixCheckoutProps } from "./checkout"
export type { TextProps } from "./common"
export {
  choiceOf,
  directionLabel,
  DirectionPicker,
  type DirectionPickerProps,
  type PaymentChoice,
} from "./direction-picker"
export {
  PaymentReturn,
  returnLink,
  returnMessage,
  type PaymentReturnProps,
} from "./payment-return"
export { PlaceOrderButton, type PlaceOrderButtonProps } from "./place-order"
export {
  fill,
  formatMoney,
  piastrixTexts,
  resolveTexts,
  type PiastrixLocale,
  type PiastrixTexts,
  type TextOverrides,
} from "./texts"
