import { z } from "zod"
import { Clock, formatNow, systemClock } from "./clock"
import {
  CurrencyInfo,
  CurrencyOverrides,
  CurrencyRef,
  CurrencyTable,
} from "./currency"
import { PiastrixValidationError } from "./errors"
import {
  CallKind,
  PiastrixTransport,
  RetryOptions,
  TransportOptions,
} from "./http"
import { AmountInput, toWireAmountStrict } from "./money"
import { SignedEndpoint, signedFieldsOf, signRequest } from "./sign"
import { validateInput } from "./validate"

/** The service's production address (docs/service-facts.md). */
export const PIASTRIX_API_URL = "https://core.piastrix.com"

export interface PiastrixClientOptions {
  /** The shop's numeric id. */
  shopId: number
  /** The shop's secret key; only ever used to sign, never sent, logged or exposed. */
  secretKey: string
  /** {base_url}; the production address by default. */
  apiUrl?: string
  /** {h2h_url}, from the account manager; needed by `h2hData` only. */
  h2hUrl?: string
  /** Per-call timeout in milliseconds; 15 s by default. */
  timeoutMs?: number
  /** Sign `email` on `/invoice/create` and `/withdraw/create`, as the reference's table reads (off by default). */
  signEmail?: boolean
  /** Corrections and additions to the ISO 4217 table, by alpha code. */
  currencyOverrides?: CurrencyOverrides
  /** Retries of reads (creates are never retried). */
  retry?: Partial<RetryOptions>
  /** Source of the signed `now` field; the system clock by default. */
  now?: Clock
  /** Transport internals, for tests and unusual networks (sleep, jitter, a proxy, agents: docs/client.md#network). */
  transport?: Omit<TransportOptions, "timeoutMs" | "retry">
}

const optionsSchema = z.object({
  shopId: z.number().int().positive(),
  secretKey: z.string().min(1, "must not be empty"),
  apiUrl: z.url().optional(),
  h2hUrl: z.url().optional(),
  timeoutMs: z.number().int().positive().optional(),
  signEmail: z.boolean().optional(),
})

const trimSlash = (url: string) => url.replace(/\/+$/, "")

/**
 * Drops undefined values, so absent optional fields are not sent at all. Copied, not deleted in place: an
 * object with deleted keys turns into a slow dictionary for the signing and JSON that follow.
 */
function present(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const key in fields) {
    if (fields[key] !== undefined) {
      body[key] = fields[key]
    }
  }
  return body
}

/**
 * What every endpoint method shares: options, currencies, the clock, and the one path from caller
 * input to a signed request (validate, format, sign, send).
 */
export abstract class PiastrixClientCore {
  readonly shopId: number
  readonly apiUrl: string
  readonly h2hUrl?: string
  readonly currencies: CurrencyTable
  // ES private fields: invisible to JSON.stringify and util.inspect, so the secret cannot leak in a log.
  readonly #secretKey: string
  readonly #now: Clock
  readonly #signEmail: boolean
  protected readonly transport: PiastrixTransport

  constructor(options: PiastrixClientOptions) {
    const checked = validateInput(optionsSchema, options)
    this.shopId = checked.shopId
    this.#secretKey = checked.secretKey
    this.apiUrl = trimSlash(checked.apiUrl ?? PIASTRIX_API_URL)
    this.h2hUrl = checked.h2hUrl ? trimSlash(checked.h2hUrl) : undefined
    this.currencies = new CurrencyTable(options.currencyOverrides)
    this.#now = options.now ?? systemClock
    this.#signEmail = checked.signEmail ?? false
    this.transport = new PiastrixTransport({
      ...options.transport,
      timeoutMs: checked.timeoutMs,
      retry: options.retry,
    })
  }

  /**
   * Validates `input`, builds the body (amounts and currencies formatted; validation errors tied to
   * the endpoint), signs the endpoint's fields of exactly that body and sends it.
   */
  protected async call<I extends z.ZodType, R extends z.ZodType>(
    endpoint: SignedEndpoint,
    kind: CallKind,
    schemas: { input: I; result: R },
    input: unknown,
    build: (parsed: z.output<I>) => Record<string, unknown>
  ): Promise<z.output<R>> {
    let body: Record<string, unknown>
    try {
      body = present(build(validateInput(schemas.input, input, endpoint)))
      const reading = { signEmail: this.#signEmail }
      const unsignable = signedFieldsOf(endpoint, reading).find(
        (key) => body[key] === undefined
      )
      if (unsignable) {
        // Only an optional field can be absent here: `email` when signEmail makes it part of the signature.
        throw new PiastrixValidationError(
          unsignable,
          "is required: it is signed (signEmail)",
          endpoint
        )
      }
      body.sign = signRequest(endpoint, body, this.#secretKey, reading)
    } catch (error) {
      throw error instanceof PiastrixValidationError
        ? error.at(endpoint)
        : error
    }
    return this.transport.postEnvelope({
      url: `${this.apiUrl}${endpoint}`,
      endpoint,
      kind,
      body,
      schema: schemas.result,
    })
  }

  protected currency(ref: CurrencyRef, field: string): CurrencyInfo {
    return this.currencies.resolve(ref, field)
  }

  /** The currency of an optional field, or `fallback` when the caller left it out. */
  protected currencyOr(
    ref: CurrencyRef | undefined,
    field: string,
    fallback: CurrencyInfo
  ) {
    return ref === undefined ? fallback : this.currency(ref, field)
  }

  /** A caller's amount as wire text; more digits than the currency has are refused, not rounded. */
  protected amount(
    amount: AmountInput,
    currency: CurrencyInfo,
    field: string
  ): string {
    return toWireAmountStrict(amount, currency, { field })
  }

  /** The signed `now` field. */
  protected nowField(): string {
    return formatNow(this.#now())
  }
}
