import {
  againAfterConflict,
  CONFLICT_RETRY_MS,
  providerId,
  type CallOptions,
  type StoreSdk,
} from "./sdk"
import {
  sessionData,
  startedIn,
  type PaymentInput,
  type StartedPayment,
} from "./started-payment"
import type {
  CardFormToken,
  Direction,
  DirectionsAnswer,
  PaymentKind,
  Quote,
  ReceiptAccepted,
  ReceiptStatusAnswer,
  RequisitesAnswer,
  SessionStatus,
} from "./types"

/** The plugin's store routes and Medusa's own payment calls, one function each, over a js-sdk client. */

const piastrix = "/store/piastrix"
const path = (id: string) => encodeURIComponent(id)

/** The directions that can pay the cart, per kind, with their limits (the price is `quote`'s). */
export function listDirections(
  sdk: StoreSdk,
  cartId: string,
  { headers, kind }: CallOptions & { kind?: PaymentKind } = {}
): Promise<DirectionsAnswer> {
  return sdk.client.fetch(`${piastrix}/directions`, {
    query: kind ? { cart_id: cartId, kind } : { cart_id: cartId },
    headers,
  })
}

/** What the payer pays with `payway`, fee included; creates nothing at the service. */
export function quote(
  sdk: StoreSdk,
  cartId: string,
  payway: string,
  { headers }: CallOptions = {}
): Promise<Quote> {
  return sdk.client.fetch(`${piastrix}/quote`, {
    method: "POST",
    body: { cart_id: cartId, payway },
    headers,
  })
}

/** The directions of one kind, the store's default first. */
export function directionsOf(
  answer: Pick<DirectionsAnswer, "directions"> | null | undefined,
  kind: PaymentKind
): Direction[] {
  const list = answer?.directions?.[kind] ?? []
  return [...list].sort((a, b) => Number(b.is_default) - Number(a.is_default))
}

/**
 * Starts a payment of `input.kind` for the cart through Medusa's `initiatePaymentSession` (a new session
 * replaces the cart's earlier one). `registeredAs`: the provider id the store gave the plugin, if not `piastrix`.
 * After a 409 `conflict` it starts again (`conflictRetryMs`, as `completeCart`).
 */
export async function startPayment(
  sdk: StoreSdk,
  cart: { id: string; payment_collection?: { id: string } | null },
  input: PaymentInput,
  {
    headers,
    registeredAs,
    conflictRetryMs = CONFLICT_RETRY_MS,
  }: CallOptions & { registeredAs?: string; conflictRetryMs?: number[] } = {}
): Promise<StartedPayment> {
  // Nothing to add (no payway, e-mail or return address): Medusa's starter's own call, without `data`.
  const data = sessionData(input)
  const provider_id = providerId(input.kind, registeredAs)
  // A 409: another start of the cart's payment was still running (a second click) and this one started nothing.
  const { payment_collection } = await againAfterConflict(
    () =>
      sdk.store.payment.initiatePaymentSession(
        cart,
        Object.keys(data).length ? { provider_id, data } : { provider_id },
        {},
        headers
      ),
    conflictRetryMs
  )
  return startedIn(payment_collection, input.kind, registeredAs)
}

/** The card form's token for a card payment's session. */
export function cardForm(
  sdk: StoreSdk,
  sessionId: string,
  { headers }: CallOptions = {}
): Promise<CardFormToken> {
  return sdk.client.fetch(`${piastrix}/card-form`, {
    method: "POST",
    body: { session_id: sessionId },
    headers,
  })
}

/** A bank transfer's requisites; `ready: false` until the service assigned them. */
export function requisites(
  sdk: StoreSdk,
  sessionId: string,
  { headers }: CallOptions = {}
): Promise<RequisitesAnswer> {
  return sdk.client.fetch(
    `${piastrix}/sessions/${path(sessionId)}/requisites`,
    {
      headers,
    }
  )
}

/**
 * Files the payer's transfer receipt: a file (JPEG, PNG, PDF, WebP or HEIF, at most 10 MB), or a
 * FormData with it in `file` (as a form or a server action receives it).
 */
export function uploadReceipt(
  sdk: StoreSdk,
  sessionId: string,
  file: Blob | FormData,
  { headers }: CallOptions = {}
): Promise<ReceiptAccepted> {
  let form = file as FormData
  if (!(file instanceof FormData)) {
    form = new FormData()
    form.append("file", file)
  }
  return sdk.client.fetch(`${piastrix}/sessions/${path(sessionId)}/receipt`, {
    method: "POST",
    body: form,
    // js-sdk sends JSON by default; without a content type, fetch writes the multipart boundary.
    headers: { ...headers, "content-type": null },
  })
}

export function receiptStatus(
  sdk: StoreSdk,
  sessionId: string,
  { headers }: CallOptions = {}
): Promise<ReceiptStatusAnswer> {
  return sdk.client.fetch(
    `${piastrix}/sessions/${path(sessionId)}/receipt-status`,
    { headers }
  )
}

/**
 * Where the payment stands, from Medusa's records (no call to the service). With the session's own
 * `cartId`, the answer names the order (`order_id`); without, it says `order_placed` only.
 */
export function sessionStatus(
  sdk: StoreSdk,
  sessionId: string,
  { headers, cartId }: CallOptions & { cartId?: string } = {}
): Promise<SessionStatus> {
  return sdk.client.fetch(`${piastrix}/sessions/${path(sessionId)}/status`, {
    query: cartId ? { cart_id: cartId } : {},
    headers,
  })
}

/** The outcome of Medusa's `POST /store/carts/:id/complete`: the order's id, or why there is none. */
export type CartCompletion =
  { order_id: string; error: null } | { order_id: null; error: string }

/** Pauses before completing again after a 409 `conflict` (`againAfterConflict`). */
export const COMPLETION_CONFLICT_RETRY_MS = CONFLICT_RETRY_MS

/**
 * Places the order (once: every failed completion uses up an order number). A 409 `conflict` placed
 * nothing: another request held a lock the completion needed (the cart's, or the stock of a product many
 * carts buy at once, which Medusa waits 5 s for) and Medusa rolled the attempt back, so it is tried again
 * after each pause of `conflictRetryMs`; any other failure, or a conflict left after them, is thrown as the
 * js-sdk threw it.
 */
export async function completeCart(
  sdk: StoreSdk,
  cartId: string,
  {
    headers,
    conflictRetryMs = COMPLETION_CONFLICT_RETRY_MS,
  }: CallOptions & { conflictRetryMs?: number[] } = {}
): Promise<CartCompletion> {
  return againAfterConflict(
    () => completeOnce(sdk, cartId, headers),
    conflictRetryMs
  )
}

async function completeOnce(
  sdk: StoreSdk,
  cartId: string,
  headers: CallOptions["headers"]
): Promise<CartCompletion> {
  const res = await sdk.client.fetch<
    | { type: "order"; order: { id: string } }
    | { type: "cart"; error?: { message?: string } | string }
  >(`/store/carts/${path(cartId)}/complete`, { method: "POST", headers })
  if (res.type === "order") {
    return { order_id: res.order.id, error: null }
  }
  const error = res.error
  return {
    order_id: null,
    error:
      (typeof error === "string" ? error : error?.message) || "not completed",
  }
}

/** When to ask for requisites again: at the answer's `next_check_at`, within 1 to 15 s. */
export function requisitesRetryMs(
  answer: Pick<RequisitesAnswer, "next_check_at"> | null,
  now = Date.now()
): number {
  const at = answer ? Date.parse(answer.next_check_at) : NaN
  const wait = Number.isNaN(at) ? 10_000 : at - now
  return Math.min(15_000, Math.max(1_000, wait))
}
