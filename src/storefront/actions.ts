import type { CallOptions, StoreSdk } from "./sdk"
import * as store from "./payments"
import type { PaymentInput, StartedPayment } from "./started-payment"
import type {
  CardFormToken,
  Quote,
  ReceiptAccepted,
  ReceiptStatusAnswer,
  RequisitesAnswer,
  SessionStatus,
} from "./types"

/**
 * Everything a checkout does for one cart, as plain async functions: what the React components take.
 * `piastrixActions(sdk, ...)` builds them over a browser js-sdk client; a Next.js store can instead pass
 * server actions of the same shape (each one a "use server" function calling the helper of the same name).
 */
export type PiastrixActions = {
  quote(payway: string): Promise<Quote>
  startPayment(input: PaymentInput): Promise<StartedPayment>
  cardForm(sessionId: string): Promise<CardFormToken>
  requisites(sessionId: string): Promise<RequisitesAnswer>
  /** `form` holds the receipt in `file`. */
  uploadReceipt(sessionId: string, form: FormData): Promise<ReceiptAccepted>
  receiptStatus(sessionId: string): Promise<ReceiptStatusAnswer>
  sessionStatus(sessionId: string): Promise<SessionStatus>
  completeCart(): Promise<store.CartCompletion>
}

export function piastrixActions(
  sdk: StoreSdk,
  {
    cart,
    headers,
    registeredAs,
  }: CallOptions & {
    cart: { id: string; payment_collection?: { id: string } | null }
    registeredAs?: string
  }
): PiastrixActions {
  const call = { headers }
  return {
    quote: (payway) => store.quote(sdk, cart.id, payway, call),
    startPayment: (input) =>
      store.startPayment(sdk, cart, input, { headers, registeredAs }),
    cardForm: (id) => store.cardForm(sdk, id, call),
    requisites: (id) => store.requisites(sdk, id, call),
    uploadReceipt: (id, form) => store.uploadReceipt(sdk, id, form, call),
    receiptStatus: (id) => store.receiptStatus(sdk, id, call),
    sessionStatus: (id) =>
      store.sessionStatus(sdk, id, { headers, cartId: cart.id }),
    completeCart: () => store.completeCart(sdk, cart.id, call),
  }
}
