import type { PaymentKind } from "./types"

/**
 * The part of `@medusajs/js-sdk`'s `Medusa` client the kit uses, written out so that any js-sdk from
 * Medusa 2.x fits (a `new Medusa({ baseUrl, publishableKey })` is one) and the kit needs no js-sdk of its own.
 */
export type StoreHeaders = Record<string, string | null>

export type StoreFetchInit = {
  method?: "GET" | "POST" | "DELETE"
  body?: Record<string, unknown> | FormData
  query?: Record<string, unknown>
  headers?: StoreHeaders
}

export interface StoreSdk {
  client: { fetch<T>(input: string, init?: StoreFetchInit): Promise<T> }
  store: {
    payment: {
      initiatePaymentSession(
        cart: { id: string; payment_collection?: { id: string } | null },
        body: { provider_id: string; data?: Record<string, unknown> },
        query?: Record<string, unknown>,
        headers?: StoreHeaders
      ): Promise<{ payment_collection: StorePaymentCollection }>
    }
  }
}

export type StorePaymentSession = {
  id: string
  provider_id: string
  data?: Record<string, unknown> | null
}

export type StorePaymentCollection = {
  id: string
  status?: string
  payment_sessions?: StorePaymentSession[] | null
}

/** Per call: the headers a storefront adds (Medusa's starter passes the customer's auth headers). */
export type CallOptions = { headers?: StoreHeaders }

/** `pp_<identifier>_<id>`: the id under which a store registers the plugin (medusa-config) is `piastrix`. */
const IDENTIFIERS = {
  wallet: "piastrix-wallet",
  redirect: "piastrix",
  card: "piastrix-card",
  bank_transfer: "piastrix-bank-transfer",
} as const satisfies Record<PaymentKind, string>

export const PAYMENT_KINDS = Object.keys(IDENTIFIERS) as PaymentKind[]

/** The Medusa provider id of a kind: `providerId("card")` is `pp_piastrix-card_piastrix`. */
export function providerId(kind: PaymentKind, registeredAs = "piastrix") {
  return `pp_${IDENTIFIERS[kind]}_${registeredAs}`
}

/** The HTTP status of a failed store call (js-sdk's `FetchError`), when it has one. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}

/**
 * Pauses before a call again after Medusa answered 409 `conflict`: another request held what this one needed
 * (a cart's lock, a product's stock lock, the payment collection another start was using) and nothing was done.
 */
export const CONFLICT_RETRY_MS = [1_000, 2_000, 4_000]

const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs `call`, and again after each pause of `pausesMs` while it is answered 409 `conflict`; any other failure,
 * or a conflict left after them, is thrown as the js-sdk threw it.
 */
export async function againAfterConflict<T>(
  call: () => Promise<T>,
  pausesMs: number[] = CONFLICT_RETRY_MS
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      if (errorStatus(error) !== 409 || attempt >= pausesMs.length) {
        throw error
      }
      await sleep(pausesMs[attempt])
    }
  }
}
